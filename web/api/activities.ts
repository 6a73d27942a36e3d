import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Activity, createActivitySchema } from "../../common/schemas/activities";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { monthRange } from "../components/MonthCalendar/events";
import { api } from "./client";
import type { ItemResponse, ListResponse } from "./types";

export type { Activity };
export type ActivityPayload = z.input<typeof createActivitySchema>;

export const activityKeys = {
  all: ["activities"] as const,
  lists: () => [...activityKeys.all, "list"] as const,
  list: (params: ListParams, periodId: number | null) => [...activityKeys.lists(), periodId, params] as const,
  month: (month: string, periodId: number | null) =>
    [...activityKeys.lists(), "month", periodId, month] as const,
  detail: (id: number) => [...activityKeys.all, "detail", id] as const,
};

/** spec.md §5: empty-string fields are dropped before sending activities (create and update). */
export function dropEmptyStrings<T extends object>(payload: T): T {
  return Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== "")) as T;
}

const periodQuery = (periodId: number | null) => (periodId === null ? {} : { period_id: periodId });

export const activitiesApi = {
  list: (params: ListParams, periodId: number | null, signal?: AbortSignal) =>
    api.get<ListResponse<Activity>>("/activities", {
      query: { ...toListQuery(params), ...periodQuery(periodId) },
      signal,
    }),
  month: (month: string, periodId: number | null, signal?: AbortSignal) =>
    api.get<ListResponse<Activity>>("/activities", {
      query: { ...monthRange(month), limit: 0, ...periodQuery(periodId) },
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<Activity>>(`/activities/${id}`, { signal }).then((r) => r.data),
  create: (payload: ActivityPayload) =>
    api.post<ItemResponse<Activity>>("/activities", dropEmptyStrings(payload)).then((r) => r.data),
  update: (id: number, payload: Partial<ActivityPayload>) =>
    api.patch<ItemResponse<Activity>>(`/activities/${id}`, dropEmptyStrings(payload)).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/activities/${id}`),
};

export function useActivities(params: ListParams, periodId: number | null) {
  return useQuery({
    queryKey: activityKeys.list(params, periodId),
    queryFn: ({ signal }) => activitiesApi.list(params, periodId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMonthActivities(month: string, periodId: number | null) {
  return useQuery({
    queryKey: activityKeys.month(month, periodId),
    queryFn: ({ signal }) => activitiesApi.month(month, periodId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useActivity(id: number | undefined) {
  return useQuery({
    queryKey: activityKeys.detail(id ?? 0),
    queryFn: ({ signal }) => activitiesApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useSaveActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ActivityPayload }) =>
      id === undefined ? activitiesApi.create(payload) : activitiesApi.update(id, payload),
    onSuccess: (activity) => {
      queryClient.setQueryData(activityKeys.detail(activity.id), activity);
      return queryClient.invalidateQueries({ queryKey: activityKeys.lists() });
    },
  });
}

export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activitiesApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
  });
}
