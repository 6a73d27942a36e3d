import { useEffect } from "react";
import { useLocation } from "react-router";

/** sessionStorage key: the query string each list was last shown with, by path (this tab only). */
export const LIST_RETURN_KEY = "aula.listSearch";

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(LIST_RETURN_KEY) ?? "{}");
    return parsed && typeof parsed === "object" && !Array.isArray(parsed)
      ? (parsed as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

/** Keeps the query string (`?search=a&page=2…`) a list is shown with, for `listReturnPath`. */
export function rememberListSearch(pathname: string, search: string): void {
  const all = readAll();
  if (search) all[pathname] = search.startsWith("?") ? search : `?${search}`;
  else delete all[pathname];
  try {
    sessionStorage.setItem(LIST_RETURN_KEY, JSON.stringify(all));
  } catch {
    // storage blocked: the way back goes to the list's first page
  }
}

/**
 * The way back to a list as the user left it: `/classrooms?search=lab&sort_by=code,desc&page=2` after
 * the list was last shown like that in this tab, `/classrooms` otherwise. Forms use it for "Cancelar",
 * the breadcrumb and the move after saving, so search, order, page and page size survive a create or
 * an edit.
 */
export function listReturnPath(pathname: string): string {
  const search = readAll()[pathname];
  return search?.startsWith("?") ? `${pathname}${search}` : pathname;
}

/** In a list page: remembers the page's current query string (see `listReturnPath`). */
export function useRememberListSearch(): void {
  const { pathname, search } = useLocation();
  useEffect(() => rememberListSearch(pathname, search), [pathname, search]);
}
