import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  NextSemesterPreview,
  ReinscriptionDetail,
  ReinscriptionItem,
  ReinscriptionResult,
  reinscriptionSchema,
  updateReinscriptionSchema,
} from "../../common/schemas/reinscriptions";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { NextSemesterPreview, ReinscriptionDetail, ReinscriptionItem, ReinscriptionResult };
export type ReinscriptionPayload = z.input<typeof reinscriptionSchema>;
export type UpdateReinscriptionPayload = z.input<typeof updateReinscriptionSchema>;

export const reinscriptionKeys = {
  all: ["reinscriptions"] as const,
  lists: () => [...reinscriptionKeys.all, "list"] as const,
  list: (params: ListParams) => [...reinscriptionKeys.lists(), params] as const,
  detail: (id: number) => [...reinscriptionKeys.all, "detail", id] as const,
  preview: (studentId: number) => [...reinscriptionKeys.all, "preview", studentId] as const,
};

/** Refusals a re-inscription answers with a Spanish reason; the page shows them in place, not as a toast. */
export const isReinscriptionRefusal = (error: ApiError) => error.status === 400;

export const reinscriptionsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<ReinscriptionItem>>("/reinscriptions", { query: toListQuery(params), signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<ReinscriptionDetail>>(`/reinscriptions/${id}`, { signal }).then((r) => r.data),
  preview: (studentId: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<NextSemesterPreview>>(`/students/${studentId}/courses/next-semester`, {
        signal,
        quiet: isReinscriptionRefusal,
      })
      .then((r) => r.data),
  reinscribe: ({ studentId, payload }: { studentId: number; payload: ReinscriptionPayload }) =>
    api
      .post<ItemResponse<ReinscriptionResult>>(`/students/${studentId}/reinscription-v2`, payload, {
        quiet: isReinscriptionRefusal,
      })
      .then((r) => r.data),
  update: (payload: UpdateReinscriptionPayload) =>
    api
      .post<ItemResponse<ReinscriptionResult>>("/inscriptions/update/reinscription", payload, {
        quiet: isReinscriptionRefusal,
      })
      .then((r) => r.data),
};

export function useReinscriptions(params: ListParams) {
  return useQuery({
    queryKey: reinscriptionKeys.list(params),
    queryFn: ({ signal }) => reinscriptionsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useReinscription(id: number | undefined) {
  return useQuery({
    queryKey: reinscriptionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => reinscriptionsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useNextSemesterPreview(studentId: number | null) {
  return useQuery({
    queryKey: reinscriptionKeys.preview(studentId ?? 0),
    queryFn: ({ signal }) => reinscriptionsApi.preview(studentId ?? 0, signal),
    enabled: studentId !== null,
    retry: false,
  });
}

export function useReinscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reinscriptionsApi.reinscribe,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reinscriptionKeys.all }),
  });
}

export function useUpdateReinscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reinscriptionsApi.update,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reinscriptionKeys.all }),
  });
}
