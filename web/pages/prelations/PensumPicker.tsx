import { Group, Select } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { usePensums } from "../../api/pensums";
import { useSpecializationOptions } from "../../api/specializations";

type Props = {
  specializationId: number | null;
  pensumId: number | null;
  onChange: (value: { specializationId: number | null; pensumId: number | null }) => void;
  required?: boolean;
};

/** Specialization, then one of its pensums (name and version): the pensum a prelation lives in. */
export function PensumPicker({ specializationId, pensumId, onChange, required }: Props) {
  const { t } = useTranslation();
  const specializations = useSpecializationOptions();
  const pensums = usePensums(
    { page: 1, limit: 0, search: "", sortBy: "name,asc" },
    { specializationId: specializationId ?? undefined },
  );
  const pensumOptions = specializationId
    ? (pensums.data?.data ?? []).map((p) => ({
        value: String(p.id),
        label: t("prelations.pensumOption", { name: p.name, version: p.version }),
      }))
    : [];
  return (
    <Group grow align="flex-start">
      <Select
        label={t("prelations.fields.specialization")}
        placeholder={t("prelations.placeholders.specialization")}
        data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
        value={specializationId ? String(specializationId) : null}
        onChange={(v) => onChange({ specializationId: v ? Number(v) : null, pensumId: null })}
        clearable={!required}
        withAsterisk={required}
        searchable
      />
      <Select
        label={t("prelations.fields.pensum")}
        placeholder={t("prelations.placeholders.pensum")}
        data={pensumOptions}
        value={pensumId ? String(pensumId) : null}
        onChange={(v) => onChange({ specializationId, pensumId: v ? Number(v) : null })}
        disabled={!specializationId}
        clearable={!required}
        withAsterisk={required}
      />
    </Group>
  );
}
