import { Badge, Box, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { Calendar } from "@mantine/dates";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { dayjs } from "../../i18n/dayjs";
import { type CalendarEvent, eventsInMonth, eventsOnDay, isoDay, monthStart, spanPart } from "./events";

export interface MonthCalendarProps {
  /** The shown month, as its first day (`YYYY-MM-01`). */
  month: string;
  onMonthChange: (month: string) => void;
  events: readonly CalendarEvent[];
  /** Accessible name of the calendar region, e.g. "Calendario de días feriados". */
  label: string;
  /** Colour of events without their own. */
  defaultColor?: string;
}

const MAX_BANDS = 3;

/** Text colour of a day with AA contrast: dark red on weekends (Mantine's light red fails AA). */
function dayColor(day: string): string | undefined {
  const weekday = dayjs(day).day();
  return weekday === 0 || weekday === 6 ? "red.9" : undefined;
}

/**
 * A month of a calendar (Mantine's Calendar, Spanish month and day names from dayjs) with events: each
 * day an event spans gets a band of its colour, today is marked, the arrows change month. The days are
 * buttons reachable with the arrow keys; each one's accessible name says its date and its events. Under
 * the grid, the events of the chosen day, or of the whole month when no day is chosen.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  events,
  label,
  defaultColor = "blue",
}: MonthCalendarProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string | null>(null);
  const today = isoDay(new Date());
  const monthEvents = useMemo(() => eventsInMonth(events, month), [events, month]);
  const selectedInMonth = selected !== null && monthStart(selected) === month ? selected : null;
  const listed = selectedInMonth ? eventsOnDay(events, selectedInMonth) : monthEvents;
  const fullDate = (day: string) => dayjs(day).format(t("calendar.dayFormat"));

  const dayLabel = (day: string) => {
    const on = eventsOnDay(events, day);
    const parts = [fullDate(day)];
    if (day === today) parts.push(t("calendar.today"));
    if (on.length > 0) parts.push(on.map((e) => e.title).join(", "));
    return parts.join(": ");
  };

  const range = (e: CalendarEvent) =>
    e.start === e.end
      ? dayjs(e.start).format(t("calendar.shortFormat"))
      : t("calendar.range", {
          from: dayjs(e.start).format(t("calendar.shortFormat")),
          to: dayjs(e.end).format(t("calendar.shortFormat")),
        });

  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Stack gap="sm">
        <Calendar
          date={month}
          onDateChange={(d) => onMonthChange(monthStart(d))}
          maxLevel="month"
          highlightToday
          hideOutsideDates
          fullWidth
          size="sm"
          ariaLabels={{ previousMonth: t("calendar.previousMonth"), nextMonth: t("calendar.nextMonth") }}
          getDayAriaLabel={dayLabel}
          getDayProps={(day) => ({
            selected: day === selectedInMonth,
            onClick: () => setSelected((current) => (current === day ? null : day)),
            "data-today": day === today || undefined,
            "data-has-events": eventsOnDay(events, day).length > 0 || undefined,
          })}
          renderDay={(day) => {
            const on = eventsOnDay(events, day);
            return (
              <Stack gap={2} align="stretch" w="100%" style={{ lineHeight: 1 }}>
                <Text
                  component="span"
                  size="sm"
                  fw={day === today ? 700 : undefined}
                  ta="center"
                  c={day === selectedInMonth ? undefined : dayColor(day)}
                >
                  {dayjs(day).date()}
                </Text>
                <Stack gap={1} aria-hidden>
                  {on.slice(0, MAX_BANDS).map((e) => {
                    const part = spanPart(e, day);
                    return (
                      <Box
                        key={e.id}
                        h={4}
                        bg={e.color || defaultColor}
                        data-span={part}
                        style={{
                          borderTopLeftRadius: part === "single" || part === "start" ? 2 : 0,
                          borderBottomLeftRadius: part === "single" || part === "start" ? 2 : 0,
                          borderTopRightRadius: part === "single" || part === "end" ? 2 : 0,
                          borderBottomRightRadius: part === "single" || part === "end" ? 2 : 0,
                          marginLeft: part === "single" || part === "start" ? 4 : -4,
                          marginRight: part === "single" || part === "end" ? 4 : -4,
                        }}
                      />
                    );
                  })}
                </Stack>
              </Stack>
            );
          }}
        />
        <Title order={2} size="h5">
          {selectedInMonth ? fullDate(selectedInMonth) : t("calendar.monthEvents")}
        </Title>
        {listed.length === 0 ? (
          <Text size="sm" c="dimmed">
            {selectedInMonth ? t("calendar.noDayEvents") : t("calendar.noMonthEvents")}
          </Text>
        ) : (
          <Stack component="ul" gap={6} p={0} m={0} style={{ listStyle: "none" }}>
            {listed.map((e) => (
              <Group component="li" key={e.id} gap="xs" wrap="nowrap" align="flex-start">
                <Badge
                  variant="dot"
                  color={e.color || defaultColor}
                  miw="max-content"
                  tt="none"
                  style={{ overflow: "visible", flexShrink: 0 }}
                >
                  {range(e)}
                </Badge>
                <Text size="sm">{e.title}</Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
