import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createSpecializationSchema,
  Specialization,
  SpecializationCoordinator,
  updateSpecializationSchema,
} from "../../common/schemas/specializations";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { Specialization, SpecializationCoordinator };
export type CreateSpecializationPayload = z.input<typeof createSpecializationSchema>;
export type UpdateSpecializationPayload = z.input<typeof updateSpecializationSchema>;

export const specializationKeys = {
  all: ["specializations"] as const,
  lists: () => [...specializationKeys.all, "list"] as const,
  list: (params: ListParams) => [...specializationKeys.lists(), params] as const,
  options: () => [...specializationKeys.all, "options"] as const,
  detail: (id: number) => [...specializationKeys.all, "detail", id] as const,
  coordinator: (id: number) => [...specializationKeys.all, "coordinator", id] as const,
};

/** Business refusals (400) the pages explain in a dialog; the HTTP client stays quiet for them. */
export const isRefusal = (error: ApiError) => error.status === 400;

export const specializationsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<Specialization>>("/specializations", { query: toListQuery(params), signal }),
  all: (signal?: AbortSignal) =>
    api
      .get<ListResponse<Specialization>>("/specializations", {
        query: { limit: "0", sort_by: "title,asc" },
        signal,
      })
      .then((r) => r.data),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<Specialization>>(`/specializations/${id}`, { signal }).then((r) => r.data),
  coordinator: (id: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<SpecializationCoordinator>>(`/specializations/${id}/coordinator`, { signal })
      .then((r) => r.data),
  create: (payload: CreateSpecializationPayload) =>
    api.post<ItemResponse<Specialization>>("/specializations", payload).then((r) => r.data),
  update: (id: number, payload: UpdateSpecializationPayload) =>
    api.patch<ItemResponse<Specialization>>(`/specializations/${id}`, payload).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/specializations/${id}`, { quiet: isRefusal }),
};

export function useSpecializations(params: ListParams) {
  return useQuery({
    queryKey: specializationKeys.list(params),
    queryFn: ({ signal }) => specializationsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every specialization, by title (for selects). */
export function useSpecializationOptions() {
  return useQuery({
    queryKey: specializationKeys.options(),
    queryFn: ({ signal }) => specializationsApi.all(signal),
  });
}

export function useSpecialization(id: number | undefined) {
  return useQuery({
    queryKey: specializationKeys.detail(id ?? 0),
    queryFn: ({ signal }) => specializationsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useSpecializationCoordinator(id: number | undefined) {
  return useQuery({
    queryKey: specializationKeys.coordinator(id ?? 0),
    queryFn: ({ signal }) => specializationsApi.coordinator(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useCreateSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: specializationsApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: specializationKeys.all }),
  });
}

export function useUpdateSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateSpecializationPayload }) =>
      specializationsApi.update(id, payload),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: specializationKeys.all }),
  });
}

export function useDeleteSpecialization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: specializationsApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: specializationKeys.all }),
  });
}
