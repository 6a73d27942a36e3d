import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAt, IconLock } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { validationMessage } from "../../../common/validation/messages";
import { type LoginPayload, useLoginMutation } from "../../api/auth";
import { firstMessages, useServerFormErrors } from "../../api/field-errors";
import { validationLanguage } from "../../i18n";
import { returnPath } from "../../session/guards";
import { sessionStore } from "../../session/store";
import { AuthLayout } from "./AuthLayout";

const MAX_LENGTH = 255;

/**
 * The rules of `loginBodySchema` (common/schemas/auth.ts), written out so that the login page does not
 * load Zod: both fields required, at most 255 characters. The server checks them again.
 */
function loginErrors(values: LoginPayload): Record<string, string> {
  const lang = validationLanguage();
  const errors: Record<string, string> = {};
  for (const field of ["email", "password"] as const) {
    const value = field === "email" ? values.email.trim() : values.password;
    if (value.length === 0) errors[field] = validationMessage("required", [field], {}, lang);
    else if (value.length > MAX_LENGTH)
      errors[field] = validationMessage("max", [field], { max: MAX_LENGTH, kind: "string" }, lang);
  }
  return errors;
}

/** / and /login. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginMutation();
  const form = useForm<LoginPayload>({
    initialValues: { email: "", password: "", remember_me: false },
    validate: loginErrors,
  });
  useServerFormErrors(form);
  // A session that ended on a 401 (spec.md §8) leaves invalid_credentials on the e-mail field here.
  const { setErrors } = form;
  useEffect(() => {
    const carried = sessionStore.takeEndErrors();
    if (carried) setErrors(firstMessages(carried));
  }, [setErrors]);

  const submit = form.onSubmit(async (values) => {
    const id = notifications.show({ loading: true, message: t("auth.login.loading"), autoClose: false });
    try {
      const answer = await login.mutateAsync({ ...values, email: values.email.trim() });
      sessionStore.start(answer.access_token, answer.expires_at ?? null, answer.user, values.remember_me);
      // Back to the deep link that led here (e.g. /classrooms?page=2), else /home.
      await navigate(returnPath(location.state) ?? "/home", { replace: true });
    } catch {
      // the HTTP client already showed the error and marked the e-mail field
    } finally {
      notifications.hide(id);
    }
  });

  return (
    <AuthLayout
      title={t("auth.login.title")}
      description={t("auth.login.subtitle")}
      pageTitle={t("auth.login.submit")}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("common.email")}
            type="email"
            autoComplete="username"
            leftSection={<IconAt size={16} aria-hidden />}
            withAsterisk
            {...form.getInputProps("email")}
          />
          <PasswordInput
            label={t("common.password")}
            autoComplete="current-password"
            leftSection={<IconLock size={16} aria-hidden />}
            withAsterisk
            {...form.getInputProps("password")}
          />
          <Group justify="space-between">
            <Checkbox
              label={t("auth.login.rememberMe")}
              {...form.getInputProps("remember_me", { type: "checkbox" })}
            />
            <Anchor component={Link} to="/recover-account" size="sm">
              {t("auth.login.forgotPassword")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={login.isPending}>
            {t("auth.login.submit")}
          </Button>
          <Anchor component={Link} to="/preinscription" size="sm" ta="center">
            {t("auth.login.preinscription")}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
