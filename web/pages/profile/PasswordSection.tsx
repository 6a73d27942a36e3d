import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { updatePasswordBodySchema } from "../../../common/schemas/users";
import { validationMessage } from "../../../common/validation";
import { useUpdatePassword } from "../../api/profile";
import { toast } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";
import { validationLanguage } from "../../i18n";
import type { SessionUser } from "../../session/types";
import { ProfileSection } from "./ProfileSection";
import { showServerErrors } from "./server-errors";

const refusals = { invalid_password: "current_password" };

/** Current, new and confirmation: 'Su contraseña ha sido cambiada'. */
export function PasswordSection({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const form = useForm({
    initialValues: { current_password: "", password: "", password_confirmation: "" },
    validate: (values) => ({
      ...zodErrors(updatePasswordBodySchema, values),
      ...(values.current_password
        ? {}
        : {
            current_password: validationMessage("required", ["current_password"], {}, validationLanguage()),
          }),
    }),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: user.id, body: values });
      form.reset();
      toast.success(t("profile.password.success"));
    } catch (error) {
      showServerErrors(form, error, refusals);
    }
  });

  return (
    <ProfileSection title={t("profile.password.title")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t("profile.password.current")}
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps("current_password")}
          />
          <PasswordInput
            label={t("profile.password.new")}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps("password")}
          />
          <PasswordInput
            label={t("profile.password.confirmation")}
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps("password_confirmation")}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t("profile.password.submit")}
            </Button>
          </Group>
        </Stack>
      </form>
    </ProfileSection>
  );
}
