import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ClassHour, ClassHourInput } from "../../common/schemas/class-hours";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { ClassHour, ClassHourInput };

export const classHourKeys = {
  all: ["class-hours"] as const,
  lists: () => [...classHourKeys.all, "list"] as const,
  list: (params: ListParams) => [...classHourKeys.lists(), params] as const,
  detail: (id: number) => [...classHourKeys.all, "detail", id] as const,
};

/** The refusal DELETE answers while schedules use the class hour; the page shows it in a dialog. */
export const isClassHourHasSchedules = (error: ApiError) =>
  error.status === 400 && error.message === "class_hour_has_schedules";

/** spec.md §5: empty-string fields are dropped before sending class hours. */
const dropEmpty = (payload: ClassHourInput) =>
  Object.fromEntries(Object.entries(payload).filter(([, v]) => (v as unknown) !== "")) as ClassHourInput;

export const classHoursApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<ClassHour>>("/class-hours", { query: toListQuery(params), signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<ClassHour>>(`/class-hours/${id}`, { signal }).then((r) => r.data),
  create: (payload: ClassHourInput) =>
    api.post<ItemResponse<ClassHour>>("/class-hours", dropEmpty(payload)).then((r) => r.data),
  update: (id: number, payload: ClassHourInput) =>
    api.patch<ItemResponse<ClassHour>>(`/class-hours/${id}`, dropEmpty(payload)).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/class-hours/${id}`, { quiet: isClassHourHasSchedules }),
};

export function useClassHours(params: ListParams) {
  return useQuery({
    queryKey: classHourKeys.list(params),
    queryFn: ({ signal }) => classHoursApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClassHour(id: number | undefined) {
  return useQuery({
    queryKey: classHourKeys.detail(id ?? 0),
    queryFn: ({ signal }) => classHoursApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useSaveClassHour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: ClassHourInput }) =>
      id === undefined ? classHoursApi.create(payload) : classHoursApi.update(id, payload),
    onSuccess: (hour) => {
      queryClient.setQueryData(classHourKeys.detail(hour.id), hour);
      return queryClient.invalidateQueries({ queryKey: classHourKeys.lists() });
    },
  });
}

export function useDeleteClassHour() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: classHoursApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classHourKeys.lists() }),
  });
}
