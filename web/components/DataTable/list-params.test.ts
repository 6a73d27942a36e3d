import { describe, expect, it, vi } from "vitest";
import { bindListParams, pageCount, parseListParams, parseSortBy, toListQuery } from "./list-params";

describe("parseListParams", () => {
  it("gives page 1, limit 10, no search and no order by default", () => {
    expect(parseListParams(new URLSearchParams())).toEqual({ page: 1, limit: 10, search: "", sortBy: null });
  });

  it("reads valid values", () => {
    const params = parseListParams(
      new URLSearchParams("page=3&limit=20&search=%20aula%20&sort_by=code,desc"),
    );
    expect(params).toEqual({ page: 3, limit: 20, search: "aula", sortBy: "code,desc" });
  });

  it.each([
    ["page=0", { page: 1 }],
    ["page=-2", { page: 1 }],
    ["page=2.5", { page: 1 }],
    ["page=abc", { page: 1 }],
    ["limit=0", { limit: 10 }],
    ["limit=1000", { limit: 10 }],
    ["sort_by=code", { sortBy: null }],
    ["sort_by=code,up", { sortBy: null }],
    ["sort_by=code;drop table,asc", { sortBy: null }],
  ])("replaces malformed %s with the default", (query, expected) => {
    expect(parseListParams(new URLSearchParams(query))).toMatchObject(expected);
  });

  it("takes page-specific defaults", () => {
    expect(parseListParams(new URLSearchParams(), { limit: 5, sortBy: "year,desc" })).toMatchObject({
      limit: 5,
      sortBy: "year,desc",
    });
  });
});

describe("toListQuery", () => {
  it("always sends page and limit, and search / sort_by only when set", () => {
    expect(toListQuery({ page: 1, limit: 10, search: "", sortBy: null })).toEqual({ page: "1", limit: "10" });
    expect(toListQuery({ page: 2, limit: 5, search: "x", sortBy: "code,asc" })).toEqual({
      page: "2",
      limit: "5",
      search: "x",
      sort_by: "code,asc",
    });
  });

  it("round-trips through URL search params", () => {
    const params = { page: 4, limit: 15, search: "ñandú", sortBy: "max_capacity,desc" };
    expect(parseListParams(new URLSearchParams(toListQuery(params)))).toEqual(params);
  });
});

describe("helpers", () => {
  it("parses sort_by", () => {
    expect(parseSortBy("code,asc")).toEqual({ field: "code", direction: "asc" });
    expect(parseSortBy("teacher.name,desc")).toEqual({ field: "teacher.name", direction: "desc" });
    expect(parseSortBy(null)).toBeNull();
  });

  it("counts pages rounding up, at least one", () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(41, 5)).toBe(9);
  });

  it("binds table callbacks, going back to page 1 when the result set changes", () => {
    const onChange = vi.fn();
    const bound = bindListParams({ page: 3, limit: 10, search: "", sortBy: null }, onChange);
    bound.onPageChange(4);
    expect(onChange).toHaveBeenLastCalledWith({ page: 4, limit: 10, search: "", sortBy: null });
    bound.onLimitChange(20);
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, limit: 20, search: "", sortBy: null });
    bound.onSearchChange("a");
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, limit: 10, search: "a", sortBy: null });
    bound.onSortChange("code,desc");
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, limit: 10, search: "", sortBy: "code,desc" });
  });
});
