import { ActionIcon, Button, Group, Stack, Tabs, Text, Title, Tooltip } from "@mantine/core";
import { IconCheck, IconEye, IconPlus, IconX } from "@tabler/icons-react";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Payment, usePayments, useSetPaymentStatus } from "../../api/payments";
import {
  bindListParams,
  confirmAction,
  DataTable,
  parseListParams,
  toast,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { DebtorsReport } from "./DebtorsReport";
import { PaymentDetailModal } from "./PaymentDetailModal";
import { PaymentFilters, paymentFilterKeys, readPaymentFilters } from "./PaymentFilters";
import { paymentColumns } from "./payment-columns";

/**
 * /payments (administrators and assistants): tab "Pagos", the payments list (filters, search, CSV,
 * approve or reject with a question, a payment's detail with its history and receipt, `?payment=ID`), and
 * tab "Deudores" (`?tab=debtors`), the debtors report. spec.md §2 names no route of its own for either.
 */
export function PaymentListPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get("tab") === "debtors" ? "debtors" : "payments";
  useBreadcrumbs([{ label: t("payments.list.title") }]);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("payments.list.title")}
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => setSearchParams(value === "debtors" ? { tab: "debtors" } : {})}
        keepMounted={false}
      >
        <Tabs.List>
          <Tabs.Tab value="payments">{t("payments.tabs.payments")}</Tabs.Tab>
          <Tabs.Tab value="debtors">{t("payments.tabs.debtors")}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="payments" pt="md">
          <PaymentsTab />
        </Tabs.Panel>
        <Tabs.Panel value="debtors" pt="md">
          <DebtorsReport />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function PaymentsTab() {
  const { t } = useTranslation();
  const { isAdmin } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams, { sortBy: "date,desc" });
  const filters = readPaymentFilters(searchParams);
  const list = usePayments(params, filters);
  const columns = useMemo(() => paymentColumns(t), [t]);
  const setStatus = useSetPaymentStatus();
  const openId = Number(searchParams.get("payment")) || undefined;

  const filterQuery = () => {
    const query: Record<string, string> = {};
    for (const key of paymentFilterKeys) if (filters[key] !== undefined) query[key] = String(filters[key]);
    return query;
  };
  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(patch)) {
      if (value === undefined) next.delete(key);
      else next.set(key, value);
    }
    setSearchParams(next);
  };

  const review = async (payment: Payment, status: 2 | 3) => {
    const name = `${payment.student.first_name} ${payment.student.last_name}`;
    const confirmed = await confirmAction({
      title: status === 2 ? t("payments.review.approveTitle") : t("payments.review.rejectTitle"),
      message: t(status === 2 ? "payments.review.approveConfirm" : "payments.review.rejectConfirm", { name }),
      danger: status === 3,
    });
    if (!confirmed) return;
    try {
      await setStatus.mutateAsync({ id: payment.id, status });
      toast.success(status === 2 ? t("payments.review.approved") : t("payments.review.rejected"));
    } catch {
      // the client already said why
    }
  };

  // Icons with their words in a tooltip and in the accessible name: with text buttons the table was wider
  // than a 1280 px screen (e2e/payments.spec.ts).
  const actions = (payment: Payment) => (
    <Group gap={4} wrap="nowrap">
      <RowAction
        label={t("payments.list.view")}
        ariaLabel={t("payments.list.viewOf", { id: payment.id })}
        onClick={() => update({ payment: String(payment.id) })}
      >
        <IconEye size={18} aria-hidden />
      </RowAction>
      {payment.status === 1 ? (
        <>
          <RowAction
            label={t("payments.review.approve")}
            ariaLabel={t("payments.review.approveOf", { id: payment.id })}
            color="green"
            disabled={setStatus.isPending}
            onClick={() => void review(payment, 2)}
          >
            <IconCheck size={18} aria-hidden />
          </RowAction>
          <RowAction
            label={t("payments.review.reject")}
            ariaLabel={t("payments.review.rejectOf", { id: payment.id })}
            color="red"
            disabled={setStatus.isPending}
            onClick={() => void review(payment, 3)}
          >
            <IconX size={18} aria-hidden />
          </RowAction>
        </>
      ) : null}
    </Group>
  );

  return (
    <Stack gap="md">
      <PaymentFilters
        value={filters}
        onChange={(next) => {
          const query: Record<string, string> = { ...toListQuery({ ...params, page: 1 }) };
          for (const key of paymentFilterKeys) if (next[key] !== undefined) query[key] = String(next[key]);
          setSearchParams(query);
        }}
      />
      <DataTable<Payment>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="payments"
        csvExport={{
          url: "/payments",
          params: { ...toListQuery(params), ...filterQuery() },
          filename: "pagos",
        }}
        {...bindListParams(params, (next) => setSearchParams({ ...toListQuery(next), ...filterQuery() }))}
        actions={actions}
        toolbar={
          isAdmin ? (
            <Button component={Link} to="/payments/create" leftSection={<IconPlus size={16} aria-hidden />}>
              {t("payments.create.title")}
            </Button>
          ) : null
        }
      />
      <Text size="xs" c="dimmed">
        {t("payments.list.hint")}
      </Text>
      <PaymentDetailModal paymentId={openId} onClose={() => update({ payment: undefined })} />
    </Stack>
  );
}

type RowActionProps = {
  label: string;
  ariaLabel: string;
  color?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
};

/** A row's icon button, its word shown on hover and on keyboard focus. */
function RowAction({ label, ariaLabel, color, disabled, onClick, children }: RowActionProps) {
  return (
    <Tooltip label={label} withArrow events={{ hover: true, focus: true, touch: false }}>
      <ActionIcon
        variant="subtle"
        size="lg"
        color={color}
        aria-label={ariaLabel}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}
