import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAt, IconMailCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { passwordResetParamsSchema } from "../../../common/schemas/auth";
import { usePasswordResetMutation } from "../../api/auth";
import { useServerFormErrors } from "../../api/field-errors";
import { zodErrors } from "../../components/form/zod-errors";
import { AuthLayout } from "./AuthLayout";

/** /recover-account: asks for the e-mail address and sends the recovery link. */
export default function RecoverAccountPage() {
  const { t } = useTranslation();
  const reset = usePasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    initialValues: { email: "" },
    validate: (values) => zodErrors(passwordResetParamsSchema, values),
  });
  useServerFormErrors(form);

  const submit = form.onSubmit(async (values) => {
    const address = values.email.trim();
    try {
      await reset.mutateAsync(address);
      setSentTo(address);
    } catch {
      // shown by the HTTP client
    }
  });

  return (
    <AuthLayout title={t("auth.recover.title")} description={t("auth.recover.description")}>
      {sentTo ? (
        <Alert color="teal" icon={<IconMailCheck size={18} aria-hidden />} role="status">
          {t("auth.recover.sent", { email: sentTo })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label={t("common.email")}
              type="email"
              autoComplete="email"
              leftSection={<IconAt size={16} aria-hidden />}
              withAsterisk
              {...form.getInputProps("email")}
            />
            <Button type="submit" fullWidth loading={reset.isPending}>
              {t("auth.recover.submit")}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/" size="sm" ta="center">
        {t("auth.recover.backToLogin")}
      </Anchor>
    </AuthLayout>
  );
}
