import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconCash } from "@tabler/icons-react";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { formatDate } from "../../../../common/dates/format";
import { feeSummary, isLate, isPaid, lastOnTimeDay, pendingE2 } from "../../../../common/money/fees";
import { usePeriodFee } from "../../../api/payments";
import { feeInstallments, feeTerms, schoolToday } from "../../../components/payment-report/fee-state";
import { dayMonth, money } from "../../../components/payment-report/format";
import { usePhone } from "../../../components/phone";
import { useBreadcrumbs } from "../../../layout/breadcrumbs";
import { useSession } from "../../../session/useSession";
import { ReceiptButton } from "../../payments/PaymentDetailModal";
import { StatusBadge } from "../../payments/payment-columns";
import { PhoneRecords } from "./PhoneRecords";

/** The same chunk the banner loads: the wizard's code is fetched on first use. */
const PaymentReportWizard = lazy(() => import("../../../components/payment-report/PaymentReportWizard"));

/**
 * /profile/{id}/payments (student only): the fee of the latest inscription's period with each installment's
 * state and lateness, the payments reported or recorded (receipt of the approved ones) and "Reportar pago".
 */
export function MyPaymentsPage() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const fee = usePeriodFee(valid ? id : undefined);
  const [reporting, setReporting] = useState(false);
  useBreadcrumbs([{ label: t("payments.mine.title") }]);
  // The payments come with the session's latest inscription: fetched again on opening the page.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ["session", "me"] });
  }, [queryClient]);
  const today = schoolToday();
  const latest = user?.latest_inscription ?? null;
  const payments = latest && fee.data && latest.period_id === fee.data.period_id ? latest.payments : [];
  const terms = fee.data ? feeTerms(fee.data) : null;
  const installments = fee.data ? feeInstallments(fee.data) : [];
  const summary = terms ? feeSummary(installments, terms, today) : null;
  const phone = usePhone();
  const rows = terms
    ? installments.map((i) => {
        const late = isLate(i, terms, today);
        const paid = isPaid(i);
        const state = paid ? "paid" : late ? "late" : i.paidE2 > 0 ? "partial" : "pending";
        const color = { paid: "green", late: "red", partial: "yellow", pending: "gray" }[state];
        return { i, paid, state, color };
      })
    : [];
  type Installment = (typeof installments)[number];
  const dueCell = (i: Installment, paid: boolean) => (
    <>
      <Text size="sm">{formatDate(i.date)}</Text>
      {!paid && terms ? (
        <Text size="xs" c="dimmed">
          {t("payments.mine.lastDay", { date: dayMonth(lastOnTimeDay(i, terms), i18n.language) })}
        </Text>
      ) : null}
    </>
  );
  const lateExtra = (i: Installment) =>
    money(i.lateExtraE2 || (terms && isLate(i, terms, today) ? terms.lateExtraE2 : 0));
  const stateBadge = (state: string, color: string | undefined) => (
    <Badge color={color} variant="dot" miw="max-content" style={{ overflow: "visible" }}>
      {t(`payments.mine.states.${state}`)}
    </Badge>
  );
  const receiptCell = (p: (typeof payments)[number]) =>
    p.status === 2 ? <ReceiptButton paymentId={p.id} /> : "—";

  return (
    <Stack gap="md" maw={960}>
      <Group justify="space-between">
        <Title order={1} size="h3">
          {t("payments.mine.title")}
        </Title>
        {fee.data && summary && !summary.completed ? (
          <Button leftSection={<IconCash size={16} aria-hidden />} onClick={() => setReporting(true)}>
            {t("paymentBanner.report")}
          </Button>
        ) : null}
      </Group>
      {fee.isLoading ? <Loader size="sm" aria-label={t("common.loading")} /> : null}
      {fee.isError || !valid ? (
        <Alert color="red" role="alert">
          {t("payments.mine.error")}
        </Alert>
      ) : null}
      {fee.isSuccess && !fee.data ? <Text>{t("payments.mine.noFee")}</Text> : null}
      {fee.data && summary && terms ? (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t("payments.mine.pending")}
              </Text>
              <Text fw={700} size="lg">
                {money(summary.pendingE2)}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t("payments.mine.overdue")}
              </Text>
              <Text fw={700} size="lg" c={summary.overdueE2 > 0 ? "red.9" : undefined}>
                {money(summary.overdueE2)}
              </Text>
            </Card>
            <Card withBorder>
              <Text size="sm" c="dimmed">
                {t("payments.mine.rules")}
              </Text>
              <Text size="sm">
                {t("payments.mine.rulesText", { days: terms.graceDays, amount: money(terms.lateExtraE2) })}
              </Text>
            </Card>
          </SimpleGrid>
          {summary.completed ? <Alert color="green">{t("payments.mine.completed")}</Alert> : null}
          <Card withBorder component="section" aria-labelledby="installments-title">
            <Title order={2} size="h4" id="installments-title" mb="xs">
              {t("payments.mine.installments")}
            </Title>
            {phone ? (
              <PhoneRecords
                records={rows.map(({ i, paid, state, color }) => ({
                  key: i.id,
                  title: dueCell(i, paid),
                  badge: stateBadge(state, color),
                  facts: [
                    { label: t("payments.fields.amount"), value: money(i.amountE2) },
                    { label: t("payments.mine.paid"), value: money(i.paidE2) },
                    { label: t("payments.mine.lateExtra"), value: lateExtra(i) },
                    { label: t("payments.mine.pendingColumn"), value: money(pendingE2(i, terms, today)) },
                  ],
                }))}
              />
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("payments.mine.due")}</Table.Th>
                      <Table.Th ta="right">{t("payments.fields.amount")}</Table.Th>
                      <Table.Th ta="right">{t("payments.mine.paid")}</Table.Th>
                      <Table.Th ta="right">{t("payments.mine.lateExtra")}</Table.Th>
                      <Table.Th ta="right">{t("payments.mine.pendingColumn")}</Table.Th>
                      <Table.Th>{t("payments.fields.status")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map(({ i, paid, state, color }) => (
                      <Table.Tr key={i.id}>
                        <Table.Td>{dueCell(i, paid)}</Table.Td>
                        <Table.Td ta="right">{money(i.amountE2)}</Table.Td>
                        <Table.Td ta="right">{money(i.paidE2)}</Table.Td>
                        <Table.Td ta="right">{lateExtra(i)}</Table.Td>
                        <Table.Td ta="right">{money(pendingE2(i, terms, today))}</Table.Td>
                        <Table.Td>{stateBadge(state, color)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
          <Card withBorder component="section" aria-labelledby="payments-title">
            <Title order={2} size="h4" id="payments-title" mb="xs">
              {t("payments.mine.payments")}
            </Title>
            {payments.length === 0 ? (
              <Text size="sm">{t("payments.mine.noPayments")}</Text>
            ) : phone ? (
              <PhoneRecords
                records={payments.map((p) => ({
                  key: p.id,
                  title: <Text size="sm">{formatDate(p.date)}</Text>,
                  badge: <StatusBadge status={p.status} t={t} />,
                  facts: [
                    { label: t("payments.fields.amount"), value: money(p.amount_e2) },
                    { label: t("payments.fields.type"), value: t(`paymentReport.methods.${p.type}`) },
                    { label: t("payments.fields.receiptNumber"), value: p.receipt_number ?? "—" },
                  ],
                  footer: p.status === 2 ? <ReceiptButton paymentId={p.id} /> : undefined,
                }))}
              />
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped fz="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("payments.fields.date")}</Table.Th>
                      <Table.Th>{t("payments.fields.type")}</Table.Th>
                      <Table.Th>{t("payments.fields.receiptNumber")}</Table.Th>
                      <Table.Th ta="right">{t("payments.fields.amount")}</Table.Th>
                      <Table.Th>{t("payments.fields.status")}</Table.Th>
                      <Table.Th>{t("payments.detail.receipt")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {payments.map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>{formatDate(p.date)}</Table.Td>
                        <Table.Td>{t(`paymentReport.methods.${p.type}`)}</Table.Td>
                        <Table.Td>{p.receipt_number ?? "—"}</Table.Td>
                        <Table.Td ta="right">{money(p.amount_e2)}</Table.Td>
                        <Table.Td>
                          <StatusBadge status={p.status} t={t} />
                        </Table.Td>
                        <Table.Td>{receiptCell(p)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Card>
          {reporting ? (
            <Suspense fallback={null}>
              <PaymentReportWizard
                opened={reporting}
                onClose={() => setReporting(false)}
                fee={fee.data}
                studentId={id}
                onReported={() => {
                  void fee.refetch();
                  void queryClient.invalidateQueries({ queryKey: ["session", "me"] });
                }}
              />
            </Suspense>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
