import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import type { PeriodFee } from "../../common/schemas/inscriptions";
import type {
  createPaymentSchema,
  DebtorFilters,
  Payment,
  PaymentFilters,
} from "../../common/schemas/payments";
import type { ListParams } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import { IDEMPOTENCY_HEADER } from "./idempotency";
import type { AppQueryMeta } from "./query-client";
import type { ItemResponse, ListResponse } from "./types";

/**
 * What the payment banner and the report wizard need (a student's period fee, their payments, the report),
 * apart from the payments screens' calls (web/api/payments.ts), so the banner's chunk stays small.
 */
export type { PeriodFee };
/** What the report wizard and the desk form send (POST /payments). */
export type CreatePaymentPayload = z.input<typeof createPaymentSchema>;

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

export const periodFeeApi = {
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
  /** `key`: the submit's Idempotency-Key (./idempotency.ts): a retry with it never records a second payment. */
  create: (payload: CreatePaymentPayload, key?: string) =>
    api
      .post<ItemResponse<Payment>>("/payments", payload, {
        headers: key ? { [IDEMPOTENCY_HEADER]: key } : undefined,
      })
      .then((r) => r.data),
};

/** The banner's fee lives across pages (the layout holds it). */
const keep: AppQueryMeta = { keepOnNavigation: true };

/** A student's period fee; `enabled` false waits (the layout asks 200 ms after loading). */
export function usePeriodFee(
  studentId: number | undefined,
  options: { enabled?: boolean; periodId?: number } = {},
) {
  return useQuery({
    queryKey: paymentKeys.periodFee(studentId ?? 0, options.periodId),
    queryFn: ({ signal }) => periodFeeApi.periodFee(studentId ?? 0, options.periodId, signal),
    enabled: studentId !== undefined && (options.enabled ?? true),
    meta: keep,
  });
}

/** A student's payments of one period (staff: the banner of a student's page). */
export function useStudentPeriodPayments(studentId: number | undefined, periodId: number | undefined) {
  return useQuery({
    queryKey: paymentKeys.studentPayments(studentId ?? 0, periodId ?? 0),
    queryFn: ({ signal }) =>
      api
        .get<ListResponse<Payment>>("/payments", {
          query: { page: "1", limit: "0", student_id: String(studentId), period_id: String(periodId) },
          signal,
        })
        .then((r) => r.data),
    enabled: studentId !== undefined && periodId !== undefined,
    meta: keep,
  });
}
