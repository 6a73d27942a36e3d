import { Button, Group, Paper, SimpleGrid, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ClassHour } from "../../../common/schemas/class-hours";
import type { ClassHourInput } from "../../api/class-hours";
import { useServerFormErrors } from "../../api/field-errors";
import { listReturnPath, TimeField, useUnsavedChanges } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";
import { type ClassHourValues, classHourTimesSchema, onTimeFields, toValues } from "./class-hour-values";

type Props = {
  classHour?: ClassHour;
  pending: boolean;
  onSubmit: (payload: ClassHourInput) => Promise<unknown>;
};

/**
 * Create and edit form of a class hour: start and end typed as 24-hour times (HH:MM), the way class
 * hours are shown everywhere. An impossible time (25:00, 7:75) stays in its field with an error and the
 * form is not sent; the end must come after the start (same message as the server's 422).
 */
export function ClassHourForm({ classHour, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<ClassHourValues>({
    initialValues: toValues(classHour),
    validate: (values) => onTimeFields(zodErrors(classHourTimesSchema, values)),
    validateInputOnBlur: true,
  });
  // The server names its fields start_hour … end_minute: shown under the time they belong to.
  useServerFormErrors({
    setErrors: (errors: Record<string, ReactNode>) => form.setErrors(onTimeFields(errors)),
  });
  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      await onSubmit(classHourTimesSchema.parse(values));
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" maw={520}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TimeField
              label={t("classHours.fields.start")}
              description={t("classHours.form.timeHint")}
              withAsterisk
              {...form.getInputProps("start_time")}
            />
            <TimeField
              label={t("classHours.fields.end")}
              description={t("classHours.form.timeHint")}
              withAsterisk
              {...form.getInputProps("end_time")}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/classhours")}>
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
