import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CreatePreregisteredStudentPayload,
  PreregisteredStatus,
  PreregisteredStudent,
  PreregistrationForm,
  updatePreregisteredStudentSchema,
} from "../../common/schemas/preregistered-students";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { CreatePreregisteredStudentPayload, PreregisteredStudent, PreregistrationForm };
/** What the correction dialog sends (PATCH: only the fields that change). */
export type UpdatePreregisteredPayload = z.input<typeof updatePreregisteredStudentSchema>;

/** The list's own filters, besides page, size, search and order. */
export type PreregisteredFilters = { periodId: number | null; status: PreregisteredStatus | null };

export const preregisteredKeys = {
  all: ["preregistered-students"] as const,
  form: () => [...preregisteredKeys.all, "form"] as const,
  lists: () => [...preregisteredKeys.all, "list"] as const,
  list: (params: ListParams, filters: PreregisteredFilters) =>
    [...preregisteredKeys.lists(), params, filters] as const,
  detail: (id: number) => [...preregisteredKeys.all, "detail", id] as const,
};

/** The public form's refusal when no period takes pre-inscriptions (a silent code of spec.md §8). */
export const isPreregistrationsClosed = (error: ApiError) =>
  error.status === 400 && error.message === "unable_to_find_enabled_preregisters_period";

/** The query of a list call: the list's state and its filters. */
export function preregisteredQuery(params: ListParams, filters: PreregisteredFilters) {
  return {
    ...toListQuery(params),
    ...(filters.periodId ? { period_id: String(filters.periodId) } : {}),
    ...(filters.status ? { status: filters.status } : {}),
  };
}

const guest = { auth: false } as const;

/**
 * Approval refusals the pre-registered page explains in a dialog (a person or e-mail already on file: 409,
 * or a 422 on a field such as `email_already_taken`); the HTTP client stays quiet for them.
 */
export const approvalExplainedByPage = (error: ApiError) => error.status === 409 || error.status === 422;

export const preregisteredApi = {
  /** Guest call: the open period and the specializations to choose from. */
  form: (signal?: AbortSignal) =>
    api
      .get<ItemResponse<PreregistrationForm>>("/preregistered-students/form", {
        ...guest,
        signal,
        quiet: isPreregistrationsClosed,
      })
      .then((r) => r.data),
  /** Guest call: sends the public form. */
  create: (payload: CreatePreregisteredStudentPayload) =>
    api.post<{ message: string; description: string }>("/preregistered-students", payload, {
      ...guest,
      cancellable: false,
    }),
  list: (params: ListParams, filters: PreregisteredFilters, signal?: AbortSignal) =>
    api.get<ListResponse<PreregisteredStudent>>("/preregistered-students", {
      query: preregisteredQuery(params, filters),
      signal,
    }),
  update: (id: number, payload: UpdatePreregisteredPayload) =>
    api
      .patch<ItemResponse<PreregisteredStudent>>(`/preregistered-students/${id}`, payload)
      .then((r) => r.data),
  confirm: (id: number) =>
    api
      .post<ItemResponse<PreregisteredStudent>>(`/preregistered-students/${id}/confirm`, undefined, {
        quiet: approvalExplainedByPage,
      })
      .then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/preregistered-students/${id}`),
};

/** The public form's data; a closed pre-inscription answers an error the page shows as "closed". */
export function usePreregistrationForm() {
  return useQuery({
    queryKey: preregisteredKeys.form(),
    queryFn: ({ signal }) => preregisteredApi.form(signal),
    retry: false,
  });
}

export function useCreatePreregistration() {
  return useMutation({ mutationFn: preregisteredApi.create });
}

/** One page of pre-registered students; the previous page stays on screen while the next one loads. */
export function usePreregisteredStudents(params: ListParams, filters: PreregisteredFilters) {
  return useQuery({
    queryKey: preregisteredKeys.list(params, filters),
    queryFn: ({ signal }) => preregisteredApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** Approves a pre-inscription (creates the account and the student); the list is then reloaded. */
export function useConfirmPreregistered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: preregisteredApi.confirm,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preregisteredKeys.lists() }),
  });
}

/** Corrects a pending pre-inscription; the list is then reloaded. */
export function useUpdatePreregistered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdatePreregisteredPayload }) =>
      preregisteredApi.update(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preregisteredKeys.lists() }),
  });
}

export function useDeletePreregistered() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: preregisteredApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preregisteredKeys.lists() }),
  });
}
