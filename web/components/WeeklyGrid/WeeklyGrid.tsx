import { Badge, Box, Paper, ScrollArea, Stack, Table, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatTime } from "../../../common/dates/format";
import { slotKey } from "../../../common/schedule/clashes";
import { weekdays } from "../../../common/schemas/schedules";

/** One thing shown in a cell of the week: a course meeting, a draft of one, or a clash. */
export type GridItem = {
  key: string;
  title: string;
  /** Smaller lines under the title (classroom, section, teachers). */
  lines?: string[];
  /** `draft`: being edited, not saved yet; `clash`: would be refused (the lines say why). */
  tone?: "default" | "draft" | "clash";
};

export type GridClassHour = { id: number; start_time: string; end_time: string };

export interface WeeklyGridProps {
  classHours: readonly GridClassHour[];
  /** Items by slot, keyed `slotKey(day, classHourId)`. */
  items: ReadonlyMap<string, readonly GridItem[]>;
  /** Read aloud by screen readers and shown above the table. */
  caption: string;
  /** Days to show (default Monday to Saturday). */
  days?: readonly number[];
  /** Hide class hours without anything in any day (default false: the whole school day). */
  compact?: boolean;
  /** Today's weekday (1 Monday … 7 Sunday, in the school's time zone): its column is marked. */
  today?: number;
}

const toneColors: Record<NonNullable<GridItem["tone"]>, { bg: string; border: string }> = {
  default: { bg: "var(--mantine-color-blue-light)", border: "var(--mantine-color-blue-5)" },
  draft: { bg: "var(--mantine-color-teal-light)", border: "var(--mantine-color-teal-6)" },
  clash: { bg: "var(--mantine-color-red-light)", border: "var(--mantine-color-red-7)" },
};

/** Today's column: a tinted background (the header also says "Hoy"). */
const todayStyle = { background: "var(--mantine-color-yellow-light)" };

/**
 * The week as a table: days (Monday to Saturday) across, class hours down, times on a 12-hour clock.
 * Used for a section, a classroom or a teacher, and by the schedule editor to show drafts and clashes.
 */
export function WeeklyGrid({
  classHours,
  items,
  caption,
  days = weekdays,
  compact = false,
  today,
}: WeeklyGridProps) {
  const { t } = useTranslation();
  const rows = compact
    ? classHours.filter((h) => days.some((d) => (items.get(slotKey(d, h.id))?.length ?? 0) > 0))
    : classHours;
  return (
    <ScrollArea type="auto" offsetScrollbars>
      <Table
        withTableBorder
        withColumnBorders
        layout="fixed"
        miw={760}
        verticalSpacing={4}
        horizontalSpacing={6}
        data-testid="weekly-grid"
      >
        <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={112} scope="col">
              {t("schedules.grid.hour")}
            </Table.Th>
            {days.map((day) => (
              <Table.Th
                key={day}
                scope="col"
                aria-current={day === today ? "date" : undefined}
                data-today={day === today || undefined}
                style={day === today ? todayStyle : undefined}
              >
                {t(`schedules.days.${day}`)}
                {day === today ? (
                  <Badge size="xs" ml={6} variant="filled" color="blue.8">
                    {t("personSchedule.today")}
                  </Badge>
                ) : null}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={days.length + 1}>
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {t("schedules.grid.empty")}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows.map((hour) => (
            <Table.Tr key={hour.id}>
              <Table.Th scope="row" style={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
                <Text size="xs" fw={600}>
                  {formatTime(hour.start_time)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatTime(hour.end_time)}
                </Text>
              </Table.Th>
              {days.map((day) => {
                const cell = items.get(slotKey(day, hour.id)) ?? [];
                return (
                  <Table.Td
                    key={day}
                    style={{ verticalAlign: "top", ...(day === today ? todayStyle : {}) }}
                    data-slot={slotKey(day, hour.id)}
                  >
                    <Stack gap={4}>
                      {cell.map((item) => {
                        const tone = item.tone ?? "default";
                        return (
                          <Paper
                            key={item.key}
                            px={6}
                            py={3}
                            radius="sm"
                            data-tone={tone}
                            style={{
                              background: toneColors[tone].bg,
                              borderLeft: `3px solid ${toneColors[tone].border}`,
                            }}
                          >
                            <Box style={{ display: "flex", gap: 4, alignItems: "flex-start" }}>
                              {tone === "clash" && (
                                <IconAlertTriangle
                                  size={14}
                                  color="var(--mantine-color-red-8)"
                                  aria-label={t("schedules.grid.clash")}
                                  style={{ flexShrink: 0, marginTop: 2 }}
                                />
                              )}
                              <Text size="xs" fw={600} lh={1.3}>
                                {item.title}
                              </Text>
                            </Box>
                            {item.lines?.map((line) => (
                              <Text key={line} size="xs" lh={1.3}>
                                {line}
                              </Text>
                            ))}
                          </Paper>
                        );
                      })}
                    </Stack>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}
