import { Badge, Paper, Stack, Tabs, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../common/dates/format";
import { slotKey } from "../../../common/schedule/clashes";
import { weekdays } from "../../../common/schemas/schedules";
import type { GridClassHour, GridItem } from "../../components/WeeklyGrid";

/** One class of the day: consecutive class hours of the same class are one block. */
type Block = { key: string; start: string; end: string; item: GridItem };

/** The day's classes in order, consecutive hours of the same class (same title and lines) joined. */
export function dayBlocks(
  day: number,
  classHours: readonly GridClassHour[],
  items: ReadonlyMap<string, readonly GridItem[]>,
): Block[] {
  const hours = [...classHours].sort((a, b) => a.start_time.localeCompare(b.start_time));
  const blocks: Block[] = [];
  const same = (a: GridItem, b: GridItem) => a.title === b.title && a.lines?.join() === b.lines?.join();
  for (const hour of hours) {
    for (const item of items.get(slotKey(day, hour.id)) ?? []) {
      const open = blocks.find((b) => b.end === hour.start_time && same(b.item, item));
      if (open) open.end = hour.end_time;
      else blocks.push({ key: `${hour.id}-${item.key}`, start: hour.start_time, end: hour.end_time, item });
    }
  }
  return blocks.sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * "Mi horario" on a phone: one day at a time, today first (the school's weekday; Monday on a Sunday), the
 * other days one tap away. The week's grid would not fit: today's column would be off the screen.
 */
export function DayView({
  classHours,
  items,
  today,
}: {
  classHours: readonly GridClassHour[];
  items: ReadonlyMap<string, readonly GridItem[]>;
  /** 1 Monday … 7 Sunday, in the school's time zone; absent for a week that is not a calendar's (a proposal). */
  today?: number;
}) {
  const { t } = useTranslation();
  const schoolDay = today !== undefined && (weekdays as readonly number[]).includes(today);
  const [day, setDay] = useState(String(schoolDay ? today : weekdays[0]));
  const dayName = (d: number) => t(`personSchedule.days.${d}`);
  return (
    <Stack gap="sm">
      {schoolDay || today === undefined ? null : (
        <Text size="sm" c="dimmed">
          {t("personSchedule.noSchoolToday")}
        </Text>
      )}
      <Tabs value={day} onChange={(v) => v && setDay(v)} keepMounted={false}>
        <Tabs.List grow aria-label={t("personSchedule.dayTabs")}>
          {weekdays.map((d) => (
            <Tabs.Tab
              key={d}
              value={String(d)}
              px={4}
              aria-label={d === today ? `${dayName(d)}, ${t("personSchedule.today")}` : dayName(d)}
              aria-current={d === today ? "date" : undefined}
              fw={d === today ? 700 : undefined}
            >
              {t(`personSchedule.daysShort.${d}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {weekdays.map((d) => (
          <Tabs.Panel key={d} value={String(d)} pt="sm">
            <DayClasses day={d} blocks={dayBlocks(d, classHours, items)} isToday={d === today} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}

function DayClasses({ day, blocks, isToday }: { day: number; blocks: Block[]; isToday: boolean }) {
  const { t } = useTranslation();
  const name = t(`personSchedule.days.${day}`);
  return (
    <Stack gap="xs" data-testid="day-view">
      <Text fw={700}>
        {name}
        {isToday ? (
          <Badge size="sm" ml={8} variant="filled" color="blue.8">
            {t("personSchedule.today")}
          </Badge>
        ) : null}
      </Text>
      {blocks.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("personSchedule.noClassesDay", { day: name })}
        </Text>
      ) : (
        blocks.map((block) => (
          <Paper
            key={block.key}
            withBorder
            radius="sm"
            px="sm"
            py={6}
            style={{ borderLeft: "4px solid var(--mantine-color-blue-5)" }}
          >
            <Text size="xs" fw={600} c="gray.7">
              {`${formatTime(block.start)} – ${formatTime(block.end)}`}
            </Text>
            <Text size="sm" fw={700}>
              {block.item.title}
            </Text>
            {block.item.lines?.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Paper>
        ))
      )}
    </Stack>
  );
}
