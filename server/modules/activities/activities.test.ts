import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "teacher" | "coordinator" | "lowAdmin" | "admin", Headers>;
let periodA: number;
let periodB: number;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  const [a, b] = await ctx.db
    .insert(s.periods)
    .values([
      { year: 2031, number: 1, startDate: "2031-01-06", endDate: "2031-05-30" },
      { year: 2031, number: 2, startDate: "2031-09-15", endDate: "2031-12-19" },
    ])
    .returning();
  periodA = a!.id;
  periodB = b!.id;
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

describe("activities", () => {
  it("creates, lists by period and month, updates and deletes", async () => {
    const created = await api("POST", "/activities", as.admin, {
      title: " Feria científica ",
      description: "Proyectos",
      observation: "",
      start_date: "2031-03-10",
      end_date: "2031-03-12",
      period_id: periodA,
      color: "#9c36b5",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toEqual({
      id: expect.any(Number),
      title: "Feria científica",
      description: "Proyectos",
      observation: null,
      start_date: "2031-03-10",
      end_date: "2031-03-12",
      period_id: periodA,
      color: "#9c36b5",
      text_color: null,
    });
    await api("POST", "/activities", as.admin, {
      title: "Inicio de clases",
      start_date: "2031-01-06",
      end_date: "2031-01-06",
      period_id: periodA,
    });
    await api("POST", "/activities", as.admin, {
      title: "Cierre",
      start_date: "2031-12-19",
      end_date: "2031-12-19",
      period_id: periodB,
    });

    const byPeriod = await api("GET", `/activities?period_id=${periodA}&limit=0`, as.student);
    expect(byPeriod.statusCode, byPeriod.body).toBe(200);
    expect(byPeriod.json().data.map((a: { title: string }) => a.title)).toEqual([
      "Inicio de clases",
      "Feria científica",
    ]);
    const march = await api("GET", "/activities?from=2031-03-12&to=2031-03-31", as.teacher);
    expect(march.json().data.map((a: { title: string }) => a.title)).toEqual(["Feria científica"]);
    const search = await api("GET", "/activities?search=proyectos&sort_by=title,desc", as.coordinator);
    expect(search.json().meta.total).toBe(1);
    expect((await api("GET", "/activities?sort_by=color", as.admin)).statusCode).toBe(422);

    const id = created.json().data.id;
    const updated = await api("PATCH", `/activities/${id}`, as.admin, {
      observation: "Auditorio",
      description: "",
      end_date: "2031-03-13",
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: "Feria científica",
      description: null,
      observation: "Auditorio",
      end_date: "2031-03-13",
    });
    expect((await api("DELETE", `/activities/${id}`, as.admin)).statusCode).toBe(204);
    expect((await api("GET", `/activities/${id}`, as.student)).statusCode).toBe(404);
  });

  it("refuses bad input with Spanish field messages", async () => {
    const res = await api("POST", "/activities", as.admin, {
      title: "",
      start_date: "2031-04-02",
      end_date: "2031-04-01",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      title: ["El campo título es obligatorio."],
      end_date: ["El campo fecha de cierre debe ser una fecha posterior o igual a fecha de inicio."],
    });
    const missingPeriod = await api("POST", "/activities", as.admin, {
      title: "Sin período",
      start_date: "2031-04-01",
      end_date: "2031-04-01",
      period_id: 999_999,
    });
    expect(missingPeriod.statusCode).toBe(422);
    expect(missingPeriod.json().errors.period_id).toHaveLength(1);

    const created = await api("POST", "/activities", as.admin, {
      title: "Corte",
      start_date: "2031-04-10",
      end_date: "2031-04-11",
    });
    const crossed = await api("PATCH", `/activities/${created.json().data.id}`, as.admin, {
      start_date: "2031-04-12",
    });
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().errors.end_date).toHaveLength(1);
  });

  it("exports the list as CSV with its filters, Spanish headers and formula cells neutralised", async () => {
    await api("POST", "/activities", as.admin, {
      title: "=HYPERLINK(1)",
      description: "Exportable, con acentos: ñ",
      start_date: "2031-06-02",
      end_date: "2031-06-03",
      period_id: periodB,
    });
    const res = await api("GET", `/activities?format=csv&period_id=${periodB}&search=exportable`, as.student);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.replace("\uFEFF", "").trim().split(/\r?\n/);
    expect(lines[0]).toBe("Título,Descripción,Observación,Fecha de inicio,Fecha de cierre");
    expect(lines.slice(1)).toEqual(['\'=HYPERLINK(1),"Exportable, con acentos: ñ",,2031-06-02,2031-06-03']);
  });

  it("lets everyone read and only administrators write (spec.md §6)", async () => {
    expect((await api("GET", "/activities")).statusCode).toBe(401);
    const created = await api("POST", "/activities", as.admin, {
      title: "Acto",
      start_date: "2031-05-02",
      end_date: "2031-05-02",
    });
    const id = created.json().data.id;
    const body = { title: "Otro", start_date: "2031-05-03", end_date: "2031-05-03" };
    for (const role of ["student", "teacher", "coordinator", "lowAdmin"] as const) {
      expect((await api("GET", `/activities/${id}`, as[role])).statusCode).toBe(200);
      expect((await api("POST", "/activities", as[role], body)).statusCode).toBe(403);
      expect((await api("PATCH", `/activities/${id}`, as[role], body)).statusCode).toBe(403);
      expect((await api("DELETE", `/activities/${id}`, as[role])).statusCode).toBe(403);
    }
  });
});
