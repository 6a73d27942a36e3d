import { Button, Center, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "../../../common/dates/format";
import { type PaymentDetail, paymentsApi, usePayment } from "../../api/payments";
import { money } from "../../components/payment-report/format";
import { reportedDay, StatusBadge } from "./payment-columns";

/** Downloads an approved payment's receipt PDF (the student's own, or any for staff). */
export function ReceiptButton({ paymentId, size = "xs" }: { paymentId: number; size?: "xs" | "sm" }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  return (
    <Button
      size={size}
      variant="default"
      loading={loading}
      leftSection={<IconDownload size={14} aria-hidden />}
      onClick={() => {
        setLoading(true);
        paymentsApi
          .downloadReceipt(paymentId)
          .catch(() => undefined)
          .finally(() => setLoading(false));
      }}
    >
      {t("payments.detail.receipt")}
    </Button>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

function DetailBody({ payment }: { payment: PaymentDetail }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label={t("payments.fields.student")}>
          {`${payment.student.first_name} ${payment.student.last_name}`} · {payment.student.identity_document}
        </Field>
        <Field label={t("payments.fields.period")}>{payment.period.name}</Field>
        <Field label={t("payments.fields.type")}>{t(`paymentReport.methods.${payment.type}`)}</Field>
        <Field label={t("payments.fields.receiptNumber")}>{payment.receipt_number ?? "—"}</Field>
        <Field label={t("payments.fields.paymentDate")}>{formatDate(payment.date)}</Field>
        <Field label={t("payments.fields.reportDate")}>{formatDate(reportedDay(payment))}</Field>
        <Field label={t("payments.fields.amount")}>{money(payment.amount_e2)}</Field>
        <Field label={t("payments.fields.origin")}>
          {payment.from_report ? t("payments.origin.report") : t("payments.origin.desk")}
        </Field>
        <Field label={t("payments.fields.status")}>
          <StatusBadge status={payment.status} t={t} />
        </Field>
        {payment.observation ? (
          <Field label={t("payments.fields.observation")}>{payment.observation}</Field>
        ) : null}
      </SimpleGrid>
      {payment.allocations.length > 0 ? (
        <Stack gap={4}>
          <Title order={2} size="h5">
            {t("payments.detail.allocations")}
          </Title>
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("payments.detail.installment")}</Table.Th>
                <Table.Th ta="right">{t("payments.fields.amount")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payment.allocations.map((a) => (
                <Table.Tr key={a.fee_installment_id}>
                  <Table.Td>{formatDate(a.installment_date)}</Table.Td>
                  <Table.Td ta="right">{money(a.amount_e2)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {payment.credit_e2 > 0 ? (
            <Text size="sm">{t("paymentReport.credit", { amount: money(payment.credit_e2) })}</Text>
          ) : null}
        </Stack>
      ) : null}
      <Stack gap={4}>
        <Title order={2} size="h5">
          {t("payments.detail.history")}
        </Title>
        <Table withTableBorder fz="sm" aria-label={t("payments.detail.history")}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("payments.detail.when")}</Table.Th>
              <Table.Th>{t("payments.detail.who")}</Table.Th>
              <Table.Th>{t("payments.detail.change")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payment.audit.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{formatDateTime(entry.created_at)}</Table.Td>
                <Table.Td>{entry.actor_name ?? entry.actor_email ?? "—"}</Table.Td>
                <Table.Td>
                  {entry.old_status
                    ? `${t(`payments.status.${entry.old_status}`)} → ${t(`payments.status.${entry.new_status}`)}`
                    : t(`payments.audit.${entry.action}`, { defaultValue: entry.action })}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      {payment.status === 2 ? (
        <Group>
          <ReceiptButton paymentId={payment.id} size="sm" />
        </Group>
      ) : null}
    </Stack>
  );
}

/** A payment with where its money went, its status history (audit trail) and its receipt. */
export function PaymentDetailModal({
  paymentId,
  onClose,
}: {
  paymentId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const payment = usePayment(paymentId);
  return (
    <Modal
      opened={paymentId !== undefined}
      onClose={onClose}
      title={t("payments.detail.title", { id: paymentId })}
      size="lg"
    >
      {payment.data ? (
        <DetailBody payment={payment.data} />
      ) : (
        <Center p="lg">
          <Loader size="sm" aria-label={t("payments.detail.loading")} />
        </Center>
      )}
    </Modal>
  );
}
