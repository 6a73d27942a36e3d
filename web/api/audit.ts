import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AuditEntry, AuditFilters } from "../../common/schemas/audit";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ListResponse } from "./types";

export type { AuditEntry, AuditFilters };

/** The filter fields of the audit list, as they appear in the URL and in the request. */
export const auditFilterKeys = [
  "person",
  "actor_id",
  "action",
  "entity_type",
  "entity_id",
  "from",
  "to",
] as const;
export type AuditFilterKey = (typeof auditFilterKeys)[number];
/** Filter values as the page holds them (strings, empty = not set). */
export type AuditFilterValues = Partial<Record<AuditFilterKey, string>>;

/** Reads the filters from URL search params (unknown or empty values left out). */
export function parseAuditFilters(searchParams: URLSearchParams): AuditFilterValues {
  const out: AuditFilterValues = {};
  for (const key of auditFilterKeys) {
    const value = searchParams.get(key)?.trim();
    if (value) out[key] = value;
  }
  return out;
}

export const auditKeys = {
  all: ["audit-log"] as const,
  list: (params: ListParams, filters: AuditFilterValues) =>
    [...auditKeys.all, "list", params, filters] as const,
};

export const auditApi = {
  list: (params: ListParams, filters: AuditFilterValues, signal?: AbortSignal) =>
    api.get<ListResponse<AuditEntry>>("/audit-log", {
      query: { ...toListQuery(params), ...filters },
      signal,
    }),
};

/** One page of the audit log (newest first unless sorted otherwise); the previous page stays while loading. */
export function useAuditLog(params: ListParams, filters: AuditFilterValues) {
  return useQuery({
    queryKey: auditKeys.list(params, filters),
    queryFn: ({ signal }) => auditApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}
