import {
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, isIsoDate } from "../../../common/dates/format";
import { parseAmountE2 } from "../../../common/money/fees";
import { useIdempotencyKey } from "../../api/idempotency";
import { type CreatePaymentPayload, type PeriodFee, paymentKeys, periodFeeApi } from "../../api/period-fee";
import { ConfirmDialog } from "../ConfirmDialog/ConfirmDialog";
import { DateField } from "../DateField/DateField";
import { type ReportMode, reportSummary, schoolToday } from "./fee-state";
import { dayMonth, money } from "./format";

/** Method code 1, Efectivo: no receipt number (spec.md §5). */
const CASH = "1";

type Form = { mode: ReportMode; type: string | null; date: string; receiptNumber: string; amount: string };
const emptyForm: Form = { mode: "installment", type: null, date: "", receiptNumber: "", amount: "" };

export type PaymentReportWizardProps = {
  opened: boolean;
  onClose: () => void;
  fee: PeriodFee;
  studentId: number;
  /** After a successful report: refresh the inscription and the fee. */
  onReported: () => void;
  /** For tests; the school's today otherwise. */
  today?: string;
};

/**
 * The payment report wizard of spec.md §4/§5: step 1 "Datos de pago", step 2 "Resumen de pago", then
 * "¿Desea reportar el pago? Esta acción no se puede deshacer". Sends the payload of spec.md §7
 * (`from_report` true, amount in hundredths, receipt number null for cash) to POST /payments.
 */
export function PaymentReportWizard({
  opened,
  onClose,
  fee,
  studentId,
  onReported,
  today,
}: PaymentReportWizardProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<0 | 1>(0);
  const [form, setForm] = useState<Form>(emptyForm);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const { keyFor, forget } = useIdempotencyKey();
  const day = today ?? schoolToday();

  const cash = form.type === CASH;
  const amountE2 = form.mode === "installment" ? parseAmountE2(form.amount) : null;
  const summary = reportSummary(fee, form.mode, amountE2, day);
  const methods = form.mode === "fully" ? fee.full_payment_methods : fee.installment_payment_methods;
  const amountInvalid = form.mode === "installment" && form.amount.trim() !== "" && !amountE2;

  const reset = () => {
    setForm(emptyForm);
    setStep(0);
    setConfirming(false);
  };
  /** Cancelar (step 1) and Anterior (step 2) both close the modal and reset everything (spec.md §4). */
  const cancel = () => {
    if (sending) return;
    reset();
    onClose();
  };

  const send = async () => {
    const payload: CreatePaymentPayload = {
      type: Number(form.type),
      date: form.date,
      amount: summary.totalE2,
      receipt_number: cash ? null : form.receiptNumber.trim() || null,
      student_id: studentId,
      period_id: fee.period_id,
      from_report: true,
      mode: form.mode,
    };
    setSending(true);
    try {
      // Confirming again after a lost answer resends the same key: the report is never recorded twice.
      await periodFeeApi.create(payload, keyFor(payload));
    } catch {
      // A failed report only re-enables the buttons (spec.md §8); the client said why.
      setSending(false);
      setConfirming(false);
      return;
    }
    setSending(false);
    forget();
    reset();
    onClose();
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
    onReported();
  };

  const title = step === 0 ? t("paymentReport.step1") : t("paymentReport.step2");

  return (
    <>
      <Modal
        opened={opened}
        onClose={cancel}
        title={title}
        size="lg"
        closeButtonProps={{ disabled: sending, "aria-label": t("common.close") }}
      >
        {step === 0 ? (
          <Stack gap="sm">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="payment-report-mode">
                {t("paymentReport.mode")}
              </Text>
              <SegmentedControl
                aria-labelledby="payment-report-mode"
                value={form.mode}
                disabled={sending}
                data={[
                  { value: "installment", label: t("paymentReport.modes.installment") },
                  { value: "fully", label: t("paymentReport.modes.fully") },
                ]}
                onChange={(value) =>
                  setForm((f) => ({ ...f, mode: value as ReportMode, type: null, amount: "" }))
                }
              />
            </Stack>
            <Select
              label={t("paymentReport.type")}
              withAsterisk
              placeholder={t("paymentReport.typePlaceholder")}
              data={methods.map((code) => ({
                value: String(code),
                label: t(`paymentReport.methods.${code}`),
              }))}
              value={form.type}
              onChange={(value) =>
                setForm((f) => ({
                  ...f,
                  type: value,
                  receiptNumber: value === CASH ? "" : f.receiptNumber,
                }))
              }
              disabled={sending}
              allowDeselect={false}
            />
            <DateField
              label={t("paymentReport.date")}
              withAsterisk
              maxDate={day}
              value={form.date}
              onChange={(date) => setForm((f) => ({ ...f, date }))}
              disabled={sending}
            />
            <TextInput
              label={t("paymentReport.receiptNumber")}
              withAsterisk={!cash}
              value={cash ? "" : form.receiptNumber}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setForm((f) => ({ ...f, receiptNumber: value }));
              }}
              disabled={cash || sending}
              maxLength={60}
            />
            <TextInput
              label={t("paymentReport.amount")}
              withAsterisk={form.mode === "installment"}
              inputMode="decimal"
              value={form.mode === "fully" ? money(summary.totalE2) : form.amount}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setForm((f) => ({ ...f, amount: value }));
              }}
              disabled={form.mode === "fully" || sending}
              description={
                form.mode === "fully" ? t("paymentReport.fullyHint") : t("paymentReport.amountHint")
              }
              error={amountInvalid ? t("paymentReport.amountInvalid") : undefined}
            />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={cancel} disabled={sending}>
                {t("paymentReport.cancel")}
              </Button>
              <Button onClick={() => setStep(1)} disabled={!form.type || !isIsoDate(form.date) || sending}>
                {t("paymentReport.next")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text size="sm">
              {t("paymentReport.summaryOf", {
                type: form.type ? t(`paymentReport.methods.${form.type}`) : "",
                date: form.date ? dayMonth(form.date, i18n.language) : "",
              })}
            </Text>
            <ScrollArea.Autosize mah={form.mode === "fully" ? "8rem" : "20rem"} type="auto">
              <Table striped withTableBorder fz="sm" aria-label={t("paymentReport.installments")}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("paymentReport.columns.date")}</Table.Th>
                    <Table.Th ta="right">{t("paymentReport.columns.amount")}</Table.Th>
                    <Table.Th>{t("paymentReport.columns.state")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {summary.rows.map((row) => (
                    <Table.Tr key={row.id} data-testid={`installment-${row.id}`}>
                      <Table.Td>
                        {formatDate(row.date)}
                        {row.late ? (
                          <Badge
                            ml="xs"
                            size="xs"
                            color="red"
                            variant="dot"
                            miw="max-content"
                            style={{ overflow: "visible" }}
                          >
                            {t("paymentReport.late")}
                          </Badge>
                        ) : null}
                      </Table.Td>
                      <Table.Td ta="right">{money(row.amountE2)}</Table.Td>
                      <Table.Td>
                        <Stack gap={0}>
                          {row.approved ? (
                            <Badge
                              size="sm"
                              color="green"
                              variant="dot"
                              miw="max-content"
                              style={{ overflow: "visible" }}
                            >
                              {t("paymentReport.approved")}
                            </Badge>
                          ) : null}
                          {row.partial ? (
                            <Text size="sm" c="dimmed">
                              {t("paymentReport.partial", { amount: money(row.paidE2) })}
                            </Text>
                          ) : null}
                          {row.newE2 > 0 ? (
                            <Text size="sm" fw={600}>
                              {t("paymentReport.newPaid", { amount: money(row.newE2) })}
                              {" · "}
                              {t("paymentReport.remainder", { amount: money(row.remainderE2) })}
                            </Text>
                          ) : null}
                          {!row.approved && row.newE2 === 0 ? (
                            <Text size="sm" c="dimmed">
                              {t("paymentReport.pending", { amount: money(row.pendingE2) })}
                            </Text>
                          ) : null}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Group justify="space-between">
              <Text fw={700}>{t("paymentReport.total", { amount: money(summary.totalE2) })}</Text>
              {summary.creditE2 > 0 ? (
                <Text size="sm">{t("paymentReport.credit", { amount: money(summary.creditE2) })}</Text>
              ) : null}
            </Group>
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={cancel} disabled={sending}>
                {t("paymentReport.previous")}
              </Button>
              <Button onClick={() => setConfirming(true)} disabled={summary.selectedCount === 0 || sending}>
                {t("paymentReport.submit")}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={confirming}
        message={t("paymentReport.confirm")}
        onConfirm={() => void send()}
        onCancel={() => setConfirming(false)}
        loading={sending}
      />
    </>
  );
}

export default PaymentReportWizard;
