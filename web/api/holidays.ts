import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { createHolidaySchema, Holiday, updateHolidaySchema } from "../../common/schemas/holidays";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { monthRange } from "../components/MonthCalendar/events";
import { api } from "./client";
import type { ItemResponse, ListResponse } from "./types";

export type { Holiday };
export type CreateHolidayPayload = z.input<typeof createHolidaySchema>;
export type UpdateHolidayPayload = z.input<typeof updateHolidaySchema>;

export const holidayKeys = {
  all: ["holidays"] as const,
  lists: () => [...holidayKeys.all, "list"] as const,
  list: (params: ListParams) => [...holidayKeys.lists(), params] as const,
  month: (month: string) => [...holidayKeys.lists(), "month", month] as const,
};

export const holidaysApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<Holiday>>("/holidays", { query: toListQuery(params), signal }),
  /** Every holiday touching the month that starts on `month` (for the calendar). */
  month: (month: string, signal?: AbortSignal) =>
    api.get<ListResponse<Holiday>>("/holidays", { query: { ...monthRange(month), limit: 0 }, signal }),
  create: (payload: CreateHolidayPayload) =>
    api.post<ItemResponse<Holiday>>("/holidays", payload).then((r) => r.data),
  update: (id: number, payload: UpdateHolidayPayload) =>
    api.patch<ItemResponse<Holiday>>(`/holidays/${id}`, payload).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/holidays/${id}`),
};

export function useHolidays(params: ListParams) {
  return useQuery({
    queryKey: holidayKeys.list(params),
    queryFn: ({ signal }) => holidaysApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMonthHolidays(month: string) {
  return useQuery({
    queryKey: holidayKeys.month(month),
    queryFn: ({ signal }) => holidaysApi.month(month, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSaveHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id?: number; payload: CreateHolidayPayload }) =>
      id === undefined
        ? holidaysApi.create(payload)
        : holidaysApi.update(id, { ...payload, end_date: payload.end_date || payload.start_date }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidayKeys.lists() }),
  });
}

export function useDeleteHoliday() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: holidaysApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: holidayKeys.lists() }),
  });
}
