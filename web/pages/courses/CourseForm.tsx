import { Button, Group, NumberInput, Paper, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { createCourseSchema } from "../../../common/schemas/courses";
import type { Course, CreateCoursePayload } from "../../api/courses";
import { useServerFormErrors } from "../../api/field-errors";
import { CountedTextarea, CountedTextInput, listReturnPath, useUnsavedChanges } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";

type Values = {
  code: string;
  title: string;
  description: string;
  credits: number | string;
  hours: number | string;
  max_absences_to_fail: number | string;
  enabled: boolean;
  supports_final_delivery: boolean;
};

const toValues = (c?: Course): Values => ({
  code: c?.code ?? "",
  title: c?.title ?? "",
  description: c?.description ?? "",
  // Empty for a new course: the numbers are required, never a silent 0.
  credits: c?.credits ?? "",
  hours: c?.hours ?? "",
  max_absences_to_fail: c?.max_absences_to_fail ?? "",
  enabled: c?.enabled ?? true,
  supports_final_delivery: c?.supports_final_delivery ?? false,
});

const num = (v: number | string) => (v === "" ? undefined : Number(v));
const toDraft = (v: Values) => ({
  code: v.code.trim(),
  title: v.title.trim(),
  description: v.description.trim() || null,
  credits: num(v.credits),
  hours: num(v.hours),
  max_absences_to_fail: num(v.max_absences_to_fail),
  enabled: v.enabled,
  supports_final_delivery: v.supports_final_delivery,
});

type Props = {
  course?: Course;
  pending: boolean;
  onSubmit: (payload: CreateCoursePayload) => Promise<unknown>;
};

/** Create and edit form of a course: shared-schema validation, server 422s under the inputs. */
export function CourseForm({ course, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: toValues(course),
    validate: (values) => zodErrors(createCourseSchema, toDraft(values)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      await onSubmit(createCourseSchema.parse(toDraft(values)));
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CountedTextInput
            label={t("courses.fields.code")}
            withAsterisk
            maxLength={20}
            {...form.getInputProps("code")}
          />
          <CountedTextInput
            label={t("courses.fields.title")}
            withAsterisk
            maxLength={150}
            {...form.getInputProps("title")}
          />
          <CountedTextarea
            label={t("courses.fields.description")}
            maxLength={2000}
            rows={3}
            {...form.getInputProps("description")}
          />
          <Group grow align="flex-start">
            <NumberInput
              label={t("courses.fields.credits")}
              withAsterisk
              min={1}
              max={60}
              clampBehavior="none"
              {...form.getInputProps("credits")}
            />
            <NumberInput
              label={t("courses.fields.hours")}
              withAsterisk
              min={1}
              max={100}
              clampBehavior="none"
              {...form.getInputProps("hours")}
            />
            <NumberInput
              label={t("courses.fields.maxAbsences")}
              withAsterisk
              min={0}
              max={500}
              clampBehavior="none"
              {...form.getInputProps("max_absences_to_fail")}
            />
          </Group>
          <Switch
            label={t("courses.fields.enabled")}
            {...form.getInputProps("enabled", { type: "checkbox" })}
          />
          <Switch
            label={t("courses.fields.supportsFinalDelivery")}
            {...form.getInputProps("supports_final_delivery", { type: "checkbox" })}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/courses")}>
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
