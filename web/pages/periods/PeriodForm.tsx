import { Button, Fieldset, Group, NumberInput, Paper, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { createPeriodSchema, responsibleRoles } from "../../../common/schemas/periods";
import { useServerFormErrors } from "../../api/field-errors";
import type { CreatePeriodPayload, PeriodDetail } from "../../api/periods";
import { DateField as DateInputField, listReturnPath, useUnsavedChanges } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";

const dateFields = [
  "start_date",
  "end_date",
  "first_cut_start_date",
  "first_cut_end_date",
  "second_cut_start_date",
  "second_cut_end_date",
  "first_half_end_date",
  "second_half_end_date",
  "pending_evaluations_fc_reminder_date",
  "pending_evaluations_sc_reminder_date",
] as const;
type DateField = (typeof dateFields)[number];

const noteFields = [
  "approval_minimum_note",
  "approval_minimum_avg",
  "low_performance_note",
  "high_performance_note",
] as const;

type Person = { name: string; title: string; identity_document: string };
type NumberValue = number | string;

export type PeriodFormValues = Record<DateField, string> & {
  year: NumberValue;
  number: NumberValue;
  weeks_length: NumberValue;
  /** The amount as typed (money); sent × 100. */
  semester_price: NumberValue;
  approval_minimum_note: NumberValue;
  approval_minimum_avg: NumberValue;
  low_performance_note: NumberValue;
  high_performance_note: NumberValue;
  responsibles: Record<(typeof responsibleRoles)[number], Person>;
};

function toValues(period?: PeriodDetail): PeriodFormValues {
  const person = (role: (typeof responsibleRoles)[number]): Person => {
    const p = period?.responsibles[role];
    return { name: p?.name ?? "", title: p?.title ?? "", identity_document: p?.identity_document ?? "" };
  };
  const dates = Object.fromEntries(dateFields.map((f) => [f, period?.[f] ?? ""])) as Record<
    DateField,
    string
  >;
  return {
    ...dates,
    year: period?.year ?? new Date().getFullYear(),
    number: period?.number ?? "",
    weeks_length: period?.weeks_length ?? 16,
    semester_price: period ? period.semester_price_e2 / 100 : 0,
    approval_minimum_note: period?.approval_minimum_note ?? 10,
    approval_minimum_avg: period?.approval_minimum_avg ?? 10,
    low_performance_note: period?.low_performance_note ?? 12,
    high_performance_note: period?.high_performance_note ?? 16,
    responsibles: {
      principal: person("principal"),
      vice_principal: person("vice_principal"),
      study_control: person("study_control"),
      manager: person("manager"),
      signer: person("signer"),
    },
  };
}

const num = (v: NumberValue) => (v === "" ? undefined : Number(v));

/** The form's values as the payload: money × 100, empty dates as null, a responsible without name as null. */
export function toPayload(values: PeriodFormValues) {
  const dates = Object.fromEntries(dateFields.map((f) => [f, values[f] || null])) as Record<
    DateField,
    string | null
  >;
  const responsibles = Object.fromEntries(
    responsibleRoles.map((role) => {
      const p = values.responsibles[role];
      return [
        role,
        p.name.trim()
          ? {
              name: p.name.trim(),
              title: p.title.trim() || null,
              identity_document: p.identity_document.trim() || null,
            }
          : null,
      ];
    }),
  );
  const price = num(values.semester_price);
  return {
    ...dates,
    start_date: values.start_date || undefined,
    end_date: values.end_date || undefined,
    year: num(values.year),
    number: num(values.number),
    weeks_length: num(values.weeks_length),
    semester_price_e2: price === undefined ? undefined : Math.round(price * 100),
    approval_minimum_note: num(values.approval_minimum_note),
    approval_minimum_avg: num(values.approval_minimum_avg),
    low_performance_note: num(values.low_performance_note),
    high_performance_note: num(values.high_performance_note),
    responsibles,
  };
}

type Props = {
  period?: PeriodDetail;
  pending: boolean;
  onSubmit: (payload: CreatePeriodPayload) => Promise<boolean>;
};

/**
 * Create and edit form of a period: every field of spec.md §3 (cut dates, half ends, reminders, the 0–20
 * thresholds, the five responsibles, the semester price shown as money and sent × 100). Shared-schema
 * validation on blur and on save, server 422 errors under the inputs; the date order is the server's to
 * judge (`invalid_date_range`, shown in a dialog by the page).
 */
export function PeriodForm({ period, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<PeriodFormValues>({
    initialValues: toValues(period),
    validate: (values) => {
      const errors = zodErrors(createPeriodSchema, toPayload(values));
      // The schema names the price in hundredths; the form shows it as money.
      if (errors.semester_price_e2) errors.semester_price = errors.semester_price_e2;
      return errors;
    },
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    const ok = await onSubmit(createPeriodSchema.parse(toPayload(values)));
    if (!ok) unsaved.allowLeaving(false);
  });

  const dateInput = (field: DateField, required = false) => (
    <DateInputField
      label={t(`periods.fields.${field}`)}
      withAsterisk={required}
      {...form.getInputProps(field)}
    />
  );

  return (
    <Paper withBorder p="lg" maw={900}>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Fieldset legend={t("periods.form.general")}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              <NumberInput
                label={t("periods.fields.year")}
                withAsterisk
                min={1900}
                max={9999}
                {...form.getInputProps("year")}
              />
              <NumberInput
                label={t("periods.fields.number")}
                withAsterisk
                min={1}
                max={9}
                {...form.getInputProps("number")}
              />
              <NumberInput
                label={t("periods.fields.weeks_length")}
                min={1}
                max={60}
                {...form.getInputProps("weeks_length")}
              />
              <NumberInput
                label={t("periods.fields.semesterPrice")}
                min={0}
                decimalScale={2}
                fixedDecimalScale
                thousandSeparator="."
                decimalSeparator=","
                {...form.getInputProps("semester_price")}
              />
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t("periods.form.dates")}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {dateInput("start_date", true)}
              {dateInput("end_date", true)}
              {dateInput("first_cut_start_date")}
              {dateInput("first_cut_end_date")}
              {dateInput("second_cut_start_date")}
              {dateInput("second_cut_end_date")}
              {dateInput("first_half_end_date")}
              {dateInput("second_half_end_date")}
              {dateInput("pending_evaluations_fc_reminder_date")}
              {dateInput("pending_evaluations_sc_reminder_date")}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t("periods.form.notes")}>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
              {noteFields.map((field) => (
                <NumberInput
                  key={field}
                  label={t(`periods.fields.${field}`)}
                  min={0}
                  max={20}
                  clampBehavior="none"
                  {...form.getInputProps(field)}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
          <Fieldset legend={t("periods.form.responsibles")}>
            <Stack gap="sm">
              {responsibleRoles.map((role) => (
                <SimpleGrid key={role} cols={{ base: 1, sm: 3 }}>
                  <TextInput
                    label={t(`periods.responsibles.${role}`)}
                    maxLength={200}
                    {...form.getInputProps(`responsibles.${role}.name`)}
                  />
                  <TextInput
                    label={t("periods.responsibles.title", { role: t(`periods.responsibles.${role}`) })}
                    maxLength={150}
                    {...form.getInputProps(`responsibles.${role}.title`)}
                  />
                  <TextInput
                    label={t("periods.responsibles.identityDocument", {
                      role: t(`periods.responsibles.${role}`),
                    })}
                    maxLength={20}
                    {...form.getInputProps(`responsibles.${role}.identity_document`)}
                  />
                </SimpleGrid>
              ))}
            </Stack>
          </Fieldset>
          <Group justify="flex-end">
            <Button
              variant="default"
              component={Link}
              to={period ? `/periods/${period.id}` : listReturnPath("/periods")}
            >
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={pending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
      {unsaved.dialog}
    </Paper>
  );
}
