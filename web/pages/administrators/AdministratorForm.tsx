import { Button, Group, Input, Paper, Select, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Role } from "../../../common/roles";
import {
  administratorRoles,
  type CreateAdministratorInput,
  createAdministratorSchema,
  type UpdateAdministratorInput,
  updateAdministratorSchema,
} from "../../../common/schemas/administrators";
import { profilePictureMimes } from "../../../common/schemas/users";
import type { Administrator } from "../../api/administrators";
import { useFieldError, useServerFormErrors } from "../../api/field-errors";
import { CountedTextInput, listReturnPath, PhotoSelector, useUnsavedChanges } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";
import { roleLabel } from "./administrator-columns";

const NAME_MAX = 255;
const EMAIL_MAX = 255;

type Values = { name: string; email: string /** Select value: "4" or "5", "" when none. */; type: string };

const toValues = (account?: Administrator): Values => ({
  name: account?.name ?? "",
  email: account?.email ?? "",
  type: account ? String(account.type) : String(administratorRoles[0]),
});

/** The values in the payload's shape (not yet validated); without the e-mail and role when locked. */
const toDraft = (values: Values, locked = { email: false, role: false }) => ({
  name: values.name.trim(),
  ...(locked.email ? {} : { email: values.email.trim() }),
  ...(locked.role ? {} : { type: values.type === "" ? undefined : Number(values.type) }),
});

type CreateProps = {
  mode: "create";
  pending: boolean;
  /** Sends the form; rejects when the server refused it (the client already showed why). */
  onSubmit: (payload: CreateAdministratorInput & { profile_picture: File | null }) => Promise<unknown>;
};
type EditProps = {
  mode: "edit";
  account: Administrator;
  /** Editing one's own account: the name only (e-mail on the profile; nobody changes their own role). */
  self: boolean;
  pending: boolean;
  onSubmit: (payload: UpdateAdministratorInput) => Promise<unknown>;
};

/**
 * Create and edit form of an administrator account: name, e-mail, role (Asistente or Administrador) and,
 * when creating, an optional photo. Validated with the shared schema on blur and on save; the server's 422
 * messages appear under the inputs.
 */
export function AdministratorForm(props: CreateProps | EditProps) {
  const { t } = useTranslation();
  const editing = props.mode === "edit" ? props : null;
  const self = editing?.self ?? false;
  // God's role is not one the form offers: shown, never changed here.
  const isGod = editing?.account.type === Role.god;
  const locked = { email: self, role: self || isGod };
  const schema = editing ? updateAdministratorSchema : createAdministratorSchema;
  const form = useForm<Values>({
    initialValues: toValues(editing?.account),
    validate: (values) => zodErrors(schema, toDraft(values, locked)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const [photo, setPhoto] = useState<File | null>(null);
  const photoError = useFieldError("profile_picture");
  const unsaved = useUnsavedChanges(form.isDirty() || photo !== null);

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      if (props.mode === "create") {
        await props.onSubmit({ ...createAdministratorSchema.parse(toDraft(values)), profile_picture: photo });
      } else {
        await props.onSubmit(updateAdministratorSchema.parse(toDraft(values, locked)));
      }
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {props.mode === "create" ? (
            <Input.Wrapper label={t("administrators.fields.photo")} error={photoError}>
              <PhotoSelector
                value={photo}
                onChange={setPhoto}
                accept={profilePictureMimes.join(",")}
                disabled={props.pending}
              />
            </Input.Wrapper>
          ) : null}
          <CountedTextInput
            label={t("administrators.fields.name")}
            withAsterisk
            maxLength={NAME_MAX}
            autoComplete="off"
            {...form.getInputProps("name")}
          />
          <CountedTextInput
            label={t("administrators.fields.email")}
            withAsterisk
            type="email"
            maxLength={EMAIL_MAX}
            autoComplete="off"
            disabled={self}
            description={
              self
                ? t("administrators.detail.ownEmail")
                : props.mode === "create"
                  ? t("administrators.create.mailHint")
                  : undefined
            }
            {...form.getInputProps("email")}
          />
          <Select
            label={t("administrators.fields.role")}
            withAsterisk
            allowDeselect={false}
            disabled={locked.role}
            description={self ? t("administrators.detail.ownRole") : undefined}
            data={[...administratorRoles, ...(isGod ? [Role.god] : [])].map((role) => ({
              value: String(role),
              label: roleLabel(t, role),
            }))}
            {...form.getInputProps("type")}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/administrators")}>
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
