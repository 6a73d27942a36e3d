/** Page sizes the tables offer, and the default (spec.md §9). */
export const PAGE_SIZE_OPTIONS = [5, 10, 15, 20] as const;
export const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

export type SortDirection = "asc" | "desc";

/** A server list's state, kept in the URL: `?page=2&limit=10&search=a&sort_by=code,desc`. */
export interface ListParams {
  page: number;
  limit: number;
  search: string;
  /** `field,asc` or `field,desc`; null for the server's default order. */
  sortBy: string | null;
}

export const DEFAULT_LIST_PARAMS: ListParams = {
  page: 1,
  limit: DEFAULT_PAGE_SIZE,
  search: "",
  sortBy: null,
};

const SORT_PATTERN = /^([A-Za-z_][\w.]*),(asc|desc)$/;

export function parseSortBy(
  sortBy: string | null | undefined,
): { field: string; direction: SortDirection } | null {
  const match = sortBy ? SORT_PATTERN.exec(sortBy) : null;
  return match ? { field: match[1]!, direction: match[2] as SortDirection } : null;
}

export function formatSortBy(field: string, direction: SortDirection): string {
  return `${field},${direction}`;
}

function positiveInt(raw: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (raw === null || !/^\d+$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= max ? value : null;
}

/** Reads list state from URL search params; anything missing or malformed takes its default. */
export function parseListParams(
  searchParams: URLSearchParams,
  defaults: Partial<ListParams> = {},
): ListParams {
  const base = { ...DEFAULT_LIST_PARAMS, ...defaults };
  const sortBy = searchParams.get("sort_by");
  return {
    page: positiveInt(searchParams.get("page")) ?? base.page,
    limit: positiveInt(searchParams.get("limit"), MAX_PAGE_SIZE) ?? base.limit,
    search: searchParams.get("search")?.trim() ?? base.search,
    sortBy: parseSortBy(sortBy) ? sortBy : base.sortBy,
  };
}

/** The query of a list call (and of the URL): page, limit, and search / sort_by when set. */
export function toListQuery(params: ListParams): Record<string, string> {
  const query: Record<string, string> = { page: String(params.page), limit: String(params.limit) };
  if (params.search) query.search = params.search;
  if (params.sortBy) query.sort_by = params.sortBy;
  return query;
}

/** Number of pages for `total` rows at `perPage` a page (at least 1). */
export function pageCount(total: number, perPage: number): number {
  if (perPage <= 0) return 1;
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * DataTable props bound to list state: `<DataTable {...bindListParams(params, setParams)} ... />`.
 * Changing the search, page size or order goes back to page 1.
 */
export function bindListParams(params: ListParams, onChange: (next: ListParams) => void) {
  return {
    page: params.page,
    limit: params.limit,
    search: params.search,
    sortBy: params.sortBy,
    onPageChange: (page: number) => onChange({ ...params, page }),
    onLimitChange: (limit: number) => onChange({ ...params, limit, page: 1 }),
    onSearchChange: (search: string) => onChange({ ...params, search, page: 1 }),
    onSortChange: (sortBy: string | null) => onChange({ ...params, sortBy, page: 1 }),
  };
}
