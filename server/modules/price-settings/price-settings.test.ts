import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"student" | "teacher" | "coordinator" | "lowAdmin" | "admin", Headers>;
let adminId = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  for (const role of ["student", "teacher", "coordinator", "lowAdmin", "admin"] as const) {
    const made = await createUserWithToken(ctx, Role[role]);
    as[role] = made.headers;
    if (role === "admin") adminId = made.user.id;
  }
});
afterAll(() => ctx?.close());

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let periodNumber = 0;
async function newPeriod() {
  periodNumber += 1;
  const [row] = await ctx.db
    .insert(s.periods)
    .values({ year: 2030 + periodNumber, number: 1, startDate: "2026-01-01", endDate: "2026-07-31" })
    .returning();
  return row!.id;
}

let studentNumber = 0;
async function newStudent() {
  studentNumber += 1;
  const { user } = await createUserWithToken(ctx, Role.student);
  const [row] = await ctx.db
    .insert(s.students)
    .values({
      userId: user.id,
      firstName: "Ana",
      lastName: `Pérez ${studentNumber}`,
      identityDocument: `9${String(studentNumber).padStart(7, "0")}`,
      gender: "female",
    })
    .returning();
  return row!.id;
}

const body = (periodId: number, extra: Record<string, unknown> = {}) => ({
  period_id: periodId,
  installments: [
    { date: "2026-03-01", amount_e2: 25_000 },
    { date: "2026-02-01", amount_e2: 25_050 },
  ],
  installment_payment_methods: [3, 1],
  full_payment_methods: [5],
  installment_grace_period_days: 5,
  late_installment_extra_e2: 1_000,
  ...extra,
});

async function createSetting(periodId: number, extra: Record<string, unknown> = {}) {
  const res = await api("POST", "/period-price-settings", as.admin, body(periodId, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; installments: { id: number; date: string; amount_e2: number }[] };
}

/** A student's fee copied from the setting the way an inscription does it (inscriptions' generateFee). */
async function copyIntoFee(settingId: number, periodId: number, paidE2 = 0) {
  const studentId = await newStudent();
  const [setting] = await ctx.db
    .select()
    .from(s.periodPriceSettings)
    .where(eq(s.periodPriceSettings.id, settingId));
  const [fee] = await ctx.db
    .insert(s.studentPeriodFees)
    .values({
      studentId,
      periodId,
      priceSettingId: settingId,
      installmentPaymentMethods: setting!.installmentPaymentMethods,
      fullPaymentMethods: setting!.fullPaymentMethods,
      installmentGracePeriodDays: setting!.installmentGracePeriodDays,
      lateInstallmentExtraE2: setting!.lateInstallmentExtraE2,
    })
    .returning();
  const installments = await ctx.db
    .select()
    .from(s.periodPriceInstallments)
    .where(eq(s.periodPriceInstallments.priceSettingId, settingId));
  await ctx.db.insert(s.feeInstallments).values(
    installments.map((i, index) => ({
      feeId: fee!.id,
      date: i.date,
      amountE2: i.amountE2,
      paidAmountE2: index === 0 ? paidE2 : 0,
    })),
  );
  return fee!.id;
}

const feeInstallmentsOf = (feeId: number) =>
  ctx.db
    .select({ date: s.feeInstallments.date, amountE2: s.feeInstallments.amountE2 })
    .from(s.feeInstallments)
    .where(eq(s.feeInstallments.feeId, feeId))
    .orderBy(s.feeInstallments.date);

const auditRows = (entityId: number) =>
  ctx.db
    .select()
    .from(s.auditLog)
    .where(and(eq(s.auditLog.entityType, "price_setting"), eq(s.auditLog.entityId, entityId)))
    .orderBy(s.auditLog.id);

describe("creating and reading", () => {
  it("creates a setting with installments in date order, sorted methods, and an audit row", async () => {
    const periodId = await newPeriod();
    const res = await api("POST", "/period-price-settings", as.admin, body(periodId));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      period_id: periodId,
      installments: [
        { date: "2026-02-01", amount_e2: 25_050, amount_string: "250,50" },
        { date: "2026-03-01", amount_e2: 25_000, amount_string: "250,00" },
      ],
      installment_payment_methods: [1, 3],
      full_payment_methods: [5],
      installment_grace_period_days: 5,
      late_installment_extra_e2: 1_000,
      total_e2: 50_050,
      fees_count: 0,
      paid_fees_count: 0,
    });
    const [row] = await auditRows(data.id);
    expect(row).toMatchObject({
      action: "price_setting.created",
      actorUserId: adminId,
      oldValues: null,
      newValues: { period_id: periodId, late_installment_extra_e2: 1_000, installment_grace_period_days: 5 },
    });

    const list = await api("GET", `/periods/${periodId}/price-settings`, as.lowAdmin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((x: { id: number }) => x.id)).toEqual([data.id]);
    expect(list.json().meta.total).toBe(1);
    const one = await api("GET", `/period-price-settings/${data.id}`, as.lowAdmin);
    expect(one.json().data).toEqual(data);
  });

  it("exports the period's settings as CSV with Spanish headers and method names", async () => {
    const periodId = await newPeriod();
    await createSetting(periodId);
    const res = await api("GET", `/periods/${periodId}/price-settings?format=csv`, as.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.body).toContain("Métodos por cuota");
    expect(res.body).toContain('"Efectivo, Transferencia Bancaria"');
    expect(res.body).toContain("2026-02-01: 250,50; 2026-03-01: 250,00");
  });

  it("allows one setting per period", async () => {
    const periodId = await newPeriod();
    await createSetting(periodId);
    const res = await api("POST", "/period-price-settings", as.admin, body(periodId));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "period_price_setting_already_exists",
      description: "El período ya tiene una configuración de precios.",
    });
  });

  it("an unknown period is a 404, on create and on the list", async () => {
    expect((await api("POST", "/period-price-settings", as.admin, body(999_999))).json().message).toBe(
      "period_not_found",
    );
    expect((await api("GET", "/periods/999999/price-settings", as.admin)).statusCode).toBe(404);
    expect((await api("GET", "/period-price-settings/999999", as.admin)).statusCode).toBe(404);
  });

  it.each([
    ["no installments", { installments: [] }, "installments"],
    ["amount 0", { installments: [{ date: "2026-03-01", amount_e2: 0 }] }, "installments.0.amount_e2"],
    [
      "a fractional amount",
      { installments: [{ date: "2026-03-01", amount_e2: 10.5 }] },
      "installments.0.amount_e2",
    ],
    ["a bad date", { installments: [{ date: "2026-02-30", amount_e2: 100 }] }, "installments.0.date"],
    [
      "two installments on one date",
      {
        installments: [
          { date: "2026-03-01", amount_e2: 100 },
          { date: "2026-03-01", amount_e2: 200 },
        ],
      },
      "installments",
    ],
    ["an unknown method", { installment_payment_methods: [6] }, "installment_payment_methods.0"],
    ["no installment method", { installment_payment_methods: [] }, "installment_payment_methods"],
    ["a repeated method", { full_payment_methods: [5, 5] }, "full_payment_methods"],
    ["negative grace days", { installment_grace_period_days: -1 }, "installment_grace_period_days"],
    ["a negative late extra", { late_installment_extra_e2: -5 }, "late_installment_extra_e2"],
  ])("refuses %s with a Spanish field message and writes nothing", async (_label, extra, field) => {
    const periodId = await newPeriod();
    const res = await api("POST", "/period-price-settings", as.admin, body(periodId, extra));
    expect(res.statusCode, res.body).toBe(422);
    expect(Object.keys(res.json().errors)).toContain(field);
    expect(res.json().errors[field][0]).toMatch(/[a-záéíóú]/);
    const rows = await ctx.db
      .select()
      .from(s.periodPriceSettings)
      .where(eq(s.periodPriceSettings.periodId, periodId));
    expect(rows).toEqual([]);
  });
});

describe("access (spec.md §6: admin writes, admin and low admin read)", () => {
  it("low admin reads but cannot write; teachers, coordinators and students cannot read", async () => {
    const periodId = await newPeriod();
    const setting = await createSetting(periodId);
    expect((await api("POST", "/period-price-settings", as.lowAdmin, body(periodId))).statusCode).toBe(403);
    expect((await api("PATCH", `/period-price-settings/${setting.id}`, as.lowAdmin, {})).statusCode).toBe(
      403,
    );
    expect((await api("DELETE", `/period-price-settings/${setting.id}`, as.lowAdmin)).statusCode).toBe(403);
    for (const who of [as.student, as.teacher, as.coordinator]) {
      expect((await api("GET", `/periods/${periodId}/price-settings`, who)).statusCode).toBe(403);
      expect((await api("GET", `/period-price-settings/${setting.id}`, who)).statusCode).toBe(403);
    }
  });
});

describe("updating", () => {
  it("without fees: changes only the fields sent and audits old and new", async () => {
    const periodId = await newPeriod();
    const setting = await createSetting(periodId);
    const res = await api("PATCH", `/period-price-settings/${setting.id}`, as.admin, {
      late_installment_extra_e2: 2_000,
      installments: [{ date: "2026-04-01", amount_e2: 60_000 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      late_installment_extra_e2: 2_000,
      installment_grace_period_days: 5,
      installment_payment_methods: [1, 3],
      installments: [{ date: "2026-04-01", amount_e2: 60_000 }],
    });
    expect(res.json().meta).toEqual({ fees_updated: 0, fees_kept: 0 });
    const rows = await auditRows(setting.id);
    expect(rows.at(-1)).toMatchObject({
      action: "price_setting.updated",
      oldValues: {
        late_installment_extra_e2: 1_000,
        installments: [
          { date: "2026-02-01", amount_e2: 25_050 },
          { date: "2026-03-01", amount_e2: 25_000 },
        ],
      },
      newValues: {
        late_installment_extra_e2: 2_000,
        installments: [{ date: "2026-04-01", amount_e2: 60_000 }],
      },
    });
    expect(rows.at(-1)?.oldValues).not.toHaveProperty("installment_grace_period_days");
  });

  it("with fees copied: asks whether to apply the change to unpaid fees, and writes nothing meanwhile", async () => {
    const periodId = await newPeriod();
    const setting = await createSetting(periodId);
    await copyIntoFee(setting.id, periodId);
    const before = (await auditRows(setting.id)).length;
    const res = await api("PATCH", `/period-price-settings/${setting.id}`, as.admin, {
      late_installment_extra_e2: 5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: "price_setting_fees_choice_required" });
    expect(res.json().description).toMatch(/cuotas que aún no tienen pagos/);
    const [row] = await ctx.db
      .select()
      .from(s.periodPriceSettings)
      .where(eq(s.periodPriceSettings.id, setting.id));
    expect(row?.lateInstallmentExtraE2).toBe(1_000);
    expect(await auditRows(setting.id)).toHaveLength(before);
  });

  it("apply_to_unpaid_fees false: the setting changes, every fee keeps its copy", async () => {
    const periodId = await newPeriod();
    const setting = await createSetting(periodId);
    const feeId = await copyIntoFee(setting.id, periodId);
    const res = await api("PATCH", `/period-price-settings/${setting.id}`, as.admin, {
      installments: [{ date: "2026-05-01", amount_e2: 99_900 }],
      apply_to_unpaid_fees: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ fees_updated: 0, fees_kept: 1 });
    expect(await feeInstallmentsOf(feeId)).toEqual([
      { date: "2026-02-01", amountE2: 25_050 },
      { date: "2026-03-01", amountE2: 25_000 },
    ]);
  });

  it("apply_to_unpaid_fees true: rewrites fees with nothing paid, leaves fees with money in, counts both", async () => {
    const periodId = await newPeriod();
    const setting = await createSetting(periodId);
    const unpaid = await copyIntoFee(setting.id, periodId);
    const paid = await copyIntoFee(setting.id, periodId, 10_000);
    const withCredit = await copyIntoFee(setting.id, periodId);
    await ctx.db
      .update(s.studentPeriodFees)
      .set({ creditE2: 500 })
      .where(eq(s.studentPeriodFees.id, withCredit));
    const detail = await api("GET", `/period-price-settings/${setting.id}`, as.admin);
    expect(detail.json().data).toMatchObject({ fees_count: 3, paid_fees_count: 2 });

    const res = await api("PATCH", `/period-price-settings/${setting.id}`, as.admin, {
      installments: [
        { date: "2026-02-15", amount_e2: 30_000 },
        { date: "2026-03-15", amount_e2: 30_000 },
        { date: "2026-04-15", amount_e2: 30_000 },
      ],
      full_payment_methods: [5, 2],
      late_installment_extra_e2: 1_500,
      apply_to_unpaid_fees: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ fees_updated: 1, fees_kept: 2 });
    expect(await feeInstallmentsOf(unpaid)).toEqual([
      { date: "2026-02-15", amountE2: 30_000 },
      { date: "2026-03-15", amountE2: 30_000 },
      { date: "2026-04-15", amountE2: 30_000 },
    ]);
    const [fee] = await ctx.db.select().from(s.studentPeriodFees).where(eq(s.studentPeriodFees.id, unpaid));
    expect(fee).toMatchObject({ fullPaymentMethods: [2, 5], lateInstallmentExtraE2: 1_500 });
    for (const kept of [paid, withCredit]) {
      expect(await feeInstallmentsOf(kept)).toHaveLength(2);
      const [row] = await ctx.db.select().from(s.studentPeriodFees).where(eq(s.studentPeriodFees.id, kept));
      expect(row).toMatchObject({ fullPaymentMethods: [5], lateInstallmentExtraE2: 1_000 });
    }
    expect((await auditRows(setting.id)).at(-1)?.newValues).toMatchObject({
      apply_to_unpaid_fees: true,
      fees_updated: 1,
      fees_kept: 2,
      late_installment_extra_e2: 1_500,
    });
  });

  it("refuses bad values with 422 and leaves the setting as it was", async () => {
    const periodId = await newPeriod();
    const setting = await createSetting(periodId);
    const res = await api("PATCH", `/period-price-settings/${setting.id}`, as.admin, {
      installments: [{ date: "2026-04-01", amount_e2: -1 }],
    });
    expect(res.statusCode).toBe(422);
    const again = await api("GET", `/period-price-settings/${setting.id}`, as.admin);
    expect(again.json().data.installments).toHaveLength(2);
    expect((await api("PATCH", "/period-price-settings/999999", as.admin, {})).statusCode).toBe(404);
  });
});

describe("installment dates inside their period", () => {
  it("accepts dates from 30 days before the period's start to its end, refuses others with a 422 on the date", async () => {
    // The period runs 2026-01-01 … 2026-07-31: installments may fall from 2025-12-02 to 2026-07-31.
    const periodId = await newPeriod();
    const edges = await api(
      "POST",
      "/period-price-settings",
      as.admin,
      body(periodId, {
        installments: [
          { date: "2025-12-02", amount_e2: 100 },
          { date: "2026-07-31", amount_e2: 100 },
        ],
      }),
    );
    expect(edges.statusCode, edges.body).toBe(201);

    const other = await newPeriod();
    const res = await api(
      "POST",
      "/period-price-settings",
      as.admin,
      body(other, {
        installments: [
          { date: "2026-03-01", amount_e2: 100 },
          { date: "2020-02-01", amount_e2: 100 },
          { date: "2026-08-01", amount_e2: 100 },
          { date: "2025-12-01", amount_e2: 100 },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors).sort()).toEqual([
      "installments.1.date",
      "installments.2.date",
      "installments.3.date",
    ]);
    expect(errors["installments.1.date"][0]).toBe(
      "La fecha debe estar entre el 02/12/2025 y el 31/07/2026: desde 30 días antes del inicio del período hasta su fin.",
    );
    expect((await api("GET", `/periods/${other}/price-settings`, as.admin)).json().data).toEqual([]);

    const setting = edges.json().data as { id: number };
    const patch = await api("PATCH", `/period-price-settings/${setting.id}`, as.admin, {
      installments: [{ date: "2027-02-01", amount_e2: 100 }],
    });
    expect(patch.statusCode, patch.body).toBe(422);
    expect(patch.json().errors).toHaveProperty(["installments.0.date"]);
    const again = await api("GET", `/period-price-settings/${setting.id}`, as.admin);
    expect(again.json().data.installments.map((i: { date: string }) => i.date)).toEqual([
      "2025-12-02",
      "2026-07-31",
    ]);
  });
});

describe("deleting", () => {
  it("deletes an unused setting with its installments and audits what it was", async () => {
    const periodId = await newPeriod();
    const setting = await createSetting(periodId);
    const res = await api("DELETE", `/period-price-settings/${setting.id}`, as.admin);
    expect(res.statusCode, res.body).toBe(204);
    expect((await api("GET", `/period-price-settings/${setting.id}`, as.admin)).statusCode).toBe(404);
    const [{ count }] = (await ctx.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(s.periodPriceInstallments)
      .where(eq(s.periodPriceInstallments.priceSettingId, setting.id))) as [{ count: number }];
    expect(count).toBe(0);
    expect((await auditRows(setting.id)).at(-1)).toMatchObject({
      action: "price_setting.deleted",
      newValues: null,
      oldValues: { period_id: periodId, full_payment_methods: [5] },
    });
  });

  it("refuses with a Spanish reason once fees were copied from it", async () => {
    const periodId = await newPeriod();
    const setting = await createSetting(periodId);
    await copyIntoFee(setting.id, periodId);
    await copyIntoFee(setting.id, periodId);
    const res = await api("DELETE", `/period-price-settings/${setting.id}`, as.admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "price_setting_has_fees",
      description: "La configuración ya se copió en las cuotas de 2 estudiante(s) y no puede eliminarse.",
    });
    expect((await api("GET", `/period-price-settings/${setting.id}`, as.admin)).statusCode).toBe(200);
  });
});

describe("applying a change while a payment is being approved", () => {
  it("a fee that received money while the change waited for its lock is kept as it was", async () => {
    const periodId = await newPeriod();
    const setting = await createSetting(periodId);
    const feeId = await copyIntoFee(setting.id, periodId);
    let answer: ReturnType<typeof api> | undefined;
    // An approval in progress: it holds the fee row's lock and writes the paid amount.
    await ctx.db.transaction(async (tx) => {
      await tx.select().from(s.studentPeriodFees).where(eq(s.studentPeriodFees.id, feeId)).for("update");
      answer = api("PATCH", `/period-price-settings/${setting.id}`, as.admin, {
        installments: [{ date: "2026-06-01", amount_e2: 1_000 }],
        apply_to_unpaid_fees: true,
      });
      if (process.env.TEST_DATABASE_URL) {
        // PostgreSQL: wait until the change is queued on the fee's lock (PGlite runs one transaction at a time).
        for (;;) {
          const { rows } = (await ctx.db.execute(
            sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: unknown[] };
          if (rows.length > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      }
      await tx
        .update(s.feeInstallments)
        .set({ paidAmountE2: 2_000 })
        .where(and(eq(s.feeInstallments.feeId, feeId), eq(s.feeInstallments.date, "2026-02-01")));
    });
    const res = await answer!;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ fees_updated: 0, fees_kept: 1 });
    expect(await feeInstallmentsOf(feeId)).toEqual([
      { date: "2026-02-01", amountE2: 25_050 },
      { date: "2026-03-01", amountE2: 25_000 },
    ]);
  });
});
