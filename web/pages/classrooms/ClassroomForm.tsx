import { Button, Group, NumberInput, Paper, Stack, Switch } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Classroom, createClassroomSchema } from "../../../common/schemas/classrooms";
import type { CreateClassroomPayload } from "../../api/classrooms";
import { useServerFormErrors } from "../../api/field-errors";
import { CountedTextarea, CountedTextInput, listReturnPath, useUnsavedChanges } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";

export const CODE_MAX = 20;
export const DESCRIPTION_MAX = 1000;

type Values = {
  code: string;
  description: string;
  /** NumberInput holds "" while empty. */
  max_capacity: number | string;
  multiple_sections: boolean;
  enabled: boolean;
};

function toValues(classroom?: Classroom): Values {
  return {
    code: classroom?.code ?? "",
    description: classroom?.description ?? "",
    max_capacity: classroom?.max_capacity ?? "",
    multiple_sections: classroom?.multiple_sections ?? false,
    enabled: classroom?.enabled ?? true,
  };
}

/** The form's values in the shape of the payload (not yet validated). */
function toDraft(values: Values) {
  return {
    code: values.code.trim(),
    description: values.description.trim() || null,
    max_capacity: values.max_capacity === "" ? undefined : Number(values.max_capacity),
    multiple_sections: values.multiple_sections,
    enabled: values.enabled,
  };
}

type Props = {
  /** The classroom being edited; a new one when absent. */
  classroom?: Classroom;
  pending: boolean;
  /** Sends the payload; rejects when the server refused it (the client already showed why). */
  onSubmit: (payload: CreateClassroomPayload) => Promise<unknown>;
};

/**
 * Create and edit form of a classroom: shared-schema validation (on blur and on save), server 422 errors
 * under the inputs, a question before leaving with unsaved changes. Nothing is corrected silently: a
 * capacity out of range stays as typed and the schema's message says why it is refused.
 */
export function ClassroomForm({ classroom, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: toValues(classroom),
    validate: (values) => zodErrors(createClassroomSchema, toDraft(values)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      await onSubmit(createClassroomSchema.parse(toDraft(values)));
    } catch {
      // the HTTP client showed the notice and stored the field errors
      unsaved.allowLeaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CountedTextInput
            label={t("classrooms.fields.code")}
            withAsterisk
            maxLength={CODE_MAX}
            {...form.getInputProps("code")}
          />
          <CountedTextarea
            label={t("classrooms.fields.description")}
            maxLength={DESCRIPTION_MAX}
            rows={3}
            {...form.getInputProps("description")}
          />
          <NumberInput
            label={t("classrooms.fields.maxCapacity")}
            withAsterisk
            min={1}
            max={10_000}
            clampBehavior="none"
            {...form.getInputProps("max_capacity")}
          />
          <Switch
            label={t("classrooms.fields.multipleSections")}
            {...form.getInputProps("multiple_sections", { type: "checkbox" })}
          />
          <Switch
            label={t("classrooms.fields.enabled")}
            {...form.getInputProps("enabled", { type: "checkbox" })}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/classrooms")}>
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
