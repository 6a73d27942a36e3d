import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { formatDate, isIsoDate } from "../../../common/dates/format";
import { parseAmountE2 } from "../../../common/money/fees";
import { paymentMethods } from "../../../common/schemas/payments";
import { firstMessages, useFieldErrors } from "../../api/field-errors";
import { useIdempotencyKey } from "../../api/idempotency";
import { useCreatePayment, usePeriodFee } from "../../api/payments";
import { usePeriods } from "../../api/periods";
import { PeriodSelector, StudentSearchSelect, toast } from "../../components";
import { DateField } from "../../components/DateField/DateField";
import { type ReportMode, reportSummary, schoolToday } from "../../components/payment-report/fee-state";
import { money } from "../../components/payment-report/format";
import { useBreadcrumbs } from "../../layout/breadcrumbs";

/**
 * /payments/create (administrators): a payment taken at the desk, recorded approved and allocated at once
 * (`from_report` false). The student's fee for the period shows what the amount will cover.
 */
export function PaymentCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBreadcrumbs([
    { label: t("payments.list.title"), to: "/payments" },
    { label: t("payments.create.title") },
  ]);
  const periods = usePeriods();
  const [studentId, setStudentId] = useState<number | undefined>();
  const [periodId, setPeriodId] = useState<number | null>(null);
  const [mode, setMode] = useState<ReportMode>("installment");
  const [type, setType] = useState<string | null>(null);
  const [date, setDate] = useState(schoolToday());
  const [receiptNumber, setReceiptNumber] = useState("");
  const [amount, setAmount] = useState("");
  const [observation, setObservation] = useState("");
  const fee = usePeriodFee(studentId, { periodId: periodId ?? undefined, enabled: periodId !== null });
  const create = useCreatePayment();
  const { keyFor } = useIdempotencyKey();
  // A refusal of the server (422) shows under its field, first message per field (spec.md §5).
  const serverErrors = firstMessages(useFieldErrors());
  const today = schoolToday();
  const cash = type === String(paymentMethods.cash);
  const amountE2 = mode === "installment" ? parseAmountE2(amount) : null;
  const summary = fee.data ? reportSummary(fee.data, mode, amountE2, today) : null;
  const methods = fee.data
    ? mode === "fully"
      ? fee.data.full_payment_methods
      : fee.data.installment_payment_methods
    : [];
  const ready =
    fee.data && type && isIsoDate(date) && (summary?.totalE2 ?? 0) > 0 && (cash || receiptNumber.trim());

  const submit = async () => {
    if (!fee.data || !studentId || !summary) return;
    const payload = {
      type: Number(type),
      date,
      amount: summary.totalE2,
      receipt_number: cash ? null : receiptNumber.trim(),
      student_id: studentId,
      period_id: fee.data.period_id,
      from_report: false,
      mode,
      observation: observation.trim() || null,
    };
    try {
      // Pressing "Guardar" again after a lost answer resends the same key: the desk never charges twice.
      await create.mutateAsync({ payload, key: keyFor(payload) });
      toast.success(t("payments.create.success"));
      void navigate("/payments");
    } catch {
      // the client showed the refusal (field errors under the inputs, or a message)
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h3">
        {t("payments.create.title")}
      </Title>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group grow align="flex-start">
            <StudentSearchSelect
              label={t("payments.fields.student")}
              withAsterisk
              error={serverErrors.student_id}
              onChange={(s) => setStudentId(s?.id)}
            />
            <PeriodSelector
              periods={periods.data}
              value={periodId}
              onChange={(id) => setPeriodId(id)}
              withAsterisk
            />
          </Group>
          {studentId && periodId && fee.isSuccess && !fee.data ? (
            <Alert color="yellow">{t("payments.create.noFee")}</Alert>
          ) : null}
          {/* A segmented control, not the wizard's radios: the wizard's chunk keeps them to itself. */}
          <Stack gap={4}>
            <Text size="sm" fw={500} id="payment-mode-label">
              {t("paymentReport.mode")}
            </Text>
            <SegmentedControl
              aria-labelledby="payment-mode-label"
              value={mode}
              data={[
                { value: "installment", label: t("paymentReport.modes.installment") },
                { value: "fully", label: t("paymentReport.modes.fully") },
              ]}
              onChange={(v) => {
                setMode(v as ReportMode);
                setType(null);
                setAmount("");
              }}
            />
          </Stack>
          <Group grow align="flex-start">
            <Select
              label={t("paymentReport.type")}
              withAsterisk
              placeholder={t("paymentReport.typePlaceholder")}
              data={methods.map((m) => ({ value: String(m), label: t(`paymentReport.methods.${m}`) }))}
              value={type}
              onChange={(v) => {
                setType(v);
                if (v === String(paymentMethods.cash)) setReceiptNumber("");
              }}
              allowDeselect={false}
              disabled={!fee.data}
              error={serverErrors.type}
            />
            <DateField
              label={t("paymentReport.date")}
              withAsterisk
              maxDate={today}
              value={date}
              error={serverErrors.date}
              onChange={setDate}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              label={t("paymentReport.receiptNumber")}
              withAsterisk={!cash}
              value={cash ? "" : receiptNumber}
              disabled={cash}
              maxLength={60}
              error={serverErrors.receipt_number}
              onChange={(e) => setReceiptNumber(e.currentTarget.value)}
            />
            <TextInput
              label={t("paymentReport.amount")}
              withAsterisk={mode === "installment"}
              inputMode="decimal"
              value={mode === "fully" ? money(summary?.totalE2 ?? 0) : amount}
              disabled={mode === "fully"}
              onChange={(e) => setAmount(e.currentTarget.value)}
              error={
                mode === "installment" && amount.trim() && !amountE2
                  ? t("paymentReport.amountInvalid")
                  : serverErrors.amount
              }
            />
          </Group>
          <TextInput
            label={t("payments.fields.observation")}
            value={observation}
            maxLength={2000}
            error={serverErrors.observation}
            onChange={(e) => setObservation(e.currentTarget.value)}
          />
        </Stack>
      </Paper>
      {summary ? (
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="xs">
            {t("paymentReport.step2")}
          </Title>
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("paymentReport.columns.date")}</Table.Th>
                <Table.Th ta="right">{t("paymentReport.columns.amount")}</Table.Th>
                <Table.Th>{t("paymentReport.columns.state")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {summary.rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{formatDate(row.date)}</Table.Td>
                  <Table.Td ta="right">{money(row.amountE2)}</Table.Td>
                  <Table.Td>
                    {row.approved
                      ? t("paymentReport.approved")
                      : row.newE2 > 0
                        ? `${t("paymentReport.newPaid", { amount: money(row.newE2) })} · ${t("paymentReport.remainder", { amount: money(row.remainderE2) })}`
                        : t("paymentReport.pending", { amount: money(row.pendingE2) })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text fw={700} mt="xs">
            {t("paymentReport.total", { amount: money(summary.totalE2) })}
          </Text>
        </Paper>
      ) : null}
      <Group justify="flex-end">
        <Button variant="default" component={Link} to="/payments">
          {t("paymentReport.cancel")}
        </Button>
        <Button onClick={() => void submit()} disabled={!ready} loading={create.isPending}>
          {t("payments.create.save")}
        </Button>
      </Group>
    </Stack>
  );
}
