import { Button, Group, NumberInput, Paper, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { createSectionSchema, shifts } from "../../../common/schemas/sections";
import { useServerFormErrors } from "../../api/field-errors";
import { usePeriodCourses, usePeriods } from "../../api/periods";
import type { CreateSectionPayload } from "../../api/sections";
import { CountedTextInput, listReturnPath, PeriodSelector, useUnsavedChanges } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";

type Values = {
  period_id: number | null;
  semester_id: string | null;
  letter_code: string;
  title: string;
  shift: string;
  /** NumberInput holds "" while empty. */
  males_limit: number | string;
  females_limit: number | string;
};

function toDraft(v: Values) {
  return {
    period_id: v.period_id ?? undefined,
    semester_id: v.semester_id ? Number(v.semester_id) : undefined,
    letter_code: v.letter_code.trim(),
    title: v.title.trim() || null,
    shift: v.shift,
    males_limit: v.males_limit === "" ? undefined : Number(v.males_limit),
    females_limit: v.females_limit === "" ? undefined : Number(v.females_limit),
  };
}

type Props = {
  initialPeriodId: number | null;
  pending: boolean;
  /** Sends the payload; rejects when the server refused it (the client already showed why). */
  onSubmit: (payload: CreateSectionPayload) => Promise<unknown>;
};

/**
 * Create form of a section: the period, a semester of the pensums that period follows (grouped by
 * specialization), the letter, shift and the limits of males and females. The code (semester code +
 * letter) is shown as it will be saved.
 */
export function SectionForm({ initialPeriodId, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const periods = usePeriods();
  const form = useForm<Values>({
    initialValues: {
      period_id: initialPeriodId,
      semester_id: null,
      letter_code: "",
      title: "",
      shift: "morning",
      males_limit: "",
      females_limit: "",
    },
    validate: (values) => zodErrors(createSectionSchema, toDraft(values)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());
  const periodCourses = usePeriodCourses(form.values.period_id ?? undefined);

  const semesterData = useMemo(
    () =>
      (periodCourses.data ?? []).map((spec) => ({
        group: spec.title,
        items: spec.semesters.map((sem) => ({
          value: String(sem.id),
          label: `${sem.code} — ${t("sections.form.semesterNumber", { number: sem.number })}`,
        })),
      })),
    [periodCourses.data, t],
  );
  const semesterCode = (periodCourses.data ?? [])
    .flatMap((spec) => spec.semesters)
    .find((sem) => String(sem.id) === form.values.semester_id)?.code;
  const letter = form.values.letter_code.trim().toUpperCase();

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      await onSubmit(createSectionSchema.parse(toDraft(values)));
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PeriodSelector
            periods={periods.data}
            value={form.values.period_id}
            onChange={(id) => {
              form.setFieldValue("period_id", id);
              form.setFieldValue("semester_id", null);
            }}
            withAsterisk
            error={form.errors.period_id}
          />
          <Select
            label={t("sections.fields.semester")}
            placeholder={t("sections.form.semesterPlaceholder")}
            withAsterisk
            searchable
            nothingFoundMessage={t("sections.form.noSemesters")}
            data={semesterData}
            disabled={form.values.period_id === null}
            {...form.getInputProps("semester_id")}
          />
          <Group grow align="flex-start">
            <TextInput
              label={t("sections.fields.letterCode")}
              withAsterisk
              maxLength={3}
              {...form.getInputProps("letter_code")}
            />
            <TextInput
              label={t("sections.fields.code")}
              value={semesterCode && letter ? `${semesterCode}${letter}` : ""}
              readOnly
              variant="filled"
              description={t("sections.form.codeHint")}
            />
          </Group>
          <CountedTextInput
            label={t("sections.fields.title")}
            maxLength={150}
            {...form.getInputProps("title")}
          />
          <Select
            label={t("sections.fields.shift")}
            withAsterisk
            allowDeselect={false}
            data={shifts.map((s) => ({ value: s, label: t(`sections.shifts.${s}`) }))}
            {...form.getInputProps("shift")}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t("sections.fields.malesLimit")}
              withAsterisk
              min={0}
              max={1000}
              clampBehavior="none"
              allowDecimal={false}
              {...form.getInputProps("males_limit")}
            />
            <NumberInput
              label={t("sections.fields.femalesLimit")}
              withAsterisk
              min={0}
              max={1000}
              clampBehavior="none"
              allowDecimal={false}
              {...form.getInputProps("females_limit")}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/sections")}>
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
