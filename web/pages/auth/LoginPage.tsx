import { Anchor, Button, Checkbox, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { IconAt, IconLock } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { loginBodySchema } from "../../../common/schemas/auth";
import { type LoginPayload, useLoginMutation } from "../../api/auth";
import { firstMessages, useServerFormErrors } from "../../api/field-errors";
import { zodErrors } from "../../components/form/zod-errors";
import { returnPath } from "../../session/guards";
import { sessionStore } from "../../session/store";
import { AuthLayout } from "./AuthLayout";

/** / and /login. */
export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLoginMutation();
  const form = useForm<LoginPayload>({
    initialValues: { email: "", password: "", remember_me: false },
    validate: (values) => zodErrors(loginBodySchema, values),
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
