import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { classrooms } from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { containsPattern, pageMeta } from "./pagination.js";

// The list contract of ARCHITECTURE.md, exercised through GET /api/classrooms.
let ctx: TestContext;
let headers: { authorization: string };

const rooms = [
  { code: "A-01", description: "Áula Magna", maxCapacity: 120 },
  { code: "A-02", description: "Laboratorio de química", maxCapacity: 30 },
  { code: "B-01", description: "50% de descuento", maxCapacity: 20 },
  { code: "B_02", description: "Sala con guion bajo", maxCapacity: 25, enabled: false },
  { code: "C-01", description: "Sala O'Higgins", maxCapacity: 40 },
  { code: "C-02", description: "Ruta C:\\aulas", maxCapacity: 35 },
  { code: "D-01", description: "Música y CANCIÓN", maxCapacity: 15, multipleSections: true },
  { code: "D-02", description: null, maxCapacity: 10 },
  { code: "E-01", description: "Pañol de herramientas", maxCapacity: 5 },
  { code: "E-02", description: "Informática", maxCapacity: 28 },
  { code: "F-01", description: "Biblioteca", maxCapacity: 60 },
  { code: "F-02", description: "Auditorio", maxCapacity: 200, multipleSections: true },
];

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await createUserWithToken(ctx, Role.lowAdmin)).headers;
  await ctx.db.insert(classrooms).values(rooms);
});
afterAll(() => ctx?.close());

async function list(query: string) {
  const res = await ctx.app.inject({ method: "GET", url: `/api/classrooms?${query}`, headers });
  return res;
}
const codes = async (query: string) => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { code: string }[]).map((r) => r.code);
};

describe("pages", () => {
  it("answers 10 rows by default, with meta", async () => {
    const res = await list("");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(10);
    expect(body.meta).toEqual({ total: 12, per_page: 10, current_page: 1, last_page: 2 });
  });

  it("cuts pages by page and limit", async () => {
    const res = await list("page=3&limit=5&sort_by=code,asc");
    expect(res.json().meta).toEqual({ total: 12, per_page: 5, current_page: 3, last_page: 3 });
    expect(res.json().data.map((r: { code: string }) => r.code)).toEqual(["F-01", "F-02"]);
    const beyond = await list("page=9&limit=5");
    expect(beyond.json()).toEqual({
      data: [],
      meta: { total: 12, per_page: 5, current_page: 9, last_page: 3 },
    });
  });

  it("answers every row with limit=0 (per_page = total)", async () => {
    const res = await list("limit=0&page=4");
    expect(res.json().data).toHaveLength(12);
    expect(res.json().meta).toEqual({ total: 12, per_page: 12, current_page: 1, last_page: 1 });
  });

  it("treats empty values as absent", async () => {
    const res = await list("page=&limit=&search=&sort_by=&enabled=");
    expect(res.statusCode).toBe(200);
    expect(res.json().meta).toMatchObject({ total: 12, per_page: 10, current_page: 1 });
  });

  it("refuses a limit over 100 and a page under 1", async () => {
    const res = await list("limit=101&page=0");
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(["limit", "page"]);
  });

  it("computes meta for an empty result", () => {
    expect(pageMeta(0, 1, 10)).toEqual({ total: 0, per_page: 10, current_page: 1, last_page: 1 });
    expect(pageMeta(0, 1, 0)).toEqual({ total: 0, per_page: 0, current_page: 1, last_page: 1 });
  });
});

describe("sort_by", () => {
  it("sorts ascending and descending by an allowed field, id breaking ties", async () => {
    expect(await codes("limit=3&sort_by=max_capacity,asc")).toEqual(["E-01", "D-02", "D-01"]);
    expect(await codes("limit=3&sort_by=max_capacity,desc")).toEqual(["F-02", "A-01", "F-01"]);
    expect(await codes("limit=2&sort_by=code,DESC")).toEqual(["F-02", "F-01"]);
    expect(await codes("limit=2&sort_by=code")).toEqual(["A-01", "A-02"]);
    const byFlag = await codes("limit=0&sort_by=multiple_sections,desc");
    expect(byFlag.slice(0, 2)).toEqual(["D-01", "F-02"]);
  });

  it("refuses an unknown field or direction with a 422 on sort_by", async () => {
    for (const bad of [
      "password,asc",
      "max_capacity,sideways",
      "code,asc,extra",
      "code;drop table users",
      "(select 1)",
    ]) {
      const res = await list(`sort_by=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json()).toMatchObject({
        message: "validation_failed",
        errors: { sort_by: [expect.any(String)] },
      });
      expect(res.json().errors.sort_by[0]).toMatch(/^El campo ordenar por debe indicar un campo permitido/);
    }
  });
});

describe("search", () => {
  it("ignores case and accents on both sides", async () => {
    expect(await codes("search=aula")).toEqual(["A-01", "C-02"]);
    expect(await codes("search=%C3%81ULA%20MAGNA")).toEqual(["A-01"]);
    expect(await codes("search=quimica")).toEqual(["A-02"]);
    expect(await codes("search=cancion")).toEqual(["D-01"]);
    expect(await codes("search=panol")).toEqual(["E-01"]);
    expect(await codes("search=INFORMÁTICA")).toEqual(["E-02"]);
  });

  it("trims the text and searches the code too", async () => {
    expect(await codes(`search=${encodeURIComponent("  f-0 ")}`)).toEqual(["F-01", "F-02"]);
  });

  it("takes SQL and LIKE metacharacters literally", async () => {
    expect(await codes("search=%25")).toEqual(["B-01"]);
    expect(await codes("search=_")).toEqual(["B_02"]);
    expect(await codes(`search=${encodeURIComponent("O'Hi")}`)).toEqual(["C-01"]);
    expect(await codes(`search=${encodeURIComponent("\\")}`)).toEqual(["C-02"]);
    expect(await codes(`search=${encodeURIComponent("C:\\a")}`)).toEqual(["C-02"]);
    expect(await codes(`search=${encodeURIComponent("'; drop table classrooms; --")}`)).toEqual([]);
    expect(await codes("limit=0")).toHaveLength(12);
  });

  it("escapes LIKE patterns", () => {
    expect(containsPattern("50%_a\\b")).toBe("%50\\%\\_a\\\\b%");
  });
});

describe("filters", () => {
  it("filters by typed fields combined with search and pages", async () => {
    expect(await codes("enabled=0")).toEqual(["B_02"]);
    expect((await list("enabled=1")).json().meta.total).toBe(11);
    expect(await codes("multiple_sections=true&sort_by=code,desc")).toEqual(["F-02", "D-01"]);
    expect(await codes("min_capacity=100&sort_by=max_capacity,desc")).toEqual(["F-02", "A-01"]);
    expect(await codes("search=sala&enabled=1")).toEqual(["C-01"]);
  });

  it("validates filters", async () => {
    const res = await list("enabled=maybe&min_capacity=lots");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      enabled: ["El valor seleccionado en el campo habilitado no es válido."],
      min_capacity: ["El campo capacidad mínima debe ser numérico."],
    });
  });
});
