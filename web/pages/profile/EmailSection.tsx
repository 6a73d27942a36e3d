import { Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { updateEmailBodySchema } from "../../../common/schemas/users";
import { validationMessage } from "../../../common/validation";
import { useUpdateEmail } from "../../api/profile";
import { toast } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";
import { validationLanguage } from "../../i18n";
import type { SessionUser } from "../../session/types";
import { ProfileSection } from "./ProfileSection";
import { showServerErrors } from "./server-errors";

const refusals = { invalid_password: "password", new_email_equals_current: "email" };

/** New e-mail, proved with the current password: 'Su email ha sido actualizado'. */
export function EmailSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const update = useUpdateEmail();
  const form = useForm({
    initialValues: { email: "", password: "" },
    validate: (values) => ({
      ...zodErrors(updateEmailBodySchema, { ...values, email: values.email.trim() }),
      ...(values.password
        ? {}
        : { password: validationMessage("required", ["password"], {}, validationLanguage()) }),
    }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: user.id,
        body: { email: values.email.trim(), password: values.password },
      });
      form.reset();
      toast.success(t("profile.email.success"));
    } catch (error) {
      showServerErrors(form, error, refusals);
    }
  });

  return (
    <ProfileSection title={t("profile.email.title")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput label={t("profile.summary.email")} value={user.email} readOnly />
          <TextInput
            label={t("profile.email.label")}
            type="email"
            autoComplete="email"
            withAsterisk
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={t("profile.email.password")}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t("profile.email.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
