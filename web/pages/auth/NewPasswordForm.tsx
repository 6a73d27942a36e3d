import { Alert, Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAlertCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { confirmAccountBodySchema } from "../../../common/schemas/auth";
import type { NewPasswordPayload } from "../../api/auth";
import { useServerFormErrors } from "../../api/field-errors";
import { useSearchParams } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";
import { AuthLayout } from "./AuthLayout";

type Props = {
  /** i18n prefix: auth.confirmAccount or auth.confirmPassword. */
  texts: "auth.confirmAccount" | "auth.confirmPassword";
  send: (payload: NewPasswordPayload) => Promise<unknown>;
  pending: boolean;
};

/** Choose a password with the token of an e-mailed link (?token=…); on success go to login. */
export function NewPasswordForm({ texts, send, pending }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const form = useForm({
    initialValues: { password: "", password_confirmation: "" },
    // Confirmation and recovery send the same body; the shared schema checks it as the server does.
    validate: (values) => zodErrors(confirmAccountBodySchema, { token, ...values }),
  });
  useServerFormErrors(form);

  const submit = form.onSubmit(async (values) => {
    try {
      await send({ token, ...values });
      notifications.show({ color: "teal", message: t(`${texts}.success`) });
      await navigate("/", { replace: true });
    } catch {
      // shown by the HTTP client
    }
  });

  return (
    <AuthLayout title={t(`${texts}.title`)} description={t(`${texts}.description`)}>
      {token ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label={t("common.password")}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps("password")}
            />
            <PasswordInput
              label={t("auth.fields.passwordConfirmation")}
              autoComplete="new-password"
              withAsterisk
              {...form.getInputProps("password_confirmation")}
            />
            <Button type="submit" fullWidth loading={pending}>
              {t(`${texts}.submit`)}
            </Button>
          </Stack>
        </form>
      ) : (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />}>
          {t("auth.invalidLink")}
        </Alert>
      )}
      <Anchor component={Link} to="/" size="sm" ta="center">
        {t("auth.recover.backToLogin")}
      </Anchor>
    </AuthLayout>
  );
}
