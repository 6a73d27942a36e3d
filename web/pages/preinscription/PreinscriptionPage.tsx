import { Alert, Anchor, Box, Button, Center, Loader, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IconAlertTriangle, IconCalendarOff, IconCircleCheck } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { honeypotField } from "../../../common/schemas/preregistered-students";
import { isApiError } from "../../api/errors";
import { useServerFormErrors } from "../../api/field-errors";
import {
  isPreregistrationsClosed,
  type PreregistrationForm,
  useCreatePreregistration,
  usePreregistrationForm,
} from "../../api/preregistered-students";
import {
  emptyValues,
  formErrors,
  PreinscriptionFields,
  toPayload,
  type Values,
} from "./PreinscriptionFields";
import { PreinscriptionLayout } from "./PreinscriptionLayout";

/** /preinscription: the public form (no session), open while a period takes pre-inscriptions. */
export function PreinscriptionPage() {
  const { t } = useTranslation();
  const form = usePreregistrationForm();
  const [closedMeanwhile, setClosedMeanwhile] = useState(false);
  const [sent, setSent] = useState<string | null>(null);

  const closed =
    closedMeanwhile ||
    (form.error !== null && isApiError(form.error) && isPreregistrationsClosed(form.error));

  if (sent !== null) {
    return (
      <PreinscriptionLayout title={t("preinscription.sentTitle")}>
        <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
          {sent}
        </Alert>
        <BackToLogin />
      </PreinscriptionLayout>
    );
  }
  if (closed) {
    return (
      <PreinscriptionLayout title={t("preinscription.closedTitle")}>
        <Alert color="gray" icon={<IconCalendarOff size={18} aria-hidden />} role="status">
          {t("preinscription.closed")}
        </Alert>
        <BackToLogin />
      </PreinscriptionLayout>
    );
  }
  if (form.isPending) {
    return (
      <PreinscriptionLayout title={t("preinscription.title")}>
        <Center py="xl">
          <Loader aria-label={t("common.loading")} />
        </Center>
      </PreinscriptionLayout>
    );
  }
  if (form.isError || !form.data) {
    return (
      <PreinscriptionLayout title={t("preinscription.title")}>
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {t("preinscription.loadFailed")}
        </Alert>
        <Button variant="light" onClick={() => void form.refetch()}>
          {t("preinscription.retry")}
        </Button>
        <BackToLogin />
      </PreinscriptionLayout>
    );
  }
  return (
    <PreinscriptionLayout
      title={t("preinscription.title")}
      description={t("preinscription.description", {
        period: `${form.data.period.year}-${form.data.period.number}`,
      })}
    >
      <PreinscriptionForm data={form.data} onSent={setSent} onClosed={() => setClosedMeanwhile(true)} />
      <BackToLogin />
    </PreinscriptionLayout>
  );
}

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Anchor component={Link} to="/" size="sm" ta="center">
      {t("preinscription.backToLogin")}
    </Anchor>
  );
}

function PreinscriptionForm({
  data,
  onSent,
  onClosed,
}: {
  data: PreregistrationForm;
  onSent: (message: string) => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePreregistration();
  const form = useForm<Values>({ initialValues: emptyValues, validate: formErrors });
  useServerFormErrors(form);

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await create.mutateAsync(toPayload(values));
      onSent(answer.description);
    } catch (error) {
      // Field errors and notices come from the HTTP client; a period closed meanwhile says so here.
      if (isApiError(error) && isPreregistrationsClosed(error)) onClosed();
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <PreinscriptionFields form={form} specializations={data.specializations} />

        {/* The honeypot: off screen, out of the tab order and hidden from assistive technology. */}
        <Box
          aria-hidden="true"
          style={{
            position: "absolute",
            left: "-10000px",
            top: "auto",
            width: 1,
            height: 1,
            overflow: "hidden",
          }}
        >
          <label htmlFor="preinscription-website">{t("preinscription.fields.honeypot")}</label>
          <input
            id="preinscription-website"
            name={honeypotField}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={form.values.website}
            onChange={(event) => form.setFieldValue("website", event.currentTarget.value)}
          />
        </Box>

        <Button type="submit" fullWidth loading={create.isPending}>
          {t("preinscription.submit")}
        </Button>
      </Stack>
    </form>
  );
}
