/** `meta` of a list answer (ARCHITECTURE.md "HTTP contract"). */
export type ListMeta = { total: number; per_page: number; current_page: number; last_page: number };

export type ListResponse<T> = { data: T[]; meta: ListMeta };
export type ItemResponse<T> = { data: T };

/** Standard list parameters; `limit: 0` fetches every row. `sort_by` is "field,asc|desc". */
export type ListParams = {
  page?: number;
  limit?: number;
  search?: string;
  sort_by?: string;
  [filter: string]: string | number | boolean | null | undefined;
};
