import { Button, Group, Paper, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { schoolDateOf } from "../../../common/dates/format";
import { updateStudentSchemaAt } from "../../../common/schemas/students";
import { useServerFormErrors } from "../../api/field-errors";
import type { Student, UpdateStudentPayload } from "../../api/students";
import { usePictureUrl } from "../../api/use-picture-url";
import { CountedTextInput, DateField, PhotoSelector, useUnsavedChanges, zodErrors } from "../../components";

type Values = {
  first_name: string;
  last_name: string;
  identity_document: string;
  email: string;
  gender: string;
  birth_date: string;
  phone: string;
  address: string;
};

const toValues = (s: Student): Values => ({
  first_name: s.first_name,
  last_name: s.last_name,
  identity_document: s.identity_document,
  email: s.email,
  gender: s.gender,
  birth_date: s.birth_date ?? "",
  phone: s.phone ?? "",
  address: s.address ?? "",
});

/** The payload of an update: trimmed values, empty and falsy ones dropped (spec.md §5). */
export function toPayload(values: Values): UpdateStudentPayload {
  const payload: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    const text = value.trim();
    if (text) payload[key] = text;
  }
  return payload as UpdateStudentPayload;
}

type Props = {
  student: Student;
  pending: boolean;
  /**
   * Sends the changes, with the version of the record the form was filled from (and the new photo, when one
   * was chosen); rejects when the server refused them.
   */
  onSubmit: (payload: UpdateStudentPayload, photo: File | null) => Promise<unknown>;
  cancelTo: string;
};

/** Edit form of a student: shared-schema validation, server 422 messages under the inputs. */
export function StudentForm({ student, pending, onSubmit, cancelTo }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: toValues(student),
    // A birth date after the school's today is refused, as the server does.
    validate: (values) =>
      zodErrors(
        updateStudentSchemaAt(() => schoolDateOf(new Date())),
        toPayload(values),
      ),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const [photo, setPhoto] = useState<File | null>(null);
  const saved = usePictureUrl(student.profile_picture);
  const unsaved = useUnsavedChanges(form.isDirty() || photo !== null);
  // The version the values were read from, whatever a background refetch brings meanwhile (issue 27).
  const [readVersion] = useState(student.version);

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      await onSubmit({ ...toPayload(values), version: readVersion }, photo);
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PhotoSelector value={photo ?? saved} onChange={setPhoto} />
          <Group grow align="flex-start">
            <CountedTextInput
              label={t("students.fields.firstName")}
              withAsterisk
              maxLength={100}
              {...form.getInputProps("first_name")}
            />
            <CountedTextInput
              label={t("students.fields.lastName")}
              withAsterisk
              maxLength={100}
              {...form.getInputProps("last_name")}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label={t("students.fields.identityDocument")}
              description={t("students.form.identityHint")}
              withAsterisk
              maxLength={20}
              {...form.getInputProps("identity_document")}
            />
            <TextInput
              label={t("common.email")}
              type="email"
              withAsterisk
              maxLength={255}
              {...form.getInputProps("email")}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label={t("students.fields.gender")}
              withAsterisk
              allowDeselect={false}
              data={[
                { value: "female", label: t("students.genders.female") },
                { value: "male", label: t("students.genders.male") },
              ]}
              {...form.getInputProps("gender")}
            />
            <DateField label={t("students.fields.birthDate")} {...form.getInputProps("birth_date")} />
          </Group>
          <TextInput label={t("students.fields.phone")} maxLength={30} {...form.getInputProps("phone")} />
          <CountedTextInput
            label={t("students.fields.address")}
            maxLength={500}
            {...form.getInputProps("address")}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={cancelTo}>
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
