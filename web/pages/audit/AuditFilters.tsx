import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { isIsoDate } from "../../../common/dates/format";
import { auditActions, auditEntityTypes } from "../../../common/schemas/audit";
import type { AuditFilterKey, AuditFilterValues } from "../../api/audit";
import { DateField } from "../../components";
import { actionLabel, entityLabel } from "./audit-format";

/** Only digits (ids); anything else clears the filter rather than sending a 422 on every key press. */
const digitsOnly = (value: string) => value.replace(/\D/g, "");

/** The audit list's filters: person (e-mail or name), action, kind and id of record, author id, and a range of days. */
export function AuditFilters({
  values,
  onChange,
}: {
  values: AuditFilterValues;
  onChange: (next: AuditFilterValues) => void;
}) {
  const { t } = useTranslation();
  const set = (key: AuditFilterKey, value: string | null) => {
    const next = { ...values };
    if (value) next[key] = value;
    else delete next[key];
    onChange(next);
  };
  // A day being typed (or that is not one) leaves the filter as it was; the field says what is wrong.
  const setDay = (key: "from" | "to", value: string) => {
    if (value === "" || isIsoDate(value)) set(key, value);
  };
  const hasAny = Object.keys(values).length > 0;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={t("audit.filters.person")}
        placeholder={t("audit.filters.personHint")}
        value={values.person ?? ""}
        onChange={(e) => set("person", e.currentTarget.value)}
        w={220}
      />
      <NativeSelect
        label={t("audit.filters.action")}
        data={[
          { value: "", label: t("audit.filters.any") },
          ...auditActions.map((code) => ({ value: code, label: actionLabel(t, code) })),
        ]}
        value={values.action ?? ""}
        onChange={(e) => set("action", e.currentTarget.value)}
        w={260}
      />
      <NativeSelect
        label={t("audit.filters.entityType")}
        data={[
          { value: "", label: t("audit.filters.any") },
          ...auditEntityTypes.map((type) => ({ value: type, label: entityLabel(t, type) })),
        ]}
        value={values.entity_type ?? ""}
        onChange={(e) => set("entity_type", e.currentTarget.value)}
        w={160}
      />
      <TextInput
        label={t("audit.filters.entityId")}
        inputMode="numeric"
        value={values.entity_id ?? ""}
        onChange={(e) => set("entity_id", digitsOnly(e.currentTarget.value))}
        w={120}
      />
      <TextInput
        label={t("audit.filters.actorId")}
        inputMode="numeric"
        value={values.actor_id ?? ""}
        onChange={(e) => set("actor_id", digitsOnly(e.currentTarget.value))}
        w={120}
      />
      <DateField
        label={t("audit.filters.from")}
        value={values.from ?? ""}
        maxDate={values.to}
        clearable
        onChange={(value) => setDay("from", value)}
        w={160}
      />
      <DateField
        label={t("audit.filters.to")}
        value={values.to ?? ""}
        minDate={values.from}
        clearable
        onChange={(value) => setDay("to", value)}
        w={160}
      />
      {hasAny && (
        <Button variant="subtle" onClick={() => onChange({})}>
          {t("audit.filters.clear")}
        </Button>
      )}
    </Group>
  );
}
