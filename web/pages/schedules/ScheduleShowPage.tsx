import { Alert, Group, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { usePeriods } from "../../api/periods";
import { useClassroomOptions, usePeriodSections, useWeeklyGrid } from "../../api/schedules";
import { PeriodSelector, useSearchParams } from "../../components";
import { WeeklyGrid } from "../../components/WeeklyGrid";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { type GridMode, slotItems } from "./grid-items";

const modes: GridMode[] = ["section", "classroom", "teacher"];
const positive = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** /schedules/show: the weekly grid of a section, a classroom or a teacher in a period. */
export function ScheduleShowPage() {
  const { t } = useTranslation();
  useBreadcrumbs([
    { label: t("schedules.list.title"), to: "/schedules" },
    { label: t("schedules.show.title") },
  ]);
  const [searchParams, setSearchParams] = useSearchParams();
  const periodId = positive(searchParams.get("period_id"));
  const mode = (modes as string[]).includes(searchParams.get("mode") ?? "")
    ? (searchParams.get("mode") as GridMode)
    : "section";
  const chosen = positive(searchParams.get("id"));
  const set = (patch: Record<string, string | number | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) next.delete(key);
      else next.set(key, String(value));
    }
    setSearchParams(next, { replace: true });
  };

  const periods = usePeriods();
  const sections = usePeriodSections(mode === "section" ? periodId : null);
  const classrooms = useClassroomOptions();
  // Teachers to choose: those with classes in the period (from its occupancy, one request).
  const occupancy = useWeeklyGrid({ period_id: periodId }, mode === "teacher" && periodId !== null);
  const teachers = useMemo(() => {
    const byId = new Map<number, string>();
    for (const slot of occupancy.data?.slots ?? []) for (const x of slot.teachers) byId.set(x.id, x.name);
    return [...byId].sort((a, b) => a[1].localeCompare(b[1], "es")).map(([id, name]) => ({ id, name }));
  }, [occupancy.data]);

  const options =
    mode === "section"
      ? (sections.data ?? []).map((s) => ({ value: String(s.id), label: s.code }))
      : mode === "classroom"
        ? (classrooms.data ?? []).map((c) => ({ value: String(c.id), label: c.code }))
        : teachers.map((x) => ({ value: String(x.id), label: x.name }));
  const chosenLabel = options.find((o) => o.value === String(chosen))?.label ?? "";

  const filter = {
    period_id: periodId,
    section_id: mode === "section" ? chosen : null,
    classroom_id: mode === "classroom" ? chosen : null,
    teacher_id: mode === "teacher" ? chosen : null,
  };
  const grid = useWeeklyGrid(filter, periodId !== null && chosen !== null);
  const items = useMemo(() => slotItems(t, grid.data?.slots ?? [], mode), [grid.data, mode, t]);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("schedules.show.title")}
      </Title>
      <Group align="flex-end" gap="md" wrap="wrap">
        <PeriodSelector
          periods={periods.data}
          value={periodId}
          onChange={(id) => set({ period_id: id, id: mode === "classroom" ? chosen : null })}
          w={160}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="grid-mode-label">
            {t("schedules.show.of")}
          </Text>
          <SegmentedControl
            aria-labelledby="grid-mode-label"
            value={mode}
            onChange={(value) => set({ mode: value, id: null })}
            data={modes.map((m) => ({ value: m, label: t(`schedules.show.modes.${m}`) }))}
          />
        </Stack>
        <Select
          label={t(`schedules.show.modes.${mode}`)}
          placeholder={t("schedules.show.choose")}
          data={options}
          value={chosen ? String(chosen) : null}
          onChange={(v) => set({ id: v ? Number(v) : null })}
          searchable
          w={240}
        />
      </Group>
      {grid.isError && <Alert color="red">{t("schedules.grid.error")}</Alert>}
      {chosen === null ? (
        <Text c="dimmed">{t("schedules.show.hint")}</Text>
      ) : (
        <WeeklyGrid
          classHours={grid.data?.class_hours ?? []}
          items={items}
          caption={t(`schedules.show.caption.${mode}`, { name: chosenLabel })}
        />
      )}
    </Stack>
  );
}
