import { Alert, Anchor, Button, Checkbox, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { IconAt, IconLock } from "@tabler/icons-react";
import { type FormEvent, type MouseEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { validationMessage } from "../../../common/validation/messages";
import { type LoginPayload, LoginRefused, requestLogin } from "../../api/login";
import { validationLanguage } from "../../i18n";
import { sessionStore } from "../../session/store";
import { AuthLayout } from "./AuthLayout";

const MAX_LENGTH = 255;

type Field = "email" | "password";
type FieldErrors = Partial<Record<Field, string>>;

/**
 * The rules of `loginBodySchema` (common/schemas/auth.ts), written out so that the login page does not
 * load Zod: both fields required, at most 255 characters. The server checks them again.
 */
export function loginErrors(values: LoginPayload): FieldErrors {
  const lang = validationLanguage();
  const errors: FieldErrors = {};
  for (const field of ["email", "password"] as const) {
    const value = field === "email" ? values.email.trim() : values.password;
    if (value.length === 0) errors[field] = validationMessage("required", [field], {}, lang);
    else if (value.length > MAX_LENGTH)
      errors[field] = validationMessage("max", [field], { max: MAX_LENGTH, kind: "string" }, lang);
  }
  return errors;
}

/** First server message of each login field (a 422 or the e-mail error carried from an ended session). */
function fieldMessages(errors: Record<string, string[] | undefined> | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const field of ["email", "password"] as const) {
    const first = errors?.[field]?.[0];
    if (first) result[field] = first;
  }
  return result;
}

type Props = {
  /** Called with the session stored: where to go next (the deep link that led here, else /home). */
  onLoggedIn: (target: string) => void;
  /** The deep link to return to after login, if any. */
  returnTo?: string | null;
  /** Follows an in-app link without reloading (the router's navigate); plain links without it. */
  onNavigate?: (to: string) => void;
};

/**
 * The login form of / and /login. It needs only Mantine's core and the texts: no router, no data library,
 * no form library and no HTTP client, so the first screen most people see downloads little
 * (web/login-entry.tsx shows it before the app is loaded; the app's router shows the same form).
 * Refusals are shown on the form itself: the server's Spanish reason, and the field it concerns.
 */
export function LoginScreen({ onLoggedIn, returnTo, onNavigate }: Props) {
  const { t } = useTranslation();
  const [values, setValues] = useState<LoginPayload>({ email: "", password: "", remember_me: false });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  // A session that ended on a 401 (spec.md §8) leaves its reason on the e-mail field here.
  useEffect(() => {
    const carried = sessionStore.takeEndErrors();
    if (carried) setErrors(fieldMessages(carried));
  }, []);

  const change = (field: keyof LoginPayload, value: string | boolean) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field !== "remember_me") setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const found = loginErrors(values);
    setErrors(found);
    setRefusal(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const answer = await requestLogin({ ...values, email: values.email.trim() });
      sessionStore.start(answer.access_token, answer.expires_at ?? null, answer.user, values.remember_me);
      onLoggedIn(returnTo ?? "/home");
    } catch (error) {
      const { status, body } = error instanceof LoginRefused ? error : new LoginRefused(0, {});
      if (status === 0) setRefusal(t("errors.http.unreachable"));
      else if (status === 422) {
        setErrors(fieldMessages(body.errors));
        setRefusal(t("errors.http.checkInput"));
      } else if (status === 401) {
        const text = body.description ?? t("errors.http.invalidCredentials");
        setErrors({ email: text });
        setRefusal(text);
      } else setRefusal(body.description ?? t("errors.http.unknownDetail"));
      setPending(false);
    }
  };

  const link = (to: string) => ({
    href: to,
    onClick: onNavigate
      ? (event: MouseEvent<HTMLAnchorElement>) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          onNavigate(to);
        }
      : undefined,
  });

  return (
    <AuthLayout
      title={t("auth.login.title")}
      description={t("auth.login.subtitle")}
      pageTitle={t("auth.login.submit")}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {refusal && (
            <Alert color="red" variant="light" role="alert">
              {refusal}
            </Alert>
          )}
          <TextInput
            label={t("common.email")}
            type="email"
            autoComplete="username"
            leftSection={<IconAt size={16} aria-hidden />}
            withAsterisk
            value={values.email}
            onChange={(event) => change("email", event.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label={t("common.password")}
            autoComplete="current-password"
            leftSection={<IconLock size={16} aria-hidden />}
            withAsterisk
            value={values.password}
            onChange={(event) => change("password", event.currentTarget.value)}
            error={errors.password}
          />
          <Group justify="space-between">
            <Checkbox
              label={t("auth.login.rememberMe")}
              checked={values.remember_me}
              onChange={(event) => change("remember_me", event.currentTarget.checked)}
            />
            <Anchor size="sm" {...link("/recover-account")}>
              {t("auth.login.forgotPassword")}
            </Anchor>
          </Group>
          <Button type="submit" fullWidth loading={pending}>
            {t("auth.login.submit")}
          </Button>
          {pending && (
            <Text size="sm" c="dimmed" ta="center" role="status">
              {t("auth.login.loading")}
            </Text>
          )}
          <Anchor size="sm" ta="center" {...link("/preinscription")}>
            {t("auth.login.preinscription")}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
