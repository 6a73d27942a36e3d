import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createPriceSettingSchema,
  PriceSetting,
  PriceSettingUpdateResult,
  updatePriceSettingSchema,
} from "../../common/schemas/price-settings";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { PriceSetting, PriceSettingUpdateResult };
export type CreatePriceSettingPayload = z.input<typeof createPriceSettingSchema>;
export type UpdatePriceSettingPayload = z.input<typeof updatePriceSettingSchema>;

/** Every price-setting query key starts with `["price-settings"]`. */
export const priceSettingKeys = {
  all: ["price-settings"] as const,
  lists: () => [...priceSettingKeys.all, "list"] as const,
  list: (periodId: number, params: ListParams) => [...priceSettingKeys.lists(), periodId, params] as const,
  details: () => [...priceSettingKeys.all, "detail"] as const,
  detail: (id: number) => [...priceSettingKeys.details(), id] as const,
};

/** The PATCH refusal asking whether the change also goes to the students' unpaid fees. */
export const isFeesChoiceRequired = (error: ApiError) =>
  error.status === 400 && error.message === "price_setting_fees_choice_required";

export const priceSettingsApi = {
  list: (periodId: number, params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<PriceSetting>>(`/periods/${periodId}/price-settings`, {
      query: toListQuery(params),
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<PriceSetting>>(`/period-price-settings/${id}`, { signal }).then((r) => r.data),
  create: (payload: CreatePriceSettingPayload) =>
    api.post<ItemResponse<PriceSetting>>("/period-price-settings", payload).then((r) => r.data),
  update: (id: number, payload: UpdatePriceSettingPayload) =>
    api.patch<{ data: PriceSetting; meta: PriceSettingUpdateResult }>(
      `/period-price-settings/${id}`,
      payload,
      {
        quiet: isFeesChoiceRequired,
      },
    ),
  /** Quiet: the page says 'Ocurrió un error al eliminar la configuración' with the reason. */
  remove: (id: number) => api.delete<void>(`/period-price-settings/${id}`, { quiet: true }),
};

/** The period's price settings (one at most), a page at a time. */
export function usePeriodPriceSettings(periodId: number | null, params: ListParams) {
  return useQuery({
    queryKey: priceSettingKeys.list(periodId ?? 0, params),
    queryFn: ({ signal }) => priceSettingsApi.list(periodId ?? 0, params, signal),
    enabled: periodId !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePriceSetting(id: number | undefined) {
  return useQuery({
    queryKey: priceSettingKeys.detail(id ?? 0),
    queryFn: ({ signal }) => priceSettingsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useCreatePriceSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: priceSettingsApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceSettingKeys.lists() }),
  });
}

export function useUpdatePriceSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdatePriceSettingPayload }) =>
      priceSettingsApi.update(id, payload),
    onSuccess: (answer) => {
      queryClient.setQueryData(priceSettingKeys.detail(answer.data.id), answer.data);
      return queryClient.invalidateQueries({ queryKey: priceSettingKeys.lists() });
    },
  });
}

export function useDeletePriceSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: priceSettingsApi.remove,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: priceSettingKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: priceSettingKeys.lists() });
    },
  });
}
