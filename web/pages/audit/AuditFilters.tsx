import { Button, Group, NativeSelect, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { auditActions, auditEntityTypes } from "../../../common/schemas/audit";
import type { AuditFilterKey, AuditFilterValues } from "../../api/audit";
import { actionLabel, entityLabel } from "./audit-format";

/** Only digits (ids); anything else clears the filter rather than sending a 422 on every key press. */
const digitsOnly = (value: string) => value.replace(/\D/g, "");

/** The audit list's filters: action, kind and id of record, author id, and a range of days. */
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
  const hasAny = Object.keys(values).length > 0;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
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
      <TextInput
        type="date"
        label={t("audit.filters.from")}
        value={values.from ?? ""}
        max={values.to}
        onChange={(e) => set("from", e.currentTarget.value)}
        w={160}
      />
      <TextInput
        type="date"
        label={t("audit.filters.to")}
        value={values.to ?? ""}
        min={values.from}
        onChange={(e) => set("to", e.currentTarget.value)}
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
