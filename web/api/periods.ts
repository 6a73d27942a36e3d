import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CoursesBySpecialization,
  createPeriodSchema,
  openInscriptionsSchema,
  Period,
  PeriodDetail,
  PeriodPensum,
  PublicPeriodDetail,
  updatePeriodSchema,
} from "../../common/schemas/periods";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { CoursesBySpecialization, Period, PeriodDetail, PeriodPensum };
/** What the forms send (the shared schemas' input side). */
export type CreatePeriodPayload = z.input<typeof createPeriodSchema>;
export type UpdatePeriodPayload = z.input<typeof updatePeriodSchema>;
export type OpenInscriptionsPayload = z.input<typeof openInscriptionsSchema>;

/** Every period query key starts with `["periods"]`, so one invalidation reaches them all. */
export const periodKeys = {
  all: ["periods"] as const,
  lists: () => [...periodKeys.all, "list"] as const,
  list: (params: ListParams) => [...periodKeys.lists(), params] as const,
  /** Every period at once (the period selectors). */
  options: () => [...periodKeys.all, "options"] as const,
  details: () => [...periodKeys.all, "detail"] as const,
  detail: (id: number) => [...periodKeys.details(), id] as const,
  courses: (id: number) => [...periodKeys.all, "courses", id] as const,
  enabled: () => [...periodKeys.all, "enabled"] as const,
  enabledPensums: () => [...periodKeys.all, "enabled-pensums"] as const,
};

/** Refusals the pages show themselves (in a dialog), so the client's catalogue stays quiet about them. */
const periodRefusals = new Set([
  "invalid_date_range",
  "year_number_combination_already_exists",
  "unable_to_update_older_periods",
  "cant_attach_a_pensum_to_an_active_period",
  "all_specializations_must_have_one_pensum",
  "period_not_equals_next_period",
  "foreign_key_violation",
  "period_has_dependents",
]);
export const isPeriodRefusal = (error: ApiError) =>
  (error.status === 400 || error.status === 409) && periodRefusals.has(error.message);

export const periodsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<Period>>("/periods", { query: toListQuery(params), signal }),
  /** Every period, newest first (limit 0). */
  all: (signal?: AbortSignal) =>
    api.get<ListResponse<Period>>("/periods", { query: { limit: 0 }, signal }).then((r) => r.data),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<PeriodDetail>>(`/periods/${id}`, { signal }).then((r) => r.data),
  create: (payload: CreatePeriodPayload) =>
    api.post<ItemResponse<PeriodDetail>>("/periods", payload, { quiet: isPeriodRefusal }).then((r) => r.data),
  update: (id: number, payload: UpdatePeriodPayload) =>
    api
      .patch<ItemResponse<PeriodDetail>>(`/periods/${id}`, payload, { quiet: isPeriodRefusal })
      .then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/periods/${id}`, { quiet: isPeriodRefusal }),
  openInscriptions: (id: number, payload: OpenInscriptionsPayload) =>
    api
      .patch<ItemResponse<PeriodDetail>>(`/periods/${id}/open-inscriptions`, payload, {
        quiet: isPeriodRefusal,
      })
      .then((r) => r.data),
  attachPensum: (id: number, pensumId: number) =>
    api
      .put<ItemResponse<PeriodDetail>>(`/periods/${id}/pensums/${pensumId}`, undefined, {
        quiet: isPeriodRefusal,
      })
      .then((r) => r.data),
  coursesBySpecialization: (id: number, signal?: AbortSignal) =>
    api
      .get<{ data: CoursesBySpecialization[] }>(`/periods/${id}/courses-by-specialization`, { signal })
      .then((r) => r.data),
  /** The current period; 404 `unable_to_find_enabled_period` when none is enabled (quiet: reads as null). */
  enabled: (signal?: AbortSignal) =>
    api
      .get<ItemResponse<PublicPeriodDetail>>("/enabled-period", { signal, quiet: true })
      .then((r) => r.data)
      .catch((error: ApiError) => {
        if (error.status === 404) return null;
        throw error;
      }),
  enabledPensums: (signal?: AbortSignal) =>
    api.get<{ data: PeriodPensum[] }>("/enabled-period/pensums", { signal }).then((r) => r.data),
};

/**
 * Every period, newest first, for the period selectors:
 * `const { data } = usePeriods(); <PeriodSelector periods={data} value={id} onChange={setId} />`.
 */
export function usePeriods() {
  return useQuery({
    queryKey: periodKeys.options(),
    queryFn: ({ signal }) => periodsApi.all(signal),
    staleTime: 60_000,
  });
}

/** One page of periods for the list page; the previous page stays on screen while the next one loads. */
export function usePeriodList(params: ListParams) {
  return useQuery({
    queryKey: periodKeys.list(params),
    queryFn: ({ signal }) => periodsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePeriod(id: number | undefined) {
  return useQuery({
    queryKey: periodKeys.detail(id ?? 0),
    queryFn: ({ signal }) => periodsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** The current (enabled) period, or null when none is. */
export function useEnabledPeriod() {
  return useQuery({ queryKey: periodKeys.enabled(), queryFn: ({ signal }) => periodsApi.enabled(signal) });
}

export function useEnabledPeriodPensums() {
  return useQuery({
    queryKey: periodKeys.enabledPensums(),
    queryFn: ({ signal }) => periodsApi.enabledPensums(signal),
  });
}

export function usePeriodCourses(id: number | undefined) {
  return useQuery({
    queryKey: periodKeys.courses(id ?? 0),
    queryFn: ({ signal }) => periodsApi.coursesBySpecialization(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** After any write the detail is replaced and every other period query refetched (states move together). */
function useSettled() {
  const queryClient = useQueryClient();
  return (period?: PeriodDetail) => {
    if (period) queryClient.setQueryData(periodKeys.detail(period.id), period);
    return queryClient.invalidateQueries({
      queryKey: periodKeys.all,
      predicate: (query) => !period || query.queryKey[2] !== period.id || query.queryKey[1] !== "detail",
    });
  };
}

export function useCreatePeriod() {
  const settled = useSettled();
  return useMutation({ mutationFn: periodsApi.create, onSuccess: (period) => settled(period) });
}

export function useUpdatePeriod() {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdatePeriodPayload }) =>
      periodsApi.update(id, payload),
    onSuccess: (period) => settled(period),
  });
}

export function useOpenInscriptions() {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: OpenInscriptionsPayload }) =>
      periodsApi.openInscriptions(id, payload),
    onSuccess: (period) => settled(period),
  });
}

export function useAttachPensum() {
  const settled = useSettled();
  return useMutation({
    mutationFn: ({ id, pensumId }: { id: number; pensumId: number }) => periodsApi.attachPensum(id, pensumId),
    onSuccess: (period) => settled(period),
  });
}

export function useDeletePeriod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: periodsApi.remove,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: periodKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: periodKeys.all });
    },
  });
}
