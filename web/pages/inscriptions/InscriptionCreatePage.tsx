import { Alert, Loader, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { type InscriptionResult, useOpenInscriptionPeriods, usePreregistered } from "../../api/inscriptions";
import { listReturnPath } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { InscriptionForm } from "./InscriptionForm";
import { InscriptionResultCard } from "./InscriptionResultCard";

/**
 * The form in the period with inscriptions open; with two open (the current and the next) the user picks
 * one first, nothing is assumed. A clear note when none is open; the outcome once done.
 */
function InscriptionBody({
  preinscriptionId,
  preferredSpecializationId,
}: {
  preinscriptionId?: number;
  preferredSpecializationId?: number | null;
}) {
  const { t } = useTranslation();
  const open = useOpenInscriptionPeriods();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [result, setResult] = useState<InscriptionResult | null>(null);
  const [formKey, setFormKey] = useState(0);
  if (open.isLoading) return <Loader size="sm" aria-label={t("common.loading")} />;
  const periods = open.data ?? [];
  const period = periods.length === 1 ? periods[0] : periods.find((p) => String(p.id) === chosenId);
  if (periods.length === 0) {
    return (
      <Alert color="yellow" role="status" title={t("inscriptions.form.closedTitle")} maw={720}>
        {t("inscriptions.form.closed")}
      </Alert>
    );
  }
  if (result) {
    return (
      <InscriptionResultCard
        result={result}
        onAnother={
          preinscriptionId === undefined
            ? () => {
                setResult(null);
                setFormKey((k) => k + 1);
              }
            : undefined
        }
      />
    );
  }
  return (
    <Stack gap="md">
      {periods.length > 1 ? (
        <Stack gap={4} maw={720}>
          <Text size="sm" id="inscription-period-label">
            {t("inscriptions.form.choosePeriod")}
          </Text>
          <SegmentedControl
            aria-labelledby="inscription-period-label"
            data={periods.map((p) => ({
              value: String(p.id),
              label: t(p.enabled ? "inscriptions.form.periodCurrent" : "inscriptions.form.periodNext", {
                period: p.name,
              }),
            }))}
            value={chosenId ?? ""}
            onChange={setChosenId}
          />
        </Stack>
      ) : null}
      {period ? (
        <InscriptionForm
          key={`${period.id}-${formKey}`}
          period={period}
          preinscriptionId={preinscriptionId}
          preferredSpecializationId={preferredSpecializationId}
          onDone={setResult}
        />
      ) : null}
    </Stack>
  );
}

/** /inscriptions/create: inscribe an existing or a new student. */
export function InscriptionCreatePage() {
  const { t } = useTranslation();
  useBreadcrumbs([
    { label: t("inscriptions.list.title"), to: listReturnPath("/inscriptions") },
    { label: t("inscriptions.create.title") },
  ]);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("inscriptions.create.title")}
      </Title>
      <InscriptionBody />
    </Stack>
  );
}

/** /inscriptions/{preinscription_id}: inscribe an approved pre-registered student straight away. */
export function InscriptionPreregisteredPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.preinscription_id);
  const valid = Number.isInteger(id) && id > 0;
  const pre = usePreregistered(valid ? id : undefined);
  useBreadcrumbs([
    { label: t("inscriptions.list.title"), to: listReturnPath("/inscriptions") },
    { label: t("inscriptions.preregistered.title") },
  ]);
  const approved = pre.data?.status === "approved" && pre.data.student_id !== null;
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("inscriptions.preregistered.title")}
      </Title>
      {pre.isLoading ? <Loader size="sm" aria-label={t("common.loading")} /> : null}
      {pre.isError || !valid ? (
        <Alert color="red" role="alert" maw={720}>
          {t("inscriptions.preregistered.notFound")}
        </Alert>
      ) : null}
      {pre.data ? (
        <>
          <Text>
            {t("inscriptions.preregistered.who", {
              name: `${pre.data.first_name} ${pre.data.last_name}`,
              document: pre.data.identity_document,
              email: pre.data.email,
            })}
            {pre.data.specialization
              ? ` ${t("inscriptions.preregistered.wants", { specialization: pre.data.specialization.title })}`
              : ""}
          </Text>
          {approved ? (
            <InscriptionBody
              preinscriptionId={pre.data.id}
              preferredSpecializationId={pre.data.specialization?.id ?? null}
            />
          ) : (
            <Alert color="yellow" role="status" maw={720}>
              {t("inscriptions.preregistered.notApproved")}
            </Alert>
          )}
        </>
      ) : null}
    </Stack>
  );
}
