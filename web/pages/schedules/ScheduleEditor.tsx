import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconAlertTriangle, IconDeviceFloppy, IconPlus, IconTrash, IconUserOff } from "@tabler/icons-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../common/dates/format";
import {
  type Clash,
  type DraftEntry,
  draftClashes,
  slotKey,
  unavailableMarks,
} from "../../../common/schedule/clashes";
import { weekdays } from "../../../common/schemas/schedules";
import { describeApiError, isApiError } from "../../api/errors";
import {
  type CourseSectionSchedules,
  isScheduleRefusal,
  useBulkStoreSchedules,
  useClassroomOptions,
  useUpdateSchedule,
  useWeeklyGrid,
} from "../../api/schedules";
import { useTeachersUnavailability } from "../../api/teacher-unavailability";
import { toast } from "../../components";
import { type GridItem, WeeklyGrid } from "../../components/WeeklyGrid";
import { clashText, slotItems, unavailableTexts } from "./grid-items";

type Row = DraftEntry & { key: string; scheduleId?: number };

/** Alert titles in the body text colour: the light variants' coloured titles fall below AA contrast. */
const alertStyles = { title: { color: "var(--mantine-color-text)" } };

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;

export interface ScheduleEditorProps {
  data: CourseSectionSchedules;
  /** Edit one schedule (PATCH) instead of the whole week (bulk store); the others still count for clashes. */
  onlyScheduleId?: number;
}

/**
 * Edits a course section's weekly schedule. Every change is checked at once against the period's
 * occupancy (one request): a slot that would clash is marked, with the reason, before saving. Saving still
 * relies on the server, whose refusal is shown here.
 */
export function ScheduleEditor({ data, onlyScheduleId }: ScheduleEditorProps) {
  const { t } = useTranslation();
  const cs = data.course_section;
  const occupancy = useWeeklyGrid({ period_id: cs.section.period_id });
  const classrooms = useClassroomOptions();
  const bulkStore = useBulkStoreSchedules();
  const update = useUpdateSchedule();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [rows, setRows] = useState<Row[]>(() =>
    data.schedules.length || onlyScheduleId !== undefined
      ? data.schedules.map((s) => ({
          key: `s-${s.id}`,
          scheduleId: s.id,
          day: s.day,
          classroom_id: s.classroom.id,
          class_hours_ids: s.class_hours_ids,
        }))
      : [{ key: newKey(), day: 1, classroom_id: null, class_hours_ids: [] }],
  );

  const classHours = occupancy.data?.class_hours ?? [];
  const hourLabel = (id: number) => {
    const hour = classHours.find((h) => h.id === id);
    return hour ? formatTime(hour.start_time) : String(id);
  };
  const dayName = (day: number) => t(`schedules.days.${day}`);

  const clashes = useMemo(
    () =>
      draftClashes({
        occupancy: occupancy.data?.slots ?? [],
        courseSection: { id: cs.id, sectionId: cs.section.id, teacherIds: cs.teachers.map((x) => x.id) },
        draft: rows,
      }),
    [occupancy.data, cs, rows],
  );
  const clashCount = clashes.reduce((n, m) => n + m.size, 0);

  // Where a teacher of the course section cannot teach: a warning, the server saves it (issue 28).
  const unavailability = useTeachersUnavailability(cs.teachers.map((x) => x.id));
  const unavailable = useMemo(
    () =>
      cs.teachers.flatMap((teacher, i) =>
        (unavailability[i] ?? []).map((slot) => ({ teacher: teacher.name, ...slot })),
      ),
    [cs.teachers, unavailability],
  );
  const marks = useMemo(() => unavailableMarks({ unavailable, draft: rows }), [unavailable, rows]);
  const markCount = marks.reduce((n, m) => n + m.size, 0);

  // The section's week: its other courses as saved, this course as drafted (clashes in red).
  const gridItems = useMemo(() => {
    const others = (occupancy.data?.slots ?? []).filter(
      (s) => s.section.id === cs.section.id && s.course_section_id !== cs.id,
    );
    const items = slotItems(t, others, "section");
    const roomCode = (id: number | null | undefined) =>
      classrooms.data?.find((c) => c.id === id)?.code ?? "—";
    rows.forEach((row, i) => {
      for (const hour of new Set(row.class_hours_ids)) {
        const key = slotKey(row.day, hour);
        const found = clashes[i]?.get(key);
        const away = unavailableTexts(t, marks[i]?.get(key) ?? []);
        const item: GridItem = {
          key: `${row.key}-${hour}`,
          title: cs.course.title,
          lines: [
            ...(found
              ? found.map((c) => clashText(t, c))
              : [t("schedules.grid.classroom", { code: roomCode(row.classroom_id) })]),
            ...away,
          ],
          tone: found ? "clash" : "draft",
        };
        items.set(key, [...(items.get(key) ?? []), item]);
      }
    });
    return items;
  }, [occupancy.data, classrooms.data, rows, clashes, marks, cs, t]);

  const change = (key: string, patch: Partial<Row>) =>
    setRows((current) => current.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const missingRoom = rows.some((r) => r.class_hours_ids.length > 0 && !r.classroom_id);
  const pending = bulkStore.isPending || update.isPending;

  const save = async () => {
    setRefusal(null);
    try {
      if (onlyScheduleId !== undefined) {
        const row = rows.find((r) => r.scheduleId === onlyScheduleId);
        if (!row?.classroom_id || row.class_hours_ids.length === 0) return;
        await update.mutateAsync({
          id: onlyScheduleId,
          payload: { day: row.day, classroom_id: row.classroom_id, class_hours_ids: row.class_hours_ids },
        });
      } else {
        await bulkStore.mutateAsync({
          course_section_id: cs.id,
          schedules: rows
            .filter((r) => r.classroom_id)
            .map((r) => ({ day: r.day, classroom_id: r.classroom_id!, class_hours_ids: r.class_hours_ids })),
        });
      }
      toast.success(t("schedules.editor.saved"));
    } catch (error) {
      if (isApiError(error) && isScheduleRefusal(error))
        setRefusal(error.description ?? describeApiError(error));
    }
  };

  const visible = onlyScheduleId === undefined ? rows : rows.filter((r) => r.scheduleId === onlyScheduleId);
  const roomOptions = (classrooms.data ?? [])
    .filter((c) => c.enabled)
    .map((c) => ({ value: String(c.id), label: c.code }));

  return (
    <Stack gap="md">
      <Group gap="xs">
        <Badge variant="light" color="gray">
          {t("schedules.editor.section", { code: cs.section.code })}
        </Badge>
        <Badge variant="light" color="gray">
          {t(`schedules.shifts.${cs.section.shift}`)}
        </Badge>
        <Text size="sm">
          {cs.teachers.length
            ? t("schedules.editor.teachers", { names: cs.teachers.map((x) => x.name).join(", ") })
            : t("schedules.noTeacher")}
        </Text>
      </Group>

      {visible.map((row) => {
        const i = rows.indexOf(row);
        const rowClashes = clashes[i] ?? new Map<string, Clash[]>();
        const rowMarks = marks[i] ?? new Map<string, string[]>();
        return (
          <Paper key={row.key} withBorder p="sm" radius="md" data-testid="schedule-entry">
            <Stack gap="xs">
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Select
                  label={t("schedules.fields.day")}
                  data={weekdays.map((d) => ({ value: String(d), label: dayName(d) }))}
                  value={String(row.day)}
                  onChange={(v) => v && change(row.key, { day: Number(v) })}
                  allowDeselect={false}
                  w={150}
                />
                <Select
                  label={t("schedules.fields.classroom")}
                  placeholder={t("schedules.editor.chooseClassroom")}
                  data={roomOptions}
                  value={row.classroom_id ? String(row.classroom_id) : null}
                  onChange={(v) => change(row.key, { classroom_id: v ? Number(v) : null })}
                  allowDeselect={false}
                  searchable
                  w={170}
                  error={
                    row.class_hours_ids.length > 0 && !row.classroom_id
                      ? t("schedules.editor.classroomRequired")
                      : undefined
                  }
                />
                {onlyScheduleId === undefined && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t("schedules.editor.removeDay", { day: dayName(row.day) })}
                    onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
              <Text size="sm" fw={500} id={`${row.key}-hours`}>
                {t("schedules.fields.classHours")}
              </Text>
              <Chip.Group
                multiple
                value={row.class_hours_ids.map(String)}
                onChange={(v) => change(row.key, { class_hours_ids: v.map(Number) })}
              >
                <Group gap={6} role="group" aria-labelledby={`${row.key}-hours`}>
                  {classHours.map((hour) => {
                    const clash = rowClashes.has(slotKey(row.day, hour.id));
                    const away = rowMarks.has(slotKey(row.day, hour.id));
                    return (
                      <Chip
                        key={hour.id}
                        value={String(hour.id)}
                        size="xs"
                        // Dark shades: white text on them keeps AA contrast.
                        color={clash ? "red.9" : "teal.9"}
                        variant="filled"
                        icon={
                          clash ? (
                            <IconAlertTriangle size={12} />
                          ) : away ? (
                            <IconUserOff size={12} />
                          ) : undefined
                        }
                      >
                        {`${formatTime(hour.start_time)} – ${formatTime(hour.end_time)}`}
                      </Chip>
                    );
                  })}
                </Group>
              </Chip.Group>
              {[...rowClashes.entries()].map(([key, list]) => {
                const hour = Number(key.split(":")[1]);
                return list.map((clash) => (
                  <Text
                    key={`${key}-${clashText(t, clash)}`}
                    size="sm"
                    c="red.9"
                    role="status"
                    data-testid="clash"
                  >
                    <IconAlertTriangle size={14} aria-hidden style={{ verticalAlign: "-2px" }} />{" "}
                    {`${dayName(row.day)} ${hourLabel(hour)}: ${clashText(t, clash)}`}
                  </Text>
                ));
              })}
              {[...rowMarks.entries()].map(([key, names]) => {
                const hour = Number(key.split(":")[1]);
                return unavailableTexts(t, names).map((text) => (
                  <Text key={`${key}-${text}`} size="sm" role="status" data-testid="unavailable">
                    <IconUserOff
                      size={14}
                      aria-hidden
                      color="var(--mantine-color-orange-8)"
                      style={{ verticalAlign: "-2px" }}
                    />{" "}
                    {`${dayName(row.day)} ${hourLabel(hour)}: ${text}`}
                  </Text>
                ));
              })}
            </Stack>
          </Paper>
        );
      })}

      {onlyScheduleId === undefined && (
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() =>
              setRows((current) => [
                ...current,
                {
                  key: newKey(),
                  day: Math.min(6, (current.at(-1)?.day ?? 0) + 1),
                  classroom_id: current.at(-1)?.classroom_id ?? null,
                  class_hours_ids: [],
                },
              ])
            }
          >
            {t("schedules.editor.addDay")}
          </Button>
        </Group>
      )}

      {clashCount > 0 && (
        <Alert
          color="orange"
          styles={alertStyles}
          icon={<IconAlertTriangle aria-hidden />}
          title={t("schedules.editor.clashesTitle")}
        >
          {t("schedules.editor.clashesHint", { count: clashCount })}
        </Alert>
      )}
      {markCount > 0 && (
        <Alert
          color="orange"
          styles={alertStyles}
          icon={<IconUserOff aria-hidden />}
          title={t("schedules.editor.unavailableTitle")}
        >
          {t("schedules.editor.unavailableHint", { count: markCount })}
        </Alert>
      )}
      {refusal && (
        <Alert
          color="red"
          styles={alertStyles}
          title={t("schedules.editor.refusedTitle")}
          role="alert"
          withCloseButton
          onClose={() => setRefusal(null)}
        >
          {refusal}
        </Alert>
      )}
      <Group>
        <Button
          leftSection={<IconDeviceFloppy size={16} aria-hidden />}
          loading={pending}
          disabled={missingRoom || occupancy.isLoading}
          onClick={() => void save()}
        >
          {t("common.save")}
        </Button>
      </Group>

      <Title order={2} size="h4">
        {t("schedules.editor.weekTitle", { code: cs.section.code })}
      </Title>
      <WeeklyGrid
        classHours={classHours}
        items={gridItems}
        caption={t("schedules.editor.weekCaption", { code: cs.section.code, course: cs.course.title })}
      />
    </Stack>
  );
}
