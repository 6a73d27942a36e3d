import { Button, ColorInput, Group, Paper, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isoDateOrUndefined } from "../../../common/dates/format";
import { type Activity, createActivitySchema } from "../../../common/schemas/activities";
import type { ActivityPayload } from "../../api/activities";
import { useServerFormErrors } from "../../api/field-errors";
import {
  CountedTextarea,
  CountedTextInput,
  DateField,
  listReturnPath,
  PeriodSelector,
  useUnsavedChanges,
} from "../../components";
import { zodErrors } from "../../components/form/zod-errors";
import { useActivityPeriods } from "./use-activity-periods";

type Values = {
  title: string;
  description: string;
  observation: string;
  start_date: string | null;
  end_date: string | null;
  period_id: number | null;
  color: string;
};

const toValues = (a?: Activity): Values => ({
  title: a?.title ?? "",
  description: a?.description ?? "",
  observation: a?.observation ?? "",
  start_date: a?.start_date ?? null,
  end_date: a?.end_date ?? null,
  period_id: a?.period_id ?? null,
  color: a?.color ?? "",
});

/** The payload; empty strings are left for the API layer to drop (spec.md §5). */
const toDraft = (v: Values) => ({
  title: v.title.trim(),
  description: v.description.trim(),
  observation: v.observation.trim(),
  start_date: v.start_date ?? "",
  end_date: v.end_date ?? "",
  period_id: v.period_id ?? undefined,
  color: v.color.trim() || undefined,
});

type Props = {
  activity?: Activity;
  pending: boolean;
  onSubmit: (payload: ActivityPayload) => Promise<unknown>;
};

/** Create and edit form of an activity of the calendar. */
export function ActivityForm({ activity, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const { periods } = useActivityPeriods();
  const form = useForm<Values>({
    initialValues: toValues(activity),
    validate: (values) => zodErrors(createActivitySchema, toDraft(values)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      // Texts emptied on edit are sent as null (cleared); on create the empty strings are dropped.
      const draft = toDraft(values);
      const payload = activity
        ? { ...draft, description: draft.description || null, observation: draft.observation || null }
        : draft;
      await onSubmit(payload as ActivityPayload);
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CountedTextInput
            label={t("activities.fields.title")}
            withAsterisk
            maxLength={200}
            {...form.getInputProps("title")}
          />
          <CountedTextarea
            label={t("activities.fields.description")}
            maxLength={2000}
            rows={3}
            {...form.getInputProps("description")}
          />
          <CountedTextarea
            label={t("activities.fields.observation")}
            maxLength={2000}
            rows={2}
            {...form.getInputProps("observation")}
          />
          <Group grow align="flex-start">
            <DateField
              label={t("activities.fields.startDate")}
              withAsterisk
              {...form.getInputProps("start_date")}
            />
            <DateField
              label={t("activities.fields.endDate")}
              withAsterisk
              minDate={isoDateOrUndefined(form.values.start_date)}
              {...form.getInputProps("end_date")}
            />
          </Group>
          <Group grow align="flex-start">
            <PeriodSelector
              label={t("activities.fields.period")}
              periods={periods}
              value={form.values.period_id}
              onChange={(id) => form.setFieldValue("period_id", id)}
              autoSelect={!activity}
              error={form.errors.period_id}
            />
            <ColorInput
              label={t("activities.fields.color")}
              format="hex"
              swatches={["#2f9e44", "#1971c2", "#e8590c", "#9c36b5", "#0c8599", "#c92a2a"]}
              {...form.getInputProps("color")}
            />
          </Group>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/activities")}>
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
