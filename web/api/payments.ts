import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { PeriodFee } from "../../common/schemas/inscriptions";
// Types only: the shared schemas (Zod) stay out of the logged-in shell, which holds the payment banner.
import type {
  createPaymentSchema,
  Debtor,
  DebtorFilters,
  Payment,
  PaymentDetail,
  PaymentFilters,
} from "../../common/schemas/payments";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { downloadFile } from "./download";
import type { ApiError } from "./errors";
import type { AppQueryMeta } from "./query-client";
import type { ItemResponse, ListResponse } from "./types";

export type { Debtor, DebtorFilters, Payment, PaymentDetail, PaymentFilters, PeriodFee };
/** What the report wizard and the desk form send (POST /payments). */
export type CreatePaymentPayload = z.input<typeof createPaymentSchema>;
/** Paths of common/schemas/payments.ts (`debtorsPath`, `paymentReceiptPath`), repeated to keep Zod out of the shell. */
const debtorsPath = "/payments/debtors";
const paymentReceiptPath = (id: number) => `/payments/${id}/receipt`;

export type DebtorsResponse = ListResponse<Debtor> & {
  meta: ListResponse<Debtor>["meta"] & { total_owed_e2: number };
};

/** Every money query key starts with `["payments"]`: a report or an approval refreshes them all. */
export const paymentKeys = {
  all: ["payments"] as const,
  lists: () => [...paymentKeys.all, "list"] as const,
  list: (params: ListParams, filters: PaymentFilters) => [...paymentKeys.lists(), params, filters] as const,
  detail: (id: number) => [...paymentKeys.all, "detail", id] as const,
  debtors: (params: ListParams, filters: DebtorFilters) =>
    [...paymentKeys.all, "debtors", params, filters] as const,
  periodFee: (studentId: number, periodId?: number) =>
    [...paymentKeys.all, "period-fee", studentId, periodId ?? null] as const,
  studentPayments: (studentId: number, periodId: number) =>
    [...paymentKeys.all, "student", studentId, periodId] as const,
};

/** A student without a period fee answers 404 `student_period_fee_not_found`: silent (spec.md §8). */
export const isPeriodFeeNotFound = (error: ApiError) =>
  error.status === 404 && error.message === "student_period_fee_not_found";

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
  create: (payload: CreatePaymentPayload) =>
    api.post<ItemResponse<Payment>>("/payments", payload).then((r) => r.data),
  setStatus: (id: number, status: 2 | 3) =>
    api.patch<ItemResponse<Payment>>(`/payments/${id}`, { status }).then((r) => r.data),
  debtors: (params: ListParams, filters: DebtorFilters, signal?: AbortSignal) =>
    api.get<DebtorsResponse>(debtorsPath, {
      query: { ...toListQuery(params), ...filterQuery(filters) },
      signal,
    }),
  /** The student's period fee (the latest inscription's period unless `periodId`); null when none. */
  periodFee: (studentId: number, periodId?: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<PeriodFee>>(`/students/${studentId}/period-fee`, {
        query: periodId ? { period_id: String(periodId) } : undefined,
        signal,
        quiet: isPeriodFeeNotFound,
      })
      .then(
        (r) => r.data,
        (error: unknown) => {
          if (error && typeof error === "object" && isPeriodFeeNotFound(error as ApiError)) return null;
          throw error;
        },
      ),
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

/** The banner's fee lives across pages (the layout holds it). */
const keep: AppQueryMeta = { keepOnNavigation: true };

/** A student's period fee; `enabled` false waits (the layout asks 200 ms after loading). */
export function usePeriodFee(
  studentId: number | undefined,
  options: { enabled?: boolean; periodId?: number } = {},
) {
  return useQuery({
    queryKey: paymentKeys.periodFee(studentId ?? 0, options.periodId),
    queryFn: ({ signal }) => paymentsApi.periodFee(studentId ?? 0, options.periodId, signal),
    enabled: studentId !== undefined && (options.enabled ?? true),
    meta: keep,
  });
}

/** A student's payments of one period (staff: the banner of a student's page). */
export function useStudentPeriodPayments(studentId: number | undefined, periodId: number | undefined) {
  return useQuery({
    queryKey: paymentKeys.studentPayments(studentId ?? 0, periodId ?? 0),
    queryFn: ({ signal }) =>
      paymentsApi
        .list(
          { page: 1, limit: 0, search: "", sortBy: null },
          { student_id: studentId ?? 0, period_id: periodId ?? 0 },
          signal,
        )
        .then((r) => r.data),
    enabled: studentId !== undefined && periodId !== undefined,
    meta: keep,
  });
}

export function useCreatePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paymentsApi.create,
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
