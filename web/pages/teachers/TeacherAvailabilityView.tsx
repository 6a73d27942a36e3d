import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { IconBan, IconDeviceFloppy } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../common/dates/format";
import { slotKey } from "../../../common/schedule/clashes";
import { weekdays } from "../../../common/schemas/schedules";
import {
  type TeacherUnavailability,
  useReplaceTeacherUnavailability,
  useTeacherUnavailability,
} from "../../api/teacher-unavailability";
import type { Teacher } from "../../api/teachers";
import { toast } from "../../components";
import { usePhone } from "../../components/phone";
import { useSession } from "../../session/useSession";
import { teacherName } from "./teacher-columns";

type ClassHour = TeacherUnavailability["class_hours"][number];

const keysOf = (data: TeacherUnavailability) =>
  new Set(data.slots.map((s) => slotKey(s.day, s.class_hour_id)));
const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((k) => b.has(k));

/**
 * `/teachers/{id}/availability` (issue 28): the week (Monday–Saturday × class hours) with the hours the
 * teacher cannot teach. The admin toggles them and saves the whole set; the others only read it. On a
 * phone one day at a time.
 */
export function TeacherAvailabilityView({ teacher }: { teacher: Teacher }) {
  const { t } = useTranslation();
  const query = useTeacherUnavailability(teacher.id);
  if (query.isError) return <Alert color="yellow">{t("teachers.availability.error")}</Alert>;
  if (!query.data)
    return (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  return <AvailabilityEditor teacher={teacher} data={query.data} />;
}

function AvailabilityEditor({ teacher, data }: { teacher: Teacher; data: TeacherUnavailability }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const editable = can("teachers.write");
  const phone = usePhone();
  const replace = useReplaceTeacherUnavailability();
  const [saved, setSaved] = useState(() => keysOf(data));
  const [marked, setMarked] = useState(() => keysOf(data));
  const dirty = !sameSet(saved, marked);

  const toggle = (key: string) =>
    setMarked((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

  const save = async () => {
    const slots = [...marked].map((key) => {
      const [day, hour] = key.split(":").map(Number) as [number, number];
      return { day, class_hour_id: hour };
    });
    await replace.mutateAsync({ id: teacher.id, slots }).then(
      (answer) => {
        const keys = keysOf(answer);
        setSaved(keys);
        setMarked(keys);
        toast.success(t("teachers.availability.saved"));
      },
      () => {},
    );
  };

  const cell = (day: number, hour: ClassHour) => (
    <SlotCell
      day={day}
      hour={hour}
      off={marked.has(slotKey(day, hour.id))}
      editable={editable}
      onToggle={() => toggle(slotKey(day, hour.id))}
    />
  );
  const caption = t("teachers.availability.caption", { name: teacherName(teacher) });

  return (
    <Stack gap="sm">
      <Text size="sm">
        {t(editable ? "teachers.availability.intro" : "teachers.availability.introReadOnly")}
      </Text>
      {data.class_hours.length === 0 ? (
        <Alert color="blue">{t("teachers.availability.noHours")}</Alert>
      ) : phone ? (
        <DayTabs classHours={data.class_hours} caption={caption} cell={cell} />
      ) : (
        <WeekTable classHours={data.class_hours} caption={caption} cell={cell} />
      )}
      <Text size="sm" role="status">
        {marked.size === 0
          ? t("teachers.availability.none")
          : t("teachers.availability.count", { count: marked.size })}
      </Text>
      {editable ? (
        <Group>
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={replace.isPending}
            disabled={!dirty}
            onClick={() => void save()}
          >
            {t("common.save")}
          </Button>
          {dirty ? (
            <Button variant="default" onClick={() => setMarked(new Set(saved))}>
              {t("teachers.availability.reset")}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

type CellRenderer = (day: number, hour: ClassHour) => ReactNode;

const range = (hour: ClassHour) => `${formatTime(hour.start_time)}–${formatTime(hour.end_time)}`;

/** The week as a table: days across, class hours down. Scrolls inside its box when narrow. */
function WeekTable({
  classHours,
  caption,
  cell,
}: {
  classHours: readonly ClassHour[];
  caption: string;
  cell: CellRenderer;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table
        withTableBorder
        withColumnBorders
        layout="fixed"
        verticalSpacing={4}
        data-testid="availability-grid"
      >
        <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={112} scope="col">
              {t("teachers.availability.hour")}
            </Table.Th>
            {weekdays.map((day) => (
              <Table.Th key={day} scope="col">
                {t(`schedules.days.${day}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {classHours.map((hour) => (
            <Table.Tr key={hour.id}>
              <Table.Th scope="row" style={{ whiteSpace: "nowrap" }}>
                <Text size="sm" fw={600}>
                  {range(hour)}
                </Text>
              </Table.Th>
              {weekdays.map((day) => (
                <Table.Td key={day}>{cell(day, hour)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A phone: one day at a time, its class hours as a list. */
function DayTabs({
  classHours,
  caption,
  cell,
}: {
  classHours: readonly ClassHour[];
  caption: string;
  cell: CellRenderer;
}) {
  const { t } = useTranslation();
  const [day, setDay] = useState("1");
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {caption}
      </Text>
      <Tabs value={day} onChange={(v) => v && setDay(v)} keepMounted={false}>
        <Tabs.List grow aria-label={t("teachers.availability.dayTabs")}>
          {weekdays.map((d) => (
            <Tabs.Tab key={d} value={String(d)} px={4} aria-label={t(`schedules.days.${d}`)}>
              {t(`personSchedule.daysShort.${d}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {weekdays.map((d) => (
          <Tabs.Panel key={d} value={String(d)} pt="sm">
            <Stack gap={6}>
              {classHours.map((hour) => (
                <Group key={hour.id} gap="sm" wrap="nowrap">
                  <Text size="sm" fw={600} w={104} style={{ flexShrink: 0 }}>
                    {range(hour)}
                  </Text>
                  {cell(d, hour)}
                </Group>
              ))}
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

/**
 * One slot: for the admin a toggle button (pressed = not available) named "Lunes 07:00–07:45: no
 * disponible"; for the others the same state as text.
 */
function SlotCell({
  day,
  hour,
  off,
  editable,
  onToggle,
}: {
  day: number;
  hour: ClassHour;
  off: boolean;
  editable: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const name = t("teachers.availability.slot", { day: t(`schedules.days.${day}`), range: range(hour) });
  const text = t(off ? "teachers.availability.unavailable" : "teachers.availability.available");
  if (!editable)
    return off ? (
      <Text size="sm" fw={600} c="red.9" data-slot={slotKey(day, hour.id)}>
        <IconBan size={14} aria-hidden style={{ verticalAlign: "-2px" }} /> {text}
      </Text>
    ) : (
      <Text size="sm" c="dimmed" data-slot={slotKey(day, hour.id)}>
        <span aria-hidden>—</span>
        <VisuallyHidden>{text}</VisuallyHidden>
      </Text>
    );
  return (
    <Button
      size="compact-sm"
      fullWidth
      // Dark red: white text on it keeps AA contrast.
      color={off ? "red.9" : "gray"}
      variant={off ? "filled" : "default"}
      aria-pressed={off}
      aria-label={name}
      leftSection={off ? <IconBan size={14} aria-hidden /> : undefined}
      onClick={onToggle}
      data-slot={slotKey(day, hour.id)}
      fw={off ? 600 : 400}
    >
      {text}
    </Button>
  );
}
