import { Button, Group, Input, Paper, Select, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { schoolDateOf } from "../../../common/dates/format";
import {
  type CreateTeacherInput,
  createTeacherSchemaAt,
  type UpdateTeacherInput,
  updateTeacherSchemaAt,
} from "../../../common/schemas/teachers";
import { profilePictureMimes } from "../../../common/schemas/users";
import { useFieldError, useServerFormErrors } from "../../api/field-errors";
import { useSpecializationOptions } from "../../api/specializations";
import type { Teacher } from "../../api/teachers";
import {
  CountedTextInput,
  DateField,
  listReturnPath,
  PhotoSelector,
  useUnsavedChanges,
} from "../../components";
import { zodErrors } from "../../components/form/zod-errors";

type Values = {
  first_name: string;
  last_name: string;
  identity_document: string;
  email: string;
  gender: string;
  birth_date: string;
  phone: string;
  address: string;
  enabled: boolean;
  is_coordinator: boolean;
  /** Select value: the id as text, "" when none. */
  specialization_id: string;
};

const toValues = (teacher?: Teacher): Values => ({
  first_name: teacher?.first_name ?? "",
  last_name: teacher?.last_name ?? "",
  identity_document: teacher?.identity_document ?? "",
  email: teacher?.email ?? "",
  gender: teacher?.gender ?? "",
  birth_date: teacher?.birth_date ?? "",
  phone: teacher?.phone ?? "",
  address: teacher?.address ?? "",
  enabled: teacher?.enabled ?? true,
  is_coordinator: teacher?.is_coordinator ?? false,
  specialization_id: teacher?.specialization_id ? String(teacher.specialization_id) : "",
});

/** The values in the payload's shape (not yet validated); a teacher's specialization is never sent. */
const toDraft = (v: Values) => ({
  first_name: v.first_name,
  last_name: v.last_name,
  identity_document: v.identity_document,
  email: v.email,
  gender: v.gender === "" ? undefined : v.gender,
  birth_date: v.birth_date || null,
  phone: v.phone || null,
  address: v.address || null,
  enabled: v.enabled,
  is_coordinator: v.is_coordinator,
  specialization_id: v.is_coordinator && v.specialization_id ? Number(v.specialization_id) : null,
});

type PhotoChoice = { file: File | null; removed: boolean };

type CreateProps = {
  mode: "create";
  pending: boolean;
  /** Sends the form; rejects when the server refused it (the client already showed why). */
  onSubmit: (payload: CreateTeacherInput & { profile_picture: File | null }) => Promise<unknown>;
};
type EditProps = {
  mode: "edit";
  teacher: Teacher;
  /** An object URL of the saved picture, when there is one. */
  pictureUrl: string | null;
  pending: boolean;
  onSubmit: (
    payload: UpdateTeacherInput & { profile_picture: File | null; remove_profile_picture?: boolean },
  ) => Promise<unknown>;
};

/**
 * Create and edit form of a teacher or coordinator: photo, names, cédula, e-mail, gender, birth date, phone,
 * address, Activo, Coordinador and, for a coordinator, the specialization they coordinate. Validated with
 * the shared schema on blur and on save; the server's 422 messages appear under the inputs.
 */
export function TeacherForm(props: CreateProps | EditProps) {
  const { t } = useTranslation();
  const editing = props.mode === "edit" ? props : null;
  // A birth date after the school's today is refused, as the server does.
  const today = schoolDateOf(new Date());
  const schema = (editing ? updateTeacherSchemaAt : createTeacherSchemaAt)(() => today);
  const form = useForm<Values>({
    initialValues: toValues(editing?.teacher),
    validate: (values) => {
      const errors = zodErrors(schema, toDraft(values));
      if (values.is_coordinator && !values.specialization_id)
        errors.specialization_id = t("teachers.form.specializationRequired");
      return errors;
    },
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const specializations = useSpecializationOptions();
  const [photo, setPhoto] = useState<PhotoChoice>({ file: null, removed: false });
  const photoError = useFieldError("profile_picture");
  const unsaved = useUnsavedChanges(form.isDirty() || photo.file !== null || photo.removed);

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      if (props.mode === "create") {
        await props.onSubmit({
          ...createTeacherSchemaAt(() => today).parse(toDraft(values)),
          profile_picture: photo.file,
        });
      } else {
        await props.onSubmit({
          ...updateTeacherSchemaAt(() => today).parse(toDraft(values)),
          profile_picture: photo.file,
          ...(photo.removed && !photo.file ? { remove_profile_picture: true } : {}),
        });
      }
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  const shownPhoto = photo.file ?? (photo.removed ? null : (editing?.pictureUrl ?? null));

  return (
    <Paper withBorder p="lg" maw={760}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Input.Wrapper label={t("teachers.fields.photo")} error={photoError}>
            <PhotoSelector
              value={shownPhoto}
              onChange={(file) => setPhoto({ file, removed: file === null })}
              accept={profilePictureMimes.join(",")}
              disabled={props.pending}
            />
          </Input.Wrapper>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <CountedTextInput
              label={t("teachers.fields.firstName")}
              withAsterisk
              maxLength={100}
              autoComplete="off"
              {...form.getInputProps("first_name")}
            />
            <CountedTextInput
              label={t("teachers.fields.lastName")}
              withAsterisk
              maxLength={100}
              autoComplete="off"
              {...form.getInputProps("last_name")}
            />
            <TextInput
              label={t("teachers.fields.identityDocument")}
              withAsterisk
              placeholder="V-12345678"
              maxLength={12}
              autoComplete="off"
              {...form.getInputProps("identity_document")}
            />
            <TextInput
              label={t("teachers.fields.email")}
              withAsterisk
              type="email"
              maxLength={255}
              autoComplete="off"
              description={props.mode === "create" ? t("teachers.create.mailHint") : undefined}
              {...form.getInputProps("email")}
            />
            <Select
              label={t("teachers.fields.gender")}
              withAsterisk
              allowDeselect={false}
              data={[
                { value: "female", label: t("teachers.gender.female") },
                { value: "male", label: t("teachers.gender.male") },
              ]}
              {...form.getInputProps("gender")}
            />
            <DateField
              label={t("teachers.fields.birthDate")}
              maxDate={today}
              {...form.getInputProps("birth_date")}
            />
            <TextInput
              label={t("teachers.fields.phone")}
              maxLength={30}
              autoComplete="off"
              {...form.getInputProps("phone")}
            />
            <TextInput
              label={t("teachers.fields.address")}
              maxLength={500}
              autoComplete="off"
              {...form.getInputProps("address")}
            />
          </SimpleGrid>
          <Group gap="xl">
            <Switch
              label={t("teachers.fields.enabled")}
              {...form.getInputProps("enabled", { type: "checkbox" })}
            />
            <Switch
              label={t("teachers.fields.isCoordinator")}
              {...form.getInputProps("is_coordinator", { type: "checkbox" })}
            />
          </Group>
          {form.values.is_coordinator ? (
            <Select
              label={t("teachers.fields.specialization")}
              description={t("teachers.form.specializationHint")}
              withAsterisk
              searchable
              data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
              {...form.getInputProps("specialization_id")}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/teachers")}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={props.pending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
      {unsaved.dialog}
    </Paper>
  );
}
