import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
// Types only: the shared schemas (Zod) stay out of the payment banner's chunk.
import type {
  Debtor,
  DebtorFilters,
  Payment,
  PaymentDetail,
  PaymentFilters,
} from "../../common/schemas/payments";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { downloadFile } from "./download";
import { type CreatePaymentPayload, paymentKeys, periodFeeApi } from "./period-fee";
import type { ItemResponse, ListResponse } from "./types";

export {
  type CreatePaymentPayload,
  isPeriodFeeNotFound,
  type PeriodFee,
  paymentKeys,
  periodFeeApi,
  usePeriodFee,
  useStudentPeriodPayments,
} from "./period-fee";
export type { Debtor, DebtorFilters, Payment, PaymentDetail, PaymentFilters };

/** Paths of common/schemas/payments.ts (`debtorsPath`, `paymentReceiptPath`), repeated to keep Zod out. */
const debtorsPath = "/payments/debtors";
const paymentReceiptPath = (id: number) => `/payments/${id}/receipt`;

export type DebtorsResponse = ListResponse<Debtor> & {
  meta: ListResponse<Debtor>["meta"] & { total_owed_e2: number };
};

const filterQuery = (filters: Record<string, string | number | boolean | undefined>) => {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== "") query[key] = String(value);
  }
  return query;
};

export const paymentsApi = {
  list: (params: ListParams, filters: PaymentFilters, signal?: AbortSignal) =>
    api.get<ListResponse<Payment>>("/payments", {
      query: { ...toListQuery(params), ...filterQuery(filters) },
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<PaymentDetail>>(`/payments/${id}`, { signal }).then((r) => r.data),
  create: periodFeeApi.create,
  setStatus: (id: number, status: 2 | 3) =>
    api.patch<ItemResponse<Payment>>(`/payments/${id}`, { status }).then((r) => r.data),
  debtors: (params: ListParams, filters: DebtorFilters, signal?: AbortSignal) =>
    api.get<DebtorsResponse>(debtorsPath, {
      query: { ...toListQuery(params), ...filterQuery(filters) },
      signal,
    }),
  periodFee: periodFeeApi.periodFee,
  downloadReceipt: (id: number) =>
    downloadFile(paymentReceiptPath(id), { filename: `recibo-${id}.pdf`, accept: "application/pdf" }),
};

export function usePayments(params: ListParams, filters: PaymentFilters) {
  return useQuery({
    queryKey: paymentKeys.list(params, filters),
    queryFn: ({ signal }) => paymentsApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePayment(id: number | undefined) {
  return useQuery({
    queryKey: paymentKeys.detail(id ?? 0),
    queryFn: ({ signal }) => paymentsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useDebtors(params: ListParams, filters: DebtorFilters) {
  return useQuery({
    queryKey: paymentKeys.debtors(params, filters),
    queryFn: ({ signal }) => paymentsApi.debtors(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ payload, key }: { payload: CreatePaymentPayload; key: string }) =>
      periodFeeApi.create(payload, key),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}

export function useSetPaymentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 2 | 3 }) => paymentsApi.setStatus(id, status),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentKeys.all }),
  });
}
