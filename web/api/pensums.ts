import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createPensumSchema,
  Pensum,
  PensumDetail,
  PensumPrelation,
  updatePensumSchema,
} from "../../common/schemas/pensums";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { isRefusal } from "./specializations";
import type { ItemResponse, ListResponse } from "./types";

export type { Pensum, PensumDetail, PensumPrelation };
export type CreatePensumPayload = z.input<typeof createPensumSchema>;
export type UpdatePensumPayload = z.input<typeof updatePensumSchema>;

export type PensumListFilters = { specializationId?: number };

export const pensumKeys = {
  all: ["pensums"] as const,
  lists: () => [...pensumKeys.all, "list"] as const,
  list: (params: ListParams, filters: PensumListFilters) => [...pensumKeys.lists(), params, filters] as const,
  detail: (id: number) => [...pensumKeys.all, "detail", id] as const,
};

/** A course as the pensum editor offers it (GET /courses). */
export type CourseOption = { id: number; code: string; title: string; credits: number; enabled: boolean };

export const pensumsApi = {
  list: (params: ListParams, filters: PensumListFilters, signal?: AbortSignal) =>
    api.get<ListResponse<Pensum>>("/pensums", {
      query: {
        ...toListQuery(params),
        ...(filters.specializationId ? { specialization_id: String(filters.specializationId) } : {}),
      },
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<PensumDetail>>(`/pensums/${id}`, { signal }).then((r) => r.data),
  create: (payload: CreatePensumPayload) =>
    api.post<ItemResponse<PensumDetail>>("/pensums", payload, { quiet: isRefusal }).then((r) => r.data),
  update: (id: number, payload: UpdatePensumPayload) =>
    api.patch<ItemResponse<PensumDetail>>(`/pensums/${id}`, payload).then((r) => r.data),
  newVersion: (id: number) =>
    api
      .post<ItemResponse<PensumDetail>>(`/pensums/${id}/versions`, {}, { quiet: isRefusal })
      .then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/pensums/${id}`, { quiet: isRefusal }),
  courses: (signal?: AbortSignal) =>
    api
      .get<ListResponse<CourseOption>>("/courses", { query: { limit: "0", sort_by: "code,asc" }, signal })
      .then((r) => r.data),
};

export function usePensums(params: ListParams, filters: PensumListFilters) {
  return useQuery({
    queryKey: pensumKeys.list(params, filters),
    queryFn: ({ signal }) => pensumsApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePensum(id: number | undefined) {
  return useQuery({
    queryKey: pensumKeys.detail(id ?? 0),
    queryFn: ({ signal }) => pensumsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** Every course (for the semester editor). */
export function useCourseOptions() {
  return useQuery({
    queryKey: ["courses", "options", "pensums"],
    queryFn: ({ signal }) => pensumsApi.courses(signal),
  });
}

function usePensumMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pensumKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["specializations"] }),
      ]),
  });
}

export const useCreatePensum = () => usePensumMutation(pensumsApi.create);
export const useUpdatePensum = () =>
  usePensumMutation(({ id, payload }: { id: number; payload: UpdatePensumPayload }) =>
    pensumsApi.update(id, payload),
  );
export const useNewPensumVersion = () => usePensumMutation(pensumsApi.newVersion);
export const useDeletePensum = () => usePensumMutation(pensumsApi.remove);
