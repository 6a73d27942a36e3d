import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "teacher" | "coordinator" | "lowAdmin" | "admin", Headers>;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
});
afterAll(() => ctx?.close());

const api = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  headers?: Headers,
  payload?: unknown,
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    ...(headers ? { headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

describe("holidays", () => {
  it("stores one day or a range, lists by date and by calendar month", async () => {
    const single = await api("POST", "/holidays", as.admin, {
      description: "Batalla de Carabobo",
      start_date: "2031-06-24",
      end_date: "",
    });
    expect(single.statusCode, single.body).toBe(201);
    expect(single.json().data).toEqual({
      id: expect.any(Number),
      description: "Batalla de Carabobo",
      date: "2031-06-24",
      start_date: "2031-06-24",
      end_date: "2031-06-24",
      days: 1,
    });
    const range = await api("POST", "/holidays", as.admin, {
      description: "Carnaval",
      start_date: "2031-02-24",
      end_date: "2031-02-25",
    });
    expect(range.json().data.days).toBe(2);
    await api("POST", "/holidays", as.admin, { description: "Fin de año", start_date: "2031-12-31" });
    await api("POST", "/holidays", as.admin, { description: "Año Nuevo", start_date: "2032-01-01" });

    const all = await api("GET", "/holidays?limit=0", as.student);
    expect(all.statusCode).toBe(200);
    expect(all.json().data.map((h: { description: string }) => h.description)).toEqual([
      "Carnaval",
      "Batalla de Carabobo",
      "Fin de año",
      "Año Nuevo",
    ]);
    // A month window catches a range that only touches it.
    const feb = await api("GET", "/holidays?from=2031-02-25&to=2031-03-31", as.teacher);
    expect(feb.json().data.map((h: { description: string }) => h.description)).toEqual(["Carnaval"]);
    const year = await api("GET", "/holidays?year=2032", as.coordinator);
    expect(year.json().data.map((h: { description: string }) => h.description)).toEqual(["Año Nuevo"]);
    const search = await api("GET", "/holidays?search=carabobo", as.lowAdmin);
    expect(search.json().meta.total).toBe(1);
  });

  it("updates: a one-day holiday moves whole; crossed dates are a 422 with Spanish labels", async () => {
    const created = await api("POST", "/holidays", as.admin, {
      description: "Día X",
      start_date: "2033-05-01",
    });
    const id = created.json().data.id;
    const moved = await api("PATCH", `/holidays/${id}`, as.admin, { start_date: "2033-05-03" });
    expect(moved.json().data).toMatchObject({ start_date: "2033-05-03", end_date: "2033-05-03" });
    const widened = await api("PATCH", `/holidays/${id}`, as.admin, { end_date: "2033-05-05" });
    expect(widened.json().data).toMatchObject({ start_date: "2033-05-03", end_date: "2033-05-05", days: 3 });
    const crossed = await api("PATCH", `/holidays/${id}`, as.admin, { start_date: "2033-05-06" });
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().errors).toEqual({
      end_date: ["El campo fecha de cierre debe ser una fecha posterior o igual a fecha de inicio."],
    });
    const bad = await api("POST", "/holidays", as.admin, {
      description: "",
      start_date: "2033-13-01",
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      description: ["El campo descripción es obligatorio."],
      start_date: ["El campo fecha de inicio debe ser una fecha válida."],
    });
    const reversed = await api("POST", "/holidays", as.admin, {
      description: "Al revés",
      start_date: "2033-02-02",
      end_date: "2033-02-01",
    });
    expect(reversed.json().errors.end_date).toHaveLength(1);
    expect((await api("DELETE", `/holidays/${id}`, as.admin)).statusCode).toBe(204);
    expect((await api("GET", `/holidays/${id}`, as.admin)).statusCode).toBe(404);
  });

  it("lets everyone read and only administrators write (spec.md §6)", async () => {
    expect((await api("GET", "/holidays")).statusCode).toBe(401);
    const created = await api("POST", "/holidays", as.admin, { description: "Y", start_date: "2034-01-02" });
    const id = created.json().data.id;
    for (const role of ["student", "teacher", "coordinator", "lowAdmin"] as const) {
      expect((await api("GET", `/holidays/${id}`, as[role])).statusCode).toBe(200);
      const body = { description: "Z", start_date: "2034-01-03" };
      expect((await api("POST", "/holidays", as[role], body)).statusCode).toBe(403);
      expect((await api("PATCH", `/holidays/${id}`, as[role], body)).statusCode).toBe(403);
      expect((await api("DELETE", `/holidays/${id}`, as[role])).statusCode).toBe(403);
    }
  });
});
