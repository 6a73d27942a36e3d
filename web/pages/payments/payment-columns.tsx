import { Anchor, Badge, Text } from "@mantine/core";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import { formatDate } from "../../../common/dates/format";
import type { Debtor, Payment } from "../../api/payments";
import type { DataTableColumn } from "../../components";
import { schoolToday } from "../../components/payment-report/fee-state";
import { money } from "../../components/payment-report/format";

const statusColor: Record<number, string> = { 1: "yellow", 2: "green", 3: "red" };

export function StatusBadge({ status, t }: { status: number; t: TFunction }) {
  return (
    <Badge
      color={statusColor[status] ?? "gray"}
      variant="dot"
      miw="max-content"
      style={{ overflow: "visible" }}
    >
      {t(`payments.status.${status}`)}
    </Badge>
  );
}

/** The school's day on which a payment was reported or recorded (its `created_at`). */
export const reportedDay = (p: Pick<Payment, "created_at">) => schoolToday(new Date(p.created_at));

export function paymentColumns(t: TFunction): DataTableColumn<Payment>[] {
  return [
    {
      accessor: "date",
      // The day the student says they paid, and under it the day they reported it: a report dated back
      // (within the grace days, so without the late extra) shows at a glance.
      // Both wrap within the width of a date, so the list still fits a 1280 px screen.
      title: <span style={{ whiteSpace: "normal" }}>{t("payments.fields.paidReported")}</span>,
      sortable: true,
      render: (p) => (
        <>
          <Text size="sm" style={{ whiteSpace: "nowrap" }}>
            {formatDate(p.date)}
          </Text>
          {p.from_report ? (
            <Text size="xs" c="dimmed">
              {t("payments.fields.reportedOn", { date: formatDate(reportedDay(p)) })}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      accessor: "student_name",
      title: t("payments.fields.student"),
      sortable: true,
      minWidth: 180,
      render: (p) => (
        <>
          <Text size="sm">{`${p.student.last_name}, ${p.student.first_name}`}</Text>
          <Text size="xs" c="dimmed">
            {p.student.identity_document}
          </Text>
        </>
      ),
    },
    { accessor: "period", title: t("payments.fields.period"), noWrap: true, render: (p) => p.period.name },
    {
      accessor: "type",
      title: t("payments.fields.type"),
      sortable: true,
      // "Transferencia Bancaria" on two lines: the list fits a 1280 px screen (e2e/payments.spec.ts).
      minWidth: 110,
      render: (p) => t(`paymentReport.methods.${p.type}`),
    },
    {
      accessor: "receipt_number",
      // The header wraps onto two lines rather than making the column twice as wide as its figures.
      title: <span style={{ whiteSpace: "normal" }}>{t("payments.fields.receiptNumber")}</span>,
      // Not noWrap: a long bank reference breaks (DataTable, fit-columns.ts) instead of hiding "Estado".
      render: (p) => p.receipt_number ?? "—",
    },
    {
      accessor: "amount_e2",
      title: t("payments.fields.amount"),
      sortable: true,
      noWrap: true,
      textAlign: "right",
      render: (p) => money(p.amount_e2),
    },
    {
      accessor: "status",
      // The origin (reported by the student or taken at the desk) under the status: one column less.
      title: t("payments.fields.statusOrigin"),
      sortable: true,
      noWrap: true,
      render: (p) => (
        <>
          <StatusBadge status={p.status} t={t} />
          <Text size="xs" c="dimmed" mt={2}>
            {p.from_report ? t("payments.origin.report") : t("payments.origin.desk")}
          </Text>
        </>
      ),
    },
  ];
}

export function debtorColumns(t: TFunction): DataTableColumn<Debtor>[] {
  return [
    {
      accessor: "last_name",
      title: t("payments.fields.student"),
      sortable: true,
      minWidth: 180,
      // The name leads to the student's payments (the list filtered by them).
      render: (d) => (
        <>
          <Anchor
            component={Link}
            to={`/payments?student_id=${d.student_id}`}
            size="sm"
            title={t("payments.debtors.viewPayments")}
          >
            {`${d.last_name}, ${d.first_name}`}
          </Anchor>
          <Text size="xs" c="dimmed">
            {d.identity_document}
          </Text>
        </>
      ),
    },
    {
      accessor: "section",
      title: t("payments.debtors.section"),
      sortable: true,
      noWrap: true,
      render: (d) => d.section?.code ?? "—",
    },
    {
      accessor: "specialization",
      title: t("payments.debtors.specialization"),
      sortable: true,
      render: (d) => d.specialization?.title ?? "—",
    },
    {
      accessor: "oldest_due_date",
      title: t("payments.debtors.oldest"),
      sortable: true,
      noWrap: true,
      render: (d) => formatDate(d.oldest_due_date),
    },
    {
      accessor: "late_extra_e2",
      title: t("payments.debtors.lateExtra"),
      noWrap: true,
      textAlign: "right",
      render: (d) => money(d.late_extra_e2),
    },
    {
      accessor: "overdue_e2",
      title: t("payments.debtors.overdue"),
      sortable: true,
      noWrap: true,
      textAlign: "right",
      // The number of overdue installments under their amount: one column less, so the report fits a
      // laptop's 1280 px (e2e/payments.spec.ts).
      render: (d) => (
        <>
          <Text fw={600} size="sm">
            {money(d.overdue_e2)}
          </Text>
          <Text size="xs" c="dimmed">
            {t("payments.debtors.installments", { count: d.overdue_count })}
          </Text>
        </>
      ),
    },
    {
      accessor: "pending_e2",
      // Two lines ("Total / pendiente") rather than a header wider than its figures.
      title: <span style={{ whiteSpace: "normal" }}>{t("payments.debtors.pending")}</span>,
      noWrap: true,
      textAlign: "right",
      render: (d) => money(d.pending_e2),
    },
  ];
}
