import { Alert, Badge, Button, Center, FileInput, Group, Loader, Stack, Table, Text } from "@mantine/core";
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconFileCheck,
  IconShieldCheck,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { formatDateTime } from "../../../common/dates/format";
import { isApiError } from "../../api/errors";
import { useCheckFile, useVerification } from "../../api/verify";
import { AuthLayout } from "../auth/AuthLayout";

/** When it was issued or revoked: the school's DD/MM/AAAA HH:MM (24-hour), as everywhere else. */
const dateTime = (iso: string) => formatDateTime(iso);

/**
 * /verify/{code} (no login): what was issued under the code printed on a certificate, to whom (cédula
 * partly hidden), when, and whether it was revoked; never grades. "Comprobar el archivo" checks that a PDF
 * is exactly the one issued.
 */
export function VerifyPage() {
  const { t } = useTranslation();
  const code = (useParams().code ?? "").trim();
  const verification = useVerification(code);
  const check = useCheckFile(code);
  const [file, setFile] = useState<File | null>(null);

  if (verification.isPending) {
    return (
      <AuthLayout title={t("verify.title")} width={560}>
        <Center py="xl">
          <Loader aria-label={t("common.loading")} />
        </Center>
      </AuthLayout>
    );
  }
  if (verification.isError) {
    const unknown = isApiError(verification.error) && verification.error.status === 404;
    return (
      <AuthLayout title={t("verify.title")} width={560}>
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {unknown
            ? (verification.error as { description?: string }).description || t("verify.unknown")
            : t("verify.loadFailed")}
        </Alert>
        <Text size="sm" c="dimmed">
          {t("verify.codeLabel")}: <b>{code}</b>
        </Text>
      </AuthLayout>
    );
  }
  const v = verification.data;
  const rows: [string, string][] = [
    [t("verify.fields.document"), v.kind_name],
    [t("verify.fields.institution"), v.institution],
    [t("verify.fields.student"), v.student_name],
    [t("verify.fields.identity"), v.identity_document],
    ...(v.specialization
      ? ([[t("verify.fields.specialization"), v.specialization]] as [string, string][])
      : []),
    ...(v.period ? ([[t("verify.fields.period"), v.period]] as [string, string][]) : []),
    [t("verify.fields.issuedAt"), dateTime(v.issued_at)],
    [t("verify.codeLabel"), v.code],
  ];
  return (
    <AuthLayout title={t("verify.title")} description={t("verify.description")} width={560}>
      {v.revoked ? (
        <Alert color="red" icon={<IconCircleX size={18} aria-hidden />} role="status">
          <Text fw={700} size="sm">
            {t("verify.revokedTitle")}
          </Text>
          {t("verify.revoked", { date: v.revoked_at ? dateTime(v.revoked_at) : "" })}
          {v.revoked_reason ? ` ${v.revoked_reason}` : ""}
        </Alert>
      ) : (
        <Alert color="teal" icon={<IconShieldCheck size={18} aria-hidden />} role="status">
          <Text fw={700} size="sm">
            {t("verify.validTitle")}
          </Text>
          {t("verify.valid")}
        </Alert>
      )}
      <Table variant="vertical" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={180}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs">
        <Text fw={600}>{t("verify.checkTitle")}</Text>
        <Text size="sm" c="dimmed">
          {t("verify.checkHelp")}
        </Text>
        <Group align="flex-end" gap="sm">
          <FileInput
            label={t("verify.fileLabel")}
            description={t("verify.filePlaceholder")}
            accept="application/pdf"
            value={file}
            onChange={(f) => {
              setFile(f);
              check.reset();
            }}
            style={{ flex: 1 }}
          />
          <Button
            leftSection={<IconFileCheck size={16} aria-hidden />}
            disabled={!file}
            loading={check.isPending}
            onClick={() => file && check.mutate(file)}
          >
            {t("verify.check")}
          </Button>
        </Group>
        {check.data ? (
          check.data.matches ? (
            <Alert color="teal" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
              <Group gap="xs">
                <Badge color="teal.9">{t("verify.matchBadge")}</Badge>
                <span>{v.revoked ? t("verify.matchesRevoked") : t("verify.matches")}</span>
              </Group>
            </Alert>
          ) : (
            <Alert color="red" icon={<IconCircleX size={18} aria-hidden />} role="alert">
              <Group gap="xs">
                <Badge color="red">{t("verify.mismatchBadge")}</Badge>
                <span>{t("verify.mismatch")}</span>
              </Group>
            </Alert>
          )
        ) : null}
      </Stack>
    </AuthLayout>
  );
}
