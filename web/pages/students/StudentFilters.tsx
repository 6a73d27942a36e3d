import { Group, Select } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { usePeriods } from "../../api/periods";
import { useSections } from "../../api/sections";
import { useSpecializationOptions } from "../../api/specializations";
import type { StudentFilters as Filters } from "../../api/students";
import { periodLabel } from "../../components";

type Props = {
  value: Filters;
  onChange: (next: Filters) => void;
  /** Period, specialization, semester and section filters need the administration's lists. */
  withInscriptionFilters: boolean;
};

const ALL_SECTIONS = { page: 1, limit: 0, search: "", sortBy: "code,asc" };

/**
 * The list's filters: period, specialization, semester and section (one inscription must match them all)
 * status and gender. Choosing a period offers its sections and the semesters they belong to.
 */
export function StudentFilters({ value, onChange, withInscriptionFilters }: Props) {
  const { t } = useTranslation();
  const set = (patch: Filters) => onChange({ ...value, ...patch });
  return (
    <Group gap="sm" align="flex-end">
      {withInscriptionFilters ? <InscriptionFilters value={value} onChange={onChange} /> : null}
      <Select
        label={t("students.fields.status")}
        placeholder={t("students.filters.allStatuses")}
        clearable
        w={150}
        data={(["active", "retired", "graduated"] as const).map((s) => ({
          value: s,
          label: t(`students.statusFilter.${s}`),
        }))}
        value={value.status ?? null}
        onChange={(v) => set({ status: v ?? undefined })}
      />
      <Select
        label={t("students.fields.gender")}
        placeholder={t("students.filters.allStatuses")}
        clearable
        w={150}
        data={(["female", "male"] as const).map((g) => ({ value: g, label: t(`students.genders.${g}`) }))}
        value={value.gender ?? null}
        onChange={(v) => set({ gender: v ?? undefined })}
      />
    </Group>
  );
}

/** Only for the administration, whose role may read periods, specializations and sections. */
function InscriptionFilters({ value, onChange }: Omit<Props, "withInscriptionFilters">) {
  const { t } = useTranslation();
  const periods = usePeriods();
  const specializations = useSpecializationOptions();
  const periodId = value.period_id ? Number(value.period_id) : null;
  const sections = useSections(periodId, ALL_SECTIONS);
  const inSpecialization = useMemo(
    () =>
      (sections.data?.data ?? []).filter(
        (s) => !value.specialization_id || String(s.specialization.id) === value.specialization_id,
      ),
    [sections.data, value.specialization_id],
  );
  const semesters = useMemo(() => {
    const seen = new Map<number, string>();
    for (const s of inSpecialization)
      seen.set(s.semester.id, `${s.semester.code} (${s.specialization.code})`);
    return [...seen].map(([id, label]) => ({ value: String(id), label }));
  }, [inSpecialization]);
  const sectionOptions = inSpecialization
    .filter((s) => !value.semester_id || String(s.semester.id) === value.semester_id)
    .map((s) => ({ value: String(s.id), label: s.code }));

  const set = (patch: Filters) => onChange({ ...value, ...patch });
  const asValue = (v: string | null) => v ?? undefined;

  return (
    <>
      <Select
        label={t("students.fields.period")}
        placeholder={t("students.filters.allPeriods")}
        clearable
        w={180}
        data={(periods.data ?? []).map((p) => ({ value: String(p.id), label: periodLabel(p) }))}
        value={value.period_id ?? null}
        onChange={(v) => set({ period_id: asValue(v), semester_id: undefined, section_id: undefined })}
      />
      <Select
        label={t("students.fields.specialization")}
        placeholder={t("students.filters.allSpecializations")}
        clearable
        w={220}
        data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
        value={value.specialization_id ?? null}
        onChange={(v) =>
          set({ specialization_id: asValue(v), semester_id: undefined, section_id: undefined })
        }
      />
      <Select
        label={t("students.fields.semester")}
        placeholder={periodId ? t("students.filters.allSemesters") : t("students.filters.choosePeriod")}
        clearable
        disabled={!periodId}
        w={180}
        data={semesters}
        value={value.semester_id ?? null}
        onChange={(v) => set({ semester_id: asValue(v), section_id: undefined })}
      />
      <Select
        label={t("students.fields.section")}
        placeholder={periodId ? t("students.filters.allSections") : t("students.filters.choosePeriod")}
        clearable
        disabled={!periodId}
        w={180}
        data={sectionOptions}
        value={value.section_id ?? null}
        onChange={(v) => set({ section_id: asValue(v) })}
      />
    </>
  );
}
