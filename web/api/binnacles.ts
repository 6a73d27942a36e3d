import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Binnacle, createBinnacleSchema, updateBinnacleSchema } from "../../common/schemas/binnacles";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { studentKeys } from "./students";
import type { ItemResponse, ListResponse } from "./types";

export type { Binnacle };
export type CreateBinnaclePayload = z.input<typeof createBinnacleSchema>;
export type UpdateBinnaclePayload = z.input<typeof updateBinnacleSchema>;

export const binnacleKeys = {
  all: ["binnacles"] as const,
  lists: () => [...binnacleKeys.all, "list"] as const,
  list: (params: ListParams) => [...binnacleKeys.lists(), params] as const,
  detail: (id: number) => [...binnacleKeys.all, "detail", id] as const,
};

/**
 * Fields left empty are not sent (spec.md §5): an empty text on create is simply absent; on update it is
 * sent as null so the stored value is cleared.
 */
export function dropEmpty<T extends Record<string, unknown>>(payload: T, opts: { clear?: boolean } = {}): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (value === "" || value === undefined) {
      if (opts.clear) out[key] = null;
      continue;
    }
    out[key] = value;
  }
  return out as T;
}

export const binnaclesApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<Binnacle>>("/binnacles", { query: toListQuery(params), signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<Binnacle>>(`/binnacles/${id}`, { signal }).then((r) => r.data),
  create: (payload: CreateBinnaclePayload) =>
    api.post<ItemResponse<Binnacle>>("/binnacles", dropEmpty(payload)).then((r) => r.data),
  update: (id: number, payload: UpdateBinnaclePayload) =>
    api
      .patch<ItemResponse<Binnacle>>(`/binnacles/${id}`, dropEmpty(payload, { clear: true }))
      .then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/binnacles/${id}`),
};

export function useBinnacles(params: ListParams) {
  return useQuery({
    queryKey: binnacleKeys.list(params),
    queryFn: ({ signal }) => binnaclesApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBinnacle(id: number | undefined) {
  return useQuery({
    queryKey: binnacleKeys.detail(id ?? 0),
    queryFn: ({ signal }) => binnaclesApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** After a write: the binnacle lists and every student's sub-pages (their "Bitácoras" shows it). */
function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: binnacleKeys.all }),
      queryClient.invalidateQueries({ queryKey: studentKeys.all }),
    ]);
}

export function useCreateBinnacle() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: binnaclesApi.create, onSuccess: invalidate });
}

export function useUpdateBinnacle() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateBinnaclePayload }) =>
      binnaclesApi.update(id, payload),
    onSuccess: invalidate,
  });
}

export function useDeleteBinnacle() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: binnaclesApi.remove, onSuccess: invalidate });
}
