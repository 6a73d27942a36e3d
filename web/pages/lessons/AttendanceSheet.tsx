import { Badge, Button, Group, Paper, Stack, Table, Text } from "@mantine/core";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type Attendance, type LessonDetail, useRegisterAttendance } from "../../api/lessons";
import { toast, useUnsavedChanges } from "../../components";

/** Attendance of every student, as the server has it. */
const fromServer = (lesson: LessonDetail) =>
  new Map<number, Attendance>(lesson.students.map((s) => [s.id, s.attendance]));

/**
 * The attendance of a lesson on one screen, made for a teacher with 35 students and one minute: everyone
 * starts present; one key or click per student marks absent (A) or delayed (R), P puts them back; the
 * arrows move between students and a mark moves on to the next one. The counts follow live, and "Guardar"
 * sends the whole list in one request. Leaving with unsaved marks asks first.
 */
export function AttendanceSheet({ lesson }: { lesson: LessonDetail }) {
  const { t } = useTranslation();
  const [marks, setMarks] = useState(() => fromServer(lesson));
  const register = useRegisterAttendance();
  const rows = useRef<(HTMLButtonElement | null)[]>([]);

  // A fresh answer from the server (after a save, or another lesson) resets the marks.
  useEffect(() => setMarks(fromServer(lesson)), [lesson]);

  const dirty = lesson.students.some((s) => (marks.get(s.id) ?? "present") !== s.attendance);
  const unsaved = useUnsavedChanges(dirty);

  const counts = useMemo(() => {
    const c = { present: 0, absent: 0, delayed: 0 };
    for (const s of lesson.students) c[marks.get(s.id) ?? "present"] += 1;
    return c;
  }, [marks, lesson.students]);

  const set = (studentId: number, attendance: Attendance) =>
    setMarks((prev) => new Map(prev).set(studentId, attendance));
  const toggle = (studentId: number, attendance: Attendance) =>
    set(studentId, (marks.get(studentId) ?? "present") === attendance ? "present" : attendance);
  const focusRow = (index: number) =>
    rows.current[Math.max(0, Math.min(index, lesson.students.length - 1))]?.focus();

  const onKeyDown = (event: KeyboardEvent, index: number, studentId: number) => {
    const key = event.key.toLowerCase();
    const mark: Attendance | undefined =
      key === "a" ? "absent" : key === "r" ? "delayed" : key === "p" ? "present" : undefined;
    if (mark) {
      event.preventDefault();
      set(studentId, mark);
      focusRow(index + 1);
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      focusRow(index + 1);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      focusRow(index - 1);
    }
  };

  const save = async () => {
    const students = lesson.students
      .map((s) => ({ student_id: s.id, attendance: marks.get(s.id) ?? ("present" as Attendance) }))
      .filter((s) => s.attendance !== "present");
    // The version the marks were read from: a save by someone else meanwhile is refused, and reloads them.
    await register.mutateAsync({ id: lesson.id, students, version: lesson.version });
    toast.success(t("lessons.attendance.saved"));
  };

  const label = (a: Attendance) => t(`lessons.attendance.${a}`);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" id="attendance-help">
        {t("lessons.attendance.help")}
      </Text>
      <Paper withBorder p="xs" role="status" aria-live="polite" aria-label={t("lessons.attendance.counts")}>
        <Group gap="md">
          <Badge color="green" variant="light" size="lg" c="dark">
            {t("lessons.attendance.presentCount", { count: counts.present })}
          </Badge>
          <Badge color="red" variant="light" size="lg" c="dark">
            {t("lessons.attendance.absentCount", { count: counts.absent })}
          </Badge>
          <Badge color="yellow" variant="light" size="lg" c="dark">
            {t("lessons.attendance.delayedCount", { count: counts.delayed })}
          </Badge>
        </Group>
      </Paper>
      {lesson.students.length === 0 ? (
        <Text>{t("lessons.attendance.noStudents")}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table striped highlightOnHover aria-describedby="attendance-help">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>#</Table.Th>
                <Table.Th>{t("lessons.fields.student")}</Table.Th>
                <Table.Th>{t("lessons.fields.identityDocument")}</Table.Th>
                <Table.Th>{t("lessons.fields.attendance")}</Table.Th>
                <Table.Th>{t("lessons.fields.courseAbsences")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lesson.students.map((s, index) => {
                const mark = marks.get(s.id) ?? "present";
                const name = `${s.last_name}, ${s.first_name}`;
                return (
                  <Table.Tr key={s.id} data-attendance={mark}>
                    <Table.Td>{index + 1}</Table.Td>
                    <Table.Td>{name}</Table.Td>
                    <Table.Td>{s.identity_document}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap" onKeyDown={(e) => onKeyDown(e, index, s.id)}>
                        <Button
                          ref={(el) => {
                            rows.current[index] = el;
                          }}
                          size="compact-sm"
                          variant="default"
                          aria-label={t("lessons.attendance.markOf", { name, state: label(mark) })}
                          onClick={() => set(s.id, "present")}
                        >
                          {label(mark)}
                        </Button>
                        <Button
                          size="compact-sm"
                          variant={mark === "absent" ? "filled" : "default"}
                          color="red.9"
                          aria-pressed={mark === "absent"}
                          aria-label={t("lessons.attendance.absentOf", { name })}
                          onClick={() => toggle(s.id, "absent")}
                        >
                          A
                        </Button>
                        <Button
                          size="compact-sm"
                          variant={mark === "delayed" ? "filled" : "default"}
                          color="yellow"
                          c={mark === "delayed" ? "dark" : undefined}
                          aria-pressed={mark === "delayed"}
                          aria-label={t("lessons.attendance.delayedOf", { name })}
                          onClick={() => toggle(s.id, "delayed")}
                        >
                          R
                        </Button>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Text size="sm">
                          {t("lessons.attendance.ofMax", {
                            count: s.absences_with_delays,
                            max: lesson.course_section.course.max_absences_to_fail,
                          })}
                        </Text>
                        {s.failed_by_delay ? (
                          <Badge color="red.9" variant="outline">
                            {t("lessons.attendance.failed")}
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Group justify="flex-end">
        <Button
          variant="default"
          disabled={!dirty || register.isPending}
          onClick={() => setMarks(fromServer(lesson))}
        >
          {t("lessons.attendance.undo")}
        </Button>
        <Button onClick={() => void save().catch(() => {})} loading={register.isPending}>
          {t("lessons.attendance.save")}
        </Button>
      </Group>
      {unsaved.dialog}
    </Stack>
  );
}
