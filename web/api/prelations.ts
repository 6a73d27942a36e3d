import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createPrelationSchema,
  Prelation,
  updatePrelationSchema,
} from "../../common/schemas/prelations";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ItemResponse, ListResponse } from "./types";

export type { Prelation };
export type CreatePrelationPayload = z.input<typeof createPrelationSchema>;
export type UpdatePrelationPayload = z.input<typeof updatePrelationSchema>;
export type PrelationFilters = { pensumId?: number; specializationId?: number; type?: "total" | "partial" };

export const prelationKeys = {
  all: ["prelations"] as const,
  lists: () => [...prelationKeys.all, "list"] as const,
  list: (params: ListParams, filters: PrelationFilters) =>
    [...prelationKeys.lists(), params, filters] as const,
  ofCourse: (courseId: number, pensumId?: number) =>
    [...prelationKeys.all, "course", courseId, pensumId] as const,
};

export const prelationsApi = {
  list: (params: ListParams, filters: PrelationFilters, signal?: AbortSignal) =>
    api.get<ListResponse<Prelation>>("/prelations", {
      query: {
        ...toListQuery(params),
        ...(filters.pensumId ? { pensum_id: String(filters.pensumId) } : {}),
        ...(filters.specializationId ? { specialization_id: String(filters.specializationId) } : {}),
        ...(filters.type ? { type: filters.type } : {}),
      },
      signal,
    }),
  ofCourse: (courseId: number, pensumId?: number, signal?: AbortSignal) =>
    api
      .get<{ data: Prelation[] }>(`/courses/${courseId}/prelations`, {
        query: pensumId ? { pensum_id: String(pensumId) } : {},
        signal,
      })
      .then((r) => r.data),
  create: (payload: CreatePrelationPayload) =>
    api.post<ItemResponse<Prelation>>("/prelations", payload).then((r) => r.data),
  update: (id: number, payload: UpdatePrelationPayload) =>
    api.patch<ItemResponse<Prelation>>(`/prelations/${id}`, payload).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/prelations/${id}`),
  /** Only partial prelations; all or none (`only_partial_prelations_can_be_bulk_deleted`). */
  removeMany: (ids: number[]) => api.delete<{ data: { deleted: number } }>("/prelations", { body: { ids } }),
};

export function usePrelations(params: ListParams, filters: PrelationFilters) {
  return useQuery({
    queryKey: prelationKeys.list(params, filters),
    queryFn: ({ signal }) => prelationsApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCoursePrelations(courseId: number | undefined, pensumId?: number) {
  return useQuery({
    queryKey: prelationKeys.ofCourse(courseId ?? 0, pensumId),
    queryFn: ({ signal }) => prelationsApi.ofCourse(courseId ?? 0, pensumId, signal),
    enabled: courseId !== undefined,
  });
}

/** Every prelation write refreshes the prelation lists and the pensum views that draw them. */
function usePrelationMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: prelationKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["pensums"] }),
      ]),
  });
}

export const useCreatePrelation = () => usePrelationMutation(prelationsApi.create);
export const useUpdatePrelation = () =>
  usePrelationMutation(({ id, payload }: { id: number; payload: UpdatePrelationPayload }) =>
    prelationsApi.update(id, payload),
  );
export const useDeletePrelation = () => usePrelationMutation(prelationsApi.remove);
export const useDeletePrelations = () => usePrelationMutation(prelationsApi.removeMany);
