import { Alert, Badge, Group, MultiSelect, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";

import { formatTime } from "../../../common/dates/format";
import { weekdays } from "../../../common/schemas/schedules";
import { api } from "../../api/client";
import { usePeriods } from "../../api/periods";
import { useAvailability } from "../../api/schedules";
import type { ListResponse } from "../../api/types";
import { PeriodSelector, useSearchParams } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";

type ClassHourOption = { id: number; start_time: string; end_time: string };

const positive = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * /schedules/disponibilities: which classrooms are free on a day at some class hours of a period
 * (GET /classrooms/schedules-availability), and who holds the busy ones.
 */
export function DisponibilitiesPage() {
  const { t } = useTranslation();
  useBreadcrumbs([
    { label: t("schedules.list.title"), to: "/schedules" },
    { label: t("schedules.availability.title") },
  ]);
  const [searchParams, setSearchParams] = useSearchParams();
  const periodId = positive(searchParams.get("period_id"));
  const day = positive(searchParams.get("day")) ?? 1;
  const hourIds = (searchParams.get("class_hours_ids") ?? "")
    .split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const set = (patch: Record<string, string | number | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    setSearchParams(next, { replace: true });
  };

  const periods = usePeriods();
  const classHours = useQuery({
    queryKey: ["class-hours", "options"],
    queryFn: ({ signal }) =>
      api
        .get<ListResponse<ClassHourOption>>("/class-hours", { query: { limit: 0 }, signal })
        .then((r) => [...r.data].sort((a, b) => a.start_time.localeCompare(b.start_time))),
    staleTime: 60_000,
  });
  const query = {
    period_id: periodId ?? undefined,
    day,
    class_hours_ids: hourIds.length ? hourIds.join(",") : undefined,
    limit: 0,
    sort_by: "code,asc",
  };
  const availability = useAvailability(query, periodId !== null && hourIds.length > 0);
  const hourLabel = (h: ClassHourOption) => `${formatTime(h.start_time)} – ${formatTime(h.end_time)}`;

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("schedules.availability.title")}
      </Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <PeriodSelector
          periods={periods.data}
          value={periodId}
          onChange={(id) => set({ period_id: id })}
          w={160}
        />
        <Select
          label={t("schedules.fields.day")}
          data={weekdays.map((d) => ({ value: String(d), label: t(`schedules.days.${d}`) }))}
          value={String(day)}
          onChange={(v) => v && set({ day: v })}
          allowDeselect={false}
          w={160}
        />
        <MultiSelect
          label={t("schedules.fields.classHours")}
          placeholder={hourIds.length ? undefined : t("schedules.availability.chooseHours")}
          data={(classHours.data ?? []).map((h) => ({ value: String(h.id), label: hourLabel(h) }))}
          value={hourIds.map(String)}
          onChange={(v) => set({ class_hours_ids: v.join(",") })}
          w={360}
          clearable
        />
      </Group>
      {availability.isError && <Alert color="red">{t("schedules.grid.error")}</Alert>}
      {hourIds.length === 0 ? (
        <Text c="dimmed">{t("schedules.availability.hint")}</Text>
      ) : (
        <Table withTableBorder striped data-testid="availability">
          <Table.Caption style={{ captionSide: "top", textAlign: "left" }}>
            {t("schedules.availability.caption", {
              day: t(`schedules.days.${day}`),
              count: availability.data?.classrooms.filter((c) => c.available).length ?? 0,
            })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t("schedules.fields.classroom")}</Table.Th>
              <Table.Th scope="col">{t("schedules.availability.capacity")}</Table.Th>
              <Table.Th scope="col">{t("schedules.availability.state")}</Table.Th>
              <Table.Th scope="col">{t("schedules.availability.occupiedBy")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(availability.data?.classrooms ?? []).map((room) => {
              const holders = new Map<string, string>();
              for (const slot of room.slots) {
                for (const o of slot.occupied_by) {
                  const hour = classHours.data?.find((h) => h.id === slot.class_hour_id);
                  const text = `${o.section_code} — ${o.course_title}`;
                  holders.set(
                    text,
                    [holders.get(text), hour ? formatTime(hour.start_time) : ""].filter(Boolean).join(", "),
                  );
                }
              }
              return (
                <Table.Tr key={room.id} data-classroom={room.code}>
                  <Table.Td fw={600}>{room.code}</Table.Td>
                  <Table.Td>{room.max_capacity}</Table.Td>
                  <Table.Td>
                    <Badge variant="dot" color={room.available ? "green" : "red"} miw="max-content">
                      {room.available
                        ? room.multiple_sections
                          ? t("schedules.availability.shared")
                          : t("schedules.availability.free")
                        : t("schedules.availability.taken")}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {[...holders].map(([who, at]) => (
                      <Text key={who} size="sm">
                        {`${who} (${at})`}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
