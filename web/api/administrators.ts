import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdministratorRole,
  CreateAdministratorInput,
  UpdateAdministratorInput,
} from "../../common/schemas/administrators";
import type { UserResource } from "../../common/schemas/users";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { toFormData } from "./form-data";
import type { ItemResponse, ListResponse } from "./types";

/** An administrator account as the users resource shows it. */
export type Administrator = UserResource;
export type { AdministratorRole };

/** The list's own filters, kept in the URL beside page, size, search and order. */
export type AdministratorFilters = { type?: number; enabled?: boolean };

/** The list call's query (also the CSV export's): list params plus the filters (booleans as 1/0). */
export function administratorListQuery(params: ListParams, filters: AdministratorFilters) {
  const query = toListQuery(params);
  if (filters.type !== undefined) query.type = String(filters.type);
  if (filters.enabled !== undefined) query.enabled = filters.enabled ? "1" : "0";
  return query;
}

/** Every administrators query key starts with `["administrators"]`. */
export const administratorKeys = {
  all: ["administrators"] as const,
  lists: () => [...administratorKeys.all, "list"] as const,
  list: (params: ListParams, filters: AdministratorFilters) =>
    [...administratorKeys.lists(), params, filters] as const,
  detail: (id: number) => [...administratorKeys.all, "detail", id] as const,
};

const data = (answer: ItemResponse<Administrator>) => answer.data;

export const administratorsApi = {
  list: (params: ListParams, filters: AdministratorFilters, signal?: AbortSignal) =>
    api.get<ListResponse<Administrator>>("/users", {
      query: administratorListQuery(params, filters),
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<Administrator>>(`/users/${id}`, { signal }).then(data),
  /** Multipart (spec.md §7): the fields and, when chosen, the photo; not cancellable (it uploads). */
  create: (payload: CreateAdministratorInput & { profile_picture?: File | null }) =>
    api.post<ItemResponse<Administrator>>("/users", toFormData(payload), { cancellable: false }).then(data),
  update: (id: number, payload: UpdateAdministratorInput) =>
    api.patch<ItemResponse<Administrator>>(`/users/${id}`, payload).then(data),
  setEnabled: (id: number, enabled: boolean) =>
    api.patch<ItemResponse<Administrator>>(`/users/${id}/enabled`, { enabled }).then(data),
  resendConfirmation: (id: number) => api.post<unknown>(`/users/${id}/send-account-confirm`),
};

/** One page of administrator accounts; the previous page stays on screen while the next one loads. */
export function useAdministrators(params: ListParams, filters: AdministratorFilters) {
  return useQuery({
    queryKey: administratorKeys.list(params, filters),
    queryFn: ({ signal }) => administratorsApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdministrator(id: number | undefined) {
  return useQuery({
    queryKey: administratorKeys.detail(id ?? 0),
    queryFn: ({ signal }) => administratorsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** A write that answers the account: it replaces the detail and refreshes the lists. */
function useAccountWrite<V>(write: (vars: V) => Promise<Administrator>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (account) => {
      queryClient.setQueryData(administratorKeys.detail(account.id), account);
      return queryClient.invalidateQueries({ queryKey: administratorKeys.lists() });
    },
  });
}

export const useCreateAdministrator = () => useAccountWrite(administratorsApi.create);
export const useUpdateAdministrator = () =>
  useAccountWrite(({ id, payload }: { id: number; payload: UpdateAdministratorInput }) =>
    administratorsApi.update(id, payload),
  );
export const useSetAdministratorEnabled = () =>
  useAccountWrite(({ id, enabled }: { id: number; enabled: boolean }) =>
    administratorsApi.setEnabled(id, enabled),
  );

export function useResendConfirmation() {
  return useMutation({ mutationFn: administratorsApi.resendConfirmation });
}
