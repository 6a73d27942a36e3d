import { Button, Group, Paper, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { createSpecializationSchema } from "../../../common/schemas/specializations";
import { useServerFormErrors } from "../../api/field-errors";
import type { CreateSpecializationPayload, Specialization } from "../../api/specializations";
import {
  CountedTextarea,
  CountedTextInput,
  listReturnPath,
  useUnsavedChanges,
  zodErrors,
} from "../../components";

type Values = { title: string; code: string; description: string; is_basic: boolean; enabled: boolean };

const toValues = (s?: Specialization): Values => ({
  title: s?.title ?? "",
  code: s?.code ?? "",
  description: s?.description ?? "",
  is_basic: s?.is_basic ?? false,
  enabled: s?.enabled ?? true,
});

const toDraft = (v: Values) => ({
  title: v.title.trim(),
  code: v.code.trim(),
  description: v.description.trim() || null,
  is_basic: v.is_basic,
  enabled: v.enabled,
});

type Props = {
  specialization?: Specialization;
  pending: boolean;
  onSubmit: (payload: CreateSpecializationPayload) => Promise<unknown>;
};

/** Create and edit form of a specialization (title, code, description, basic cycle, enabled). */
export function SpecializationForm({ specialization, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: toValues(specialization),
    validate: (values) => zodErrors(createSpecializationSchema, toDraft(values)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      await onSubmit(createSpecializationSchema.parse(toDraft(values)));
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CountedTextInput
            label={t("specializations.fields.title")}
            withAsterisk
            maxLength={150}
            {...form.getInputProps("title")}
          />
          <CountedTextInput
            label={t("specializations.fields.code")}
            withAsterisk
            maxLength={20}
            {...form.getInputProps("code")}
          />
          <CountedTextarea
            label={t("specializations.fields.description")}
            maxLength={1000}
            rows={3}
            {...form.getInputProps("description")}
          />
          <Switch
            label={t("specializations.fields.isBasic")}
            description={t("specializations.form.isBasicHelp")}
            {...form.getInputProps("is_basic", { type: "checkbox" })}
          />
          <Switch
            label={t("specializations.fields.enabled")}
            {...form.getInputProps("enabled", { type: "checkbox" })}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/specializations")}>
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
