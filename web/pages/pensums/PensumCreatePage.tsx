import { Button, Group, NumberInput, Paper, Select, Stack, Switch, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { createPensumSchema } from "../../../common/schemas/pensums";
import { useServerFormErrors } from "../../api/field-errors";
import { useCreatePensum } from "../../api/pensums";
import { useSpecializationOptions } from "../../api/specializations";
import { CountedTextInput, listReturnPath, toast, useUnsavedChanges, zodErrors } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { RefusalDialog, useRefusal } from "./RefusalDialog";

type Values = {
  specialization_id: string | null;
  name: string;
  semesters: number | string;
  enabled: boolean;
};

/**
 * /pensums/create: version 1 of a pensum with its first semesters (codes from the specialization's code,
 * changeable later); courses are placed on the edit page that follows.
 */
export function PensumCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreatePensum();
  const specializations = useSpecializationOptions();
  const refusal = useRefusal();
  useBreadcrumbs([
    { label: t("pensums.list.title"), to: listReturnPath("/pensums") },
    { label: t("pensums.create.title") },
  ]);

  const toDraft = (v: Values) => {
    const spec = specializations.data?.find((s) => String(s.id) === v.specialization_id);
    const count = v.semesters === "" ? 0 : Number(v.semesters);
    return {
      specialization_id: v.specialization_id ? Number(v.specialization_id) : undefined,
      name: v.name.trim(),
      enabled: v.enabled,
      semesters: Array.from({ length: Math.max(0, Math.min(20, count)) }, (_, i) => ({
        code: `${spec?.code ?? "S"}-S${i + 1}`,
        courses_ids: [],
      })),
    };
  };

  const form = useForm<Values>({
    initialValues: { specialization_id: null, name: "", semesters: 2, enabled: true },
    validate: (values) => zodErrors(createPensumSchema, toDraft(values)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    let id = 0;
    const ok = await refusal.run(async () => {
      id = (await create.mutateAsync(createPensumSchema.parse(toDraft(values)))).id;
    });
    if (!ok) {
      unsaved.allowLeaving(false);
      return;
    }
    toast.success(t("pensums.create.success"));
    await navigate(`/pensums/${id}/edit`);
  });

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("pensums.create.title")}
      </Title>
      <Paper withBorder p="lg" maw={640}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Select
              label={t("pensums.fields.specialization")}
              withAsterisk
              searchable
              data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
              {...form.getInputProps("specialization_id")}
            />
            <CountedTextInput
              label={t("pensums.fields.name")}
              withAsterisk
              maxLength={150}
              {...form.getInputProps("name")}
            />
            <NumberInput
              label={t("pensums.create.semesters")}
              min={0}
              max={20}
              clampBehavior="none"
              {...form.getInputProps("semesters")}
            />
            <Switch
              label={t("pensums.fields.enabled")}
              {...form.getInputProps("enabled", { type: "checkbox" })}
            />
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={listReturnPath("/pensums")}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {t("common.save")}
              </Button>
            </Group>
          </Stack>
        </form>
        {unsaved.dialog}
      </Paper>
      <RefusalDialog title={t("pensums.refusal.title")} message={refusal.message} onClose={refusal.close} />
    </Stack>
  );
}
