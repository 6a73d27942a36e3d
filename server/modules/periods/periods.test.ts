import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext, testToday } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { assertDateOrder } from "./service.js";

type Headers = { authorization: string };
type Roles = "student" | "teacher" | "coordinator" | "lowAdmin" | "admin" | "god";
type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

async function signIn(ctx: TestContext) {
  const as = {} as Record<Roles, Headers>;
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin", "god"] as const) {
    as[role] = (await createUserWithToken(ctx, Role[role])).headers;
  }
  return as;
}

const caller =
  (ctx: () => TestContext) => (method: Method, url: string, headers?: Headers, payload?: unknown) =>
    ctx().app.inject({
      method,
      url: `/api${url}`,
      ...(headers ? { headers } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

/** A date `days` from today in the school's time zone. */
const fromToday = (days: number) => {
  const d = new Date(`${testToday}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A valid period body starting `startIn` days from today. */
const periodBody = (year: number, number: number, startIn = 400) => ({
  year,
  number,
  weeks_length: 16,
  start_date: fromToday(startIn),
  end_date: fromToday(startIn + 110),
  first_cut_start_date: fromToday(startIn),
  first_cut_end_date: fromToday(startIn + 53),
  second_cut_start_date: fromToday(startIn + 56),
  second_cut_end_date: fromToday(startIn + 110),
  first_half_end_date: fromToday(startIn + 53),
  second_half_end_date: fromToday(startIn + 110),
  pending_evaluations_fc_reminder_date: fromToday(startIn + 46),
  pending_evaluations_sc_reminder_date: fromToday(startIn + 103),
  approval_minimum_avg: 11,
  approval_minimum_note: 10,
  low_performance_note: 12,
  high_performance_note: 17,
  semester_price_e2: 25050,
  responsibles: {
    principal: { name: "Lcda. Ana Pérez", title: "Directora", identity_document: "V-12345678" },
    vice_principal: { name: "Prof. Luis Gómez", title: "Subdirector" },
    study_control: { name: "Lcda. Rosa Díaz" },
    manager: { name: "Lcdo. Juan Ríos" },
    signer: { name: "Lcda. Ana Pérez", title: "Directora" },
  },
});

describe("periods on the demo school", () => {
  let ctx: TestContext;
  let as: Record<Roles, Headers>;
  const api = caller(() => ctx);
  let periodIds: { older: number; current: number; next: number };
  /** The latest pensum version of each specialization. */
  let pensumBySpecialization: Map<number, number[]>;

  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoSchool(ctx);
    as = await signIn(ctx);
    const rows = await ctx.db.select().from(s.periods).orderBy(s.periods.startDate);
    const current = rows.findIndex((r) => r.enabled);
    periodIds = { older: rows[current - 1]!.id, current: rows[current]!.id, next: rows[current + 1]!.id };
    pensumBySpecialization = new Map();
    for (const p of await ctx.db.select().from(s.pensums).orderBy(s.pensums.version)) {
      pensumBySpecialization.set(p.specializationId, [
        ...(pensumBySpecialization.get(p.specializationId) ?? []),
        p.id,
      ]);
    }
  }, 120_000);
  afterAll(() => ctx?.close());

  async function createPeriod(body: object) {
    const res = await api("POST", "/periods", as.admin, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number; state: string; enabled: boolean };
  }

  it("lists periods newest first to the admin group (and coordinators) only", async () => {
    const res = await api("GET", "/periods?limit=0", as.lowAdmin);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    expect(meta.total).toBe(3);
    expect(data.map((p: { id: number }) => p.id)).toEqual([
      periodIds.next,
      periodIds.current,
      periodIds.older,
    ]);
    expect(data.map((p: { state: string }) => p.state)).toEqual(["next", "current", "older"]);
    const current = data[1];
    expect(current).toMatchObject({ enabled: true, enabled_inscriptions: true, semester_price_e2: 20000 });
    expect(current.name).toBe(`${current.year}-${current.number}`);
    expect(current.responsibles.principal).toMatchObject({
      name: "Lcda. Mercedes Aranguren",
      title: "Directora",
    });
    expect(data[0].enabled_preregisters).toBe(true);

    for (const role of ["student", "teacher", "coordinator"] as const) {
      // The coordinator lists them for the section pages' period selector (issue 26), no more.
      expect((await api("GET", "/periods", as[role])).statusCode).toBe(role === "coordinator" ? 200 : 403);
      expect((await api("GET", `/periods/${periodIds.current}`, as[role])).statusCode).toBe(403);
    }
    expect((await api("GET", "/periods")).statusCode).toBe(401);
    expect((await api("POST", "/periods", as.lowAdmin, periodBody(2090, 1))).statusCode).toBe(403);
    expect(
      (await api("PATCH", `/periods/${periodIds.next}`, as.lowAdmin, { weeks_length: 15 })).statusCode,
    ).toBe(403);
    expect((await api("DELETE", `/periods/${periodIds.next}`, as.lowAdmin)).statusCode).toBe(403);
  });

  it("sorts by year, searches by year-number and refuses unknown sort fields", async () => {
    const byYear = (await api("GET", "/periods?limit=0&sort_by=year,desc", as.admin)).json().data as {
      year: number;
      number: number;
      name: string;
    }[];
    const names = byYear.map((p) => p.name);
    const expected = [...byYear].sort((a, b) => b.year - a.year || b.number - a.number).map((p) => p.name);
    expect(names).toEqual(expected);
    const searched = (await api("GET", `/periods?search=${names[1]}`, as.admin)).json();
    expect(searched.data.map((p: { name: string }) => p.name)).toEqual([names[1]]);
    const bad = await api("GET", "/periods?sort_by=password,asc", as.admin);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sort_by).toBeDefined();
  });

  it("shows a period with every specialization and its pensum", async () => {
    const res = await api("GET", `/periods/${periodIds.current}`, as.lowAdmin);
    expect(res.statusCode).toBe(200);
    const period = res.json().data;
    expect(period.specializations).toHaveLength(3);
    expect(period.specializations[0].is_basic).toBe(true);
    for (const spec of period.specializations) expect(spec.pensum).not.toBeNull();
    expect((await api("GET", "/periods/999999", as.admin)).json().message).toBe("period_not_found");
  });

  it("creates a period with every field, money in hundredths, and defaults for the thresholds", async () => {
    const body = periodBody(2090, 1);
    const created = await createPeriod(body);
    const detail = (await api("GET", `/periods/${created.id}`, as.admin)).json().data;
    expect(detail).toMatchObject({
      year: 2090,
      number: 1,
      enabled: false,
      state: "other",
      start_date: body.start_date,
      first_cut_end_date: body.first_cut_end_date,
      second_half_end_date: body.second_half_end_date,
      pending_evaluations_sc_reminder_date: body.pending_evaluations_sc_reminder_date,
      approval_minimum_avg: 11,
      high_performance_note: 17,
      semester_price_e2: 25050,
      enabled_inscriptions: false,
    });
    expect(detail.responsibles.principal).toEqual({
      name: "Lcda. Ana Pérez",
      title: "Directora",
      identity_document: "V-12345678",
    });
    expect(detail.responsibles.manager).toEqual({
      name: "Lcdo. Juan Ríos",
      title: null,
      identity_document: null,
    });
    expect(detail.specializations.every((x: { pensum: unknown }) => x.pensum === null)).toBe(true);

    const minimal = await createPeriod({
      year: 2090,
      number: 2,
      start_date: "2090-08-01",
      end_date: "2090-12-15",
    });
    const min = (await api("GET", `/periods/${minimal.id}`, as.admin)).json().data;
    expect(min).toMatchObject({
      weeks_length: 16,
      approval_minimum_avg: 10,
      approval_minimum_note: 10,
      low_performance_note: 12,
      high_performance_note: 16,
      semester_price_e2: 0,
      first_cut_start_date: null,
    });
    expect(min.responsibles.signer).toBeNull();
  });

  it("answers Spanish 422 messages for bad fields", async () => {
    const res = await api("POST", "/periods", as.admin, {
      year: "dos mil",
      number: 1,
      start_date: "2090-02-30",
      approval_minimum_note: 21,
      semester_price_e2: -5,
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors.start_date[0]).toBe("El campo fecha de inicio debe ser una fecha válida.");
    expect(errors.end_date[0]).toBe("El campo fecha de cierre es obligatorio.");
    expect(errors.approval_minimum_note[0]).toContain("nota mínima aprobatoria");
    expect(errors.year).toBeDefined();
    expect(errors.semester_price_e2).toBeDefined();
  });

  it("refuses dates out of order with invalid_date_range", async () => {
    const cases = [
      { ...periodBody(2091, 1), end_date: fromToday(390) },
      { ...periodBody(2091, 1), first_cut_end_date: fromToday(399) },
      { ...periodBody(2091, 1), second_cut_start_date: fromToday(450) },
      { ...periodBody(2091, 1), first_half_end_date: fromToday(600) },
      { ...periodBody(2091, 1), pending_evaluations_fc_reminder_date: fromToday(10) },
    ];
    for (const body of cases) {
      const res = await api("POST", "/periods", as.admin, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({
        message: "invalid_date_range",
        description: "El rango de fechas no es válido.",
      });
    }
    const created = await createPeriod(periodBody(2091, 1));
    const res = await api("PATCH", `/periods/${created.id}`, as.admin, { end_date: fromToday(300) });
    expect(res.json().message).toBe("invalid_date_range");
    expect(await ctx.db.select().from(s.periods).where(eq(s.periods.year, 2091))).toHaveLength(1);
  });

  it("refuses a repeated year and number", async () => {
    await createPeriod(periodBody(2092, 1));
    const again = await api("POST", "/periods", as.admin, periodBody(2092, 1));
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("year_number_combination_already_exists");
    const other = await createPeriod(periodBody(2092, 2, 520));
    const clash = await api("PATCH", `/periods/${other.id}`, as.admin, { number: 1 });
    expect(clash.json().message).toBe("year_number_combination_already_exists");
  });

  it("updates only the fields sent and replaces or removes responsibles", async () => {
    const res = await api("PATCH", `/periods/${periodIds.next}`, as.admin, {
      semester_price_e2: 23000,
      responsibles: { manager: { name: "Lcda. Nueva Gerente" }, signer: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    const period = res.json().data;
    expect(period.semester_price_e2).toBe(23000);
    expect(period.responsibles.manager.name).toBe("Lcda. Nueva Gerente");
    expect(period.responsibles.signer).toBeNull();
    expect(period.responsibles.principal.name).toBe("Lcda. Mercedes Aranguren");
  });

  it("keeps older periods read-only", async () => {
    const res = await api("PATCH", `/periods/${periodIds.older}`, as.admin, { weeks_length: 15 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("unable_to_update_older_periods");
    const enable = await api("PATCH", `/periods/${periodIds.older}`, as.admin, { enabled: true });
    expect(enable.json().message).toBe("unable_to_update_older_periods");
    const del = await api("DELETE", `/periods/${periodIds.older}`, as.admin);
    expect(del.json().message).toBe("unable_to_update_older_periods");
    const [row] = await ctx.db.select().from(s.periods).where(eq(s.periods.id, periodIds.older));
    expect(row!.weeksLength).toBe(16);
  });

  it("opens inscriptions and pre-registrations only on the current or next period", async () => {
    const older = await api("PATCH", `/periods/${periodIds.older}/open-inscriptions`, as.admin, {
      enabled_inscriptions: true,
    });
    expect(older.statusCode).toBe(400);
    expect(older.json().message).toBe("period_not_equals_next_period");
    const later = await createPeriod(periodBody(2093, 1, 700));
    const refused = await api("PATCH", `/periods/${later.id}/open-inscriptions`, as.admin, {
      enabled_preregisters: true,
    });
    expect(refused.json().message).toBe("period_not_equals_next_period");
    const viaPatch = await api("PATCH", `/periods/${later.id}`, as.admin, { enabled_inscriptions: true });
    expect(viaPatch.json().message).toBe("period_not_equals_next_period");

    const next = await api("PATCH", `/periods/${periodIds.next}/open-inscriptions`, as.admin, {
      enabled_inscriptions: true,
      enabled_preregisters: false,
    });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().data).toMatchObject({ enabled_inscriptions: true, enabled_preregisters: false });
    const back = await api("PATCH", `/periods/${periodIds.next}/open-inscriptions`, as.admin, {
      enabled_inscriptions: false,
      enabled_preregisters: true,
    });
    expect(back.json().data).toMatchObject({ enabled_inscriptions: false, enabled_preregisters: true });
    expect(
      (
        await api("PATCH", `/periods/${periodIds.next}/open-inscriptions`, as.lowAdmin, {
          enabled_inscriptions: true,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("filters the list by inscriptions open", async () => {
    const res = await api("GET", "/periods?limit=0&enabled_inscriptions=1", as.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((p: { id: number }) => p.id)).toEqual([periodIds.current]);
  });

  it("answers the enabled, pre-registration and inscription periods", async () => {
    const enabled = await api("GET", "/enabled-period", as.student);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().data.id).toBe(periodIds.current);
    const pensums = (await api("GET", "/enabled-period/pensums", as.teacher)).json().data;
    expect(pensums).toHaveLength(3);
    expect(pensums[0].specialization.is_basic).toBe(true);
    expect(pensums[0].semesters.map((x: { number: number }) => x.number)).toEqual([1, 2]);
    const pre = await api("GET", "/enabled-preregisters-period");
    expect(pre.statusCode).toBe(200);
    expect(pre.json().data.id).toBe(periodIds.next);
    const ins = await api("GET", "/enabled-inscription-period", as.student);
    expect(ins.json().data.id).toBe(periodIds.current);
    expect((await api("GET", "/enabled-period")).statusCode).toBe(401);
  });

  it("shows the signers' names and titles, never their identity numbers, outside the period pages", async () => {
    await ctx.db
      .update(s.periodResponsibles)
      .set({ identityDocument: "V-10200300" })
      .where(eq(s.periodResponsibles.role, "principal"));
    const answers = [
      await api("GET", "/enabled-period", as.student),
      await api("GET", "/enabled-preregisters-period"),
      await api("GET", "/enabled-inscription-period", as.teacher),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      const { responsibles } = res.json().data;
      expect(responsibles.principal).toEqual({ name: expect.any(String), title: expect.any(String) });
      for (const person of Object.values(responsibles)) {
        if (person) expect(Object.keys(person as object).sort()).toEqual(["name", "title"]);
      }
      expect(res.body).not.toContain("V-10200300");
    }
    // The administrators' period page still carries them.
    const detail = await api("GET", `/periods/${periodIds.current}`, as.admin);
    expect(detail.json().data.responsibles.principal.identity_document).toBe("V-10200300");
  });

  it("lists a period's courses by specialization, semesters in order", async () => {
    const res = await api("GET", `/periods/${periodIds.current}/courses-by-specialization`, as.lowAdmin);
    expect(res.statusCode).toBe(200);
    const specs = res.json().data;
    expect(specs).toHaveLength(3);
    const basic = specs.find((x: { is_basic: boolean }) => x.is_basic);
    expect(basic.semesters.map((x: { number: number }) => x.number)).toEqual([1, 2]);
    expect(basic.semesters[0].courses.map((c: { code: string }) => c.code)).toContain("MAT-101");
    expect((await api("GET", "/periods/999999/courses-by-specialization", as.admin)).statusCode).toBe(404);
  });

  it("attaches one pensum per specialization, not once the period is active", async () => {
    const period = await createPeriod(periodBody(2094, 1));
    const [specId, versions] = [...pensumBySpecialization.entries()].find(([, v]) => v.length > 1)!;
    const first = await api("PUT", `/periods/${period.id}/pensums/${versions[0]}`, as.admin);
    expect(first.statusCode, first.body).toBe(200);
    const second = await api("PUT", `/periods/${period.id}/pensums/${versions[1]}`, as.admin);
    const spec = second.json().data.specializations.find((x: { id: number }) => x.id === specId);
    expect(spec.pensum.id).toBe(versions[1]);
    const rows = await ctx.db
      .select()
      .from(s.periodPensums)
      .where(and(eq(s.periodPensums.periodId, period.id), eq(s.periodPensums.specializationId, specId)));
    expect(rows).toHaveLength(1);

    const active = await api("PUT", `/periods/${periodIds.current}/pensums/${versions[0]}`, as.admin);
    expect(active.statusCode).toBe(400);
    expect(active.json().message).toBe("cant_attach_a_pensum_to_an_active_period");
    const started = await createPeriod({ ...periodBody(2094, 2, -30) });
    const late = await api("PUT", `/periods/${started.id}/pensums/${versions[0]}`, as.admin);
    expect(late.json().message).toBe("cant_attach_a_pensum_to_an_active_period");
    // It starts before the demo's next period and would stand in its place as "next" in later tests.
    expect((await api("DELETE", `/periods/${started.id}`, as.admin)).statusCode).toBe(204);
    expect((await api("PUT", `/periods/${period.id}/pensums/999999`, as.admin)).statusCode).toBe(404);
    expect((await api("PUT", `/periods/${period.id}/pensums/${versions[0]}`, as.lowAdmin)).statusCode).toBe(
      403,
    );
  });

  it("refuses deleting the current period or one sections depend on, and deletes an unused one", async () => {
    const current = await api("DELETE", `/periods/${periodIds.current}`, as.admin);
    expect(current.statusCode).toBe(400);
    expect(current.json().message).toBe("period_is_enabled");

    const used = await createPeriod(periodBody(2095, 1));
    const [semester] = await ctx.db.select().from(s.semesters).limit(1);
    await ctx.db
      .insert(s.sections)
      .values({ periodId: used.id, semesterId: semester!.id, letterCode: "Z", code: `${semester!.code}Z` });
    const refused = await api("DELETE", `/periods/${used.id}`, as.admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe("period_has_dependents");
    expect(refused.json().description).toContain("no puede eliminarse");

    const unused = await createPeriod(periodBody(2095, 2, 520));
    expect((await api("DELETE", `/periods/${unused.id}`, as.admin)).statusCode).toBe(204);
    expect((await api("GET", `/periods/${unused.id}`, as.admin)).statusCode).toBe(404);
  });

  it("enables only the next period, and only when every specialization has a pensum", async () => {
    const later = await createPeriod(periodBody(2099, 1, 200));
    for (const list of pensumBySpecialization.values())
      await api("PUT", `/periods/${later.id}/pensums/${list.at(-1)}`, as.admin);
    // A mis-click on a later period would make the next one older and read-only for good.
    const skip = await api("PATCH", `/periods/${later.id}`, as.admin, { enabled: true, weeks_length: 14 });
    expect(skip.statusCode).toBe(400);
    expect(skip.json().message).toBe("period_not_equals_next_period");
    expect(skip.json().description).toContain("2099-1");
    const [unchanged] = await ctx.db.select().from(s.periods).where(eq(s.periods.id, later.id));
    expect(unchanged).toMatchObject({ enabled: false, weeksLength: 16 });

    const links = await ctx.db
      .delete(s.periodPensums)
      .where(eq(s.periodPensums.periodId, periodIds.next))
      .returning();
    const missing = await api("PATCH", `/periods/${periodIds.next}`, as.admin, { enabled: true });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("all_specializations_must_have_one_pensum");
    await ctx.db.insert(s.periodPensums).values(links);
  });

  it("enabling the next period closes inscriptions and pre-registrations outside the new calendar", async () => {
    const faraway = await createPeriod(periodBody(2099, 2, 900));
    const open = { enabledInscriptions: true, enabledPreregisters: true };
    for (const id of [periodIds.older, periodIds.current, faraway.id])
      await ctx.db.update(s.periods).set(open).where(eq(s.periods.id, id));
    const res = await api("PATCH", `/periods/${periodIds.next}`, as.admin, { enabled: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ enabled: true, state: "current" });
    const enabled = await ctx.db.select().from(s.periods).where(eq(s.periods.enabled, true));
    expect(enabled.map((p) => p.id)).toEqual([periodIds.next]);
    const states = (await api("GET", "/periods?limit=0", as.admin)).json().data as {
      id: number;
      state: string;
      enabled_inscriptions: boolean;
      enabled_preregisters: boolean;
    }[];
    const old = states.find((p) => p.id === periodIds.current)!;
    expect(old).toMatchObject({ state: "older", enabled_inscriptions: false, enabled_preregisters: false });
    for (const id of [periodIds.older, faraway.id])
      expect(states.find((p) => p.id === id)).toMatchObject({
        enabled_inscriptions: false,
        enabled_preregisters: false,
      });
    // The new next period (2099-1, created above) may still be opened.
    const next = states.find((p) => p.state === "next")!;
    const opened = await api("PATCH", `/periods/${next.id}/open-inscriptions`, as.admin, {
      enabled_preregisters: true,
    });
    expect(opened.statusCode, opened.body).toBe(200);

    const disable = await api("PATCH", `/periods/${periodIds.next}`, as.admin, { enabled: false });
    expect(disable.statusCode).toBe(422);
    expect(disable.json().errors.enabled).toBeDefined();
  });

  it("closes inscriptions left open on an older period, but never opens them", async () => {
    await ctx.db
      .update(s.periods)
      .set({ enabledInscriptions: true, enabledPreregisters: true })
      .where(eq(s.periods.id, periodIds.older));
    const close = await api("PATCH", `/periods/${periodIds.older}/open-inscriptions`, as.admin, {
      enabled_inscriptions: false,
      enabled_preregisters: false,
    });
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json().data).toMatchObject({ enabled_inscriptions: false, enabled_preregisters: false });
    const reopen = await api("PATCH", `/periods/${periodIds.older}/open-inscriptions`, as.admin, {
      enabled_inscriptions: true,
    });
    expect(reopen.json().message).toBe("period_not_equals_next_period");
  });
});

describe("periods without an enabled one", () => {
  let ctx: TestContext;
  let as: Record<Roles, Headers>;
  const api = caller(() => ctx);

  beforeAll(async () => {
    ctx = await createTestContext();
    as = await signIn(ctx);
  });
  afterAll(() => ctx?.close());

  it("answers the codes of a school with no current period", async () => {
    const enabled = await api("GET", "/enabled-period", as.admin);
    expect(enabled.statusCode).toBe(404);
    expect(enabled.json().message).toBe("unable_to_find_enabled_period");
    expect((await api("GET", "/enabled-period/pensums", as.admin)).json().message).toBe(
      "unable_to_find_enabled_period",
    );
    const pre = await api("GET", "/enabled-preregisters-period");
    expect(pre.statusCode).toBe(400);
    expect(pre.json().message).toBe("unable_to_find_enabled_preregisters_period");
    const ins = await api("GET", "/enabled-inscription-period", as.student);
    expect(ins.statusCode).toBe(400);
    expect(ins.json().message).toBe("period_inscriptions_are_disabled");
  });

  it("leaves exactly one period enabled when two are enabled at once", async () => {
    const ids: number[] = [];
    for (const [number, start] of [
      [1, 30],
      [2, 200],
    ] as const) {
      const res = await api("POST", "/periods", as.admin, periodBody(2080, number, start));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().data.id);
    }
    for (let round = 0; round < 3; round++) {
      const order = round % 2 === 0 ? ids : [...ids].reverse();
      const results = await Promise.all(
        order.map((id) => api("PATCH", `/periods/${id}`, as.admin, { enabled: true })),
      );
      for (const r of results) expect([200, 400], r.body).toContain(r.statusCode);
      expect(results.some((r) => r.statusCode === 200)).toBe(true);
      const enabled = await ctx.db.select().from(s.periods).where(eq(s.periods.enabled, true));
      expect(enabled).toHaveLength(1);
    }
  });
});

describe("assertDateOrder", () => {
  const base = {
    startDate: "2030-01-01",
    endDate: "2030-05-01",
    firstCutStartDate: null,
    firstCutEndDate: null,
    secondCutStartDate: null,
    secondCutEndDate: null,
    firstHalfEndDate: null,
    secondHalfEndDate: null,
    pendingEvaluationsFcReminderDate: null,
    pendingEvaluationsScReminderDate: null,
  };
  it("accepts empty optional dates and equal bounds, refuses reversed reminders", () => {
    expect(() => assertDateOrder(base)).not.toThrow();
    expect(() => assertDateOrder({ ...base, endDate: "2030-01-01" })).not.toThrow();
    expect(() =>
      assertDateOrder({
        ...base,
        pendingEvaluationsFcReminderDate: "2030-03-01",
        pendingEvaluationsScReminderDate: "2030-02-01",
      }),
    ).toThrow("invalid_date_range");
  });
});

describe("periods CSV", () => {
  let ctx: TestContext;
  let as: Record<Roles, Headers>;
  const api = caller(() => ctx);
  beforeAll(async () => {
    ctx = await createTestContext();
    as = await signIn(ctx);
  });
  afterAll(() => ctx?.close());

  it("exports every period with the list's search and order, Spanish headers and money as an amount", async () => {
    for (const number of [1, 2, 3]) {
      const res = await api("POST", "/periods", as.admin, {
        ...periodBody(2070, number, 100 * number),
        responsibles: { principal: { name: '=HYPERLINK("x")' } },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await api("GET", "/periods?format=csv&limit=1&search=2070-&sort_by=number,asc", as.lowAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.replace("\uFEFF", "").trim().split(/\r?\n/);
    expect(lines[0]).toContain("Período,Año,Número,Estado");
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((l) => l.split(",")[0])).toEqual(["2070-1", "2070-2", "2070-3"]);
    // Amounts as everywhere in Spanish (1.234,56), quoted for the comma.
    expect(lines[1]).toContain('"250,50"');
    expect(lines[1]).toContain("'=HYPERLINK");
    expect((await api("GET", "/periods?format=csv", as.teacher)).statusCode).toBe(403);
  });
});
