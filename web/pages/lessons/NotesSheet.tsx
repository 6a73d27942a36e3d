import { Alert, Badge, Button, Group, NumberInput, Stack, Table, Text } from "@mantine/core";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type LessonDetail, useSaveNotes } from "../../api/lessons";
import { toast, useUnsavedChanges } from "../../components";

type Draft = Map<number, number | string>;
/** What an input holds, as a note: null when empty, NaN when it is not a number yet ("15,"). */
const noteOf = (v: number | string | undefined): number | null => {
  if (v === undefined || v === "") return null;
  return typeof v === "number" ? v : Number(v.replace(",", "."));
};
const outOfRange = (n: number | null) => n !== null && (Number.isNaN(n) || n < 0 || n > 20);
const fromServer = (lesson: LessonDetail): Draft => new Map(lesson.students.map((s) => [s.id, s.note ?? ""]));

/**
 * Notes (0–20) of an evaluated lesson: one input per student, Enter or the arrows move to the next one,
 * "Guardar" sends the changed notes in one request. Students failed by absences cannot be edited (the
 * server skips them too and says so).
 */
export function NotesSheet({ lesson }: { lesson: LessonDetail }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => fromServer(lesson));
  const [skipped, setSkipped] = useState<string | null>(null);
  const save = useSaveNotes();
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => setDraft(fromServer(lesson)), [lesson]);

  const changed = lesson.students.filter((s) => noteOf(draft.get(s.id)) !== s.note);
  const unsaved = useUnsavedChanges(changed.length > 0);
  const invalid = changed.some((s) => outOfRange(noteOf(draft.get(s.id))));

  const move = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowDown" || event.key === "Enter" ? 1 : event.key === "ArrowUp" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    // Students failed by absences have no input: skip them.
    for (let i = index + step; i >= 0 && i < inputs.current.length; i += step) {
      const input = inputs.current[i];
      if (input) {
        input.focus();
        return;
      }
    }
  };

  const submit = async () => {
    const result = await save.mutateAsync({
      id: lesson.id,
      students: changed.map((s) => {
        return { student_id: s.id, note: noteOf(draft.get(s.id)) };
      }),
      // The version the notes were read from: a save by someone else meanwhile is refused, and reloads them.
      version: lesson.version,
    });
    setSkipped(result.message ?? null);
    if (!result.message) toast.success(t("lessons.notes.saved"));
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t("lessons.notes.help", { weight: lesson.weight })}
      </Text>
      {skipped ? (
        <Alert color="yellow" role="alert" title={t("lessons.notes.skippedTitle")}>
          {skipped}
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t("lessons.fields.student")}</Table.Th>
              <Table.Th>{t("lessons.fields.identityDocument")}</Table.Th>
              <Table.Th>{t("lessons.fields.note")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lesson.students.map((s, index) => {
              const name = `${s.last_name}, ${s.first_name}`;
              return (
                <Table.Tr key={s.id}>
                  <Table.Td>{index + 1}</Table.Td>
                  <Table.Td>{name}</Table.Td>
                  <Table.Td>{s.identity_document}</Table.Td>
                  <Table.Td>
                    {s.failed_by_delay ? (
                      <Badge color="red.9" variant="outline">
                        {t("lessons.attendance.failed")}
                      </Badge>
                    ) : (
                      <NumberInput
                        ref={(el) => {
                          inputs.current[index] = el;
                        }}
                        aria-label={t("lessons.notes.noteOf", { name })}
                        min={0}
                        max={20}
                        decimalScale={2}
                        decimalSeparator=","
                        hideControls
                        w={90}
                        value={draft.get(s.id) ?? ""}
                        error={outOfRange(noteOf(draft.get(s.id))) ? t("lessons.notes.range") : undefined}
                        onChange={(v) => setDraft((prev) => new Map(prev).set(s.id, v))}
                        onKeyDown={(e) => move(e, index)}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button
          onClick={() => void submit().catch(() => {})}
          loading={save.isPending}
          disabled={changed.length === 0 || invalid}
        >
          {t("lessons.notes.save")}
        </Button>
      </Group>
      {unsaved.dialog}
    </Stack>
  );
}
