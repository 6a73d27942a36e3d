import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, amountInWords } from "../../../common/money/fees.js";
import { Role } from "../../../common/roles.js";
import { schoolInstant } from "../../clock.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { receiptPdf } from "./receipt.js";
import { getPaymentDetail } from "./service.js";

let ctx: TestContext;
type Headers = { authorization: string };
const as = {} as Record<"teacher" | "coordinator" | "lowAdmin" | "admin" | "god", Headers>;
let adminId: number;
let lowAdminId: number;
let today: string;
const f = {} as {
  periodId: number;
  otherPeriodId: number;
  sectionId: number;
  otherSectionId: number;
  specializationId: number;
  semesterId: number;
};

const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Headers, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

let counter = 0;

type Student = {
  id: number;
  userId: number;
  inscriptionId: number;
  feeId: number;
  headers: Headers;
  installmentIds: number[];
};

/**
 * A student inscribed in the period with a fee of the given installments (offsets in days from today),
 * 10.000,00 each by default, installment methods 1 and 3, full payment methods 2 and 5, 3 grace days,
 * late extra 5,00; inscribed when the period began (60 days ago) unless `inscribedOffset` says another day.
 */
async function newStudent(
  opts: {
    installments?: { offset: number; amountE2?: number; paidE2?: number }[];
    sectionId?: number;
    gender?: "female" | "male";
    inscribedOffset?: number;
  } = {},
): Promise<Student> {
  counter += 1;
  const { user, headers } = await createUserWithToken(ctx, Role.student);
  const [student] = await ctx.db
    .insert(s.students)
    .values({
      userId: user.id,
      firstName: `Ana${counter}`,
      lastName: `Pérez${counter}`,
      identityDocument: `V-${30_000_000 + counter}`,
      gender: opts.gender ?? "female",
    })
    .returning();
  const [inscription] = await ctx.db
    .insert(s.inscriptions)
    .values({
      studentId: student!.id,
      periodId: f.periodId,
      sectionId: opts.sectionId ?? f.sectionId,
      semesterId: f.semesterId,
      specializationId: f.specializationId,
      createdAt: schoolInstant(ctx.clock.timeZone, addDays(today, opts.inscribedOffset ?? -60), "09:00"),
    })
    .returning();
  const [fee] = await ctx.db
    .insert(s.studentPeriodFees)
    .values({
      studentId: student!.id,
      periodId: f.periodId,
      inscriptionId: inscription!.id,
      installmentPaymentMethods: [1, 3],
      fullPaymentMethods: [2, 5],
      installmentGracePeriodDays: 3,
      lateInstallmentExtraE2: 500,
    })
    .returning();
  const plan = opts.installments ?? [{ offset: -30 }, { offset: 10 }, { offset: 40 }];
  const rows = await ctx.db
    .insert(s.feeInstallments)
    .values(
      plan.map((p) => ({
        feeId: fee!.id,
        date: addDays(today, p.offset),
        amountE2: p.amountE2 ?? 1_000_000,
        paidAmountE2: p.paidE2 ?? 0,
      })),
    )
    .returning();
  return {
    id: student!.id,
    userId: user.id,
    inscriptionId: inscription!.id,
    feeId: fee!.id,
    headers,
    installmentIds: rows.map((r) => r.id),
  };
}

let receiptCounter = 1000;
const nextReceipt = () => `REF-${++receiptCounter}`;

/** A transfer report (installment mode) of `amount` hundredths, for the student by themself. */
const transfer = (st: Student, amount: number, extra: Record<string, unknown> = {}) => ({
  type: 3,
  date: today,
  amount,
  receipt_number: nextReceipt(),
  student_id: st.id,
  period_id: f.periodId,
  from_report: true,
  ...extra,
});

async function report(st: Student, amount: number, extra: Record<string, unknown> = {}) {
  const res = await api("POST", "/payments", st.headers, transfer(st, amount, extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; status: number; amount_e2: number };
}

const paymentCount = async () => (await ctx.db.select({ n: count() }).from(s.payments))[0]!.n;

const installmentsOf = (feeId: number) =>
  ctx.db
    .select()
    .from(s.feeInstallments)
    .where(eq(s.feeInstallments.feeId, feeId))
    .orderBy(s.feeInstallments.date);

const feeOf = async (feeId: number) =>
  (await ctx.db.select().from(s.studentPeriodFees).where(eq(s.studentPeriodFees.id, feeId)))[0]!;

const notificationsOf = (userId: number) =>
  ctx.db
    .select({ code: s.notifications.code, content: s.notifications.content, back: s.notifications.back })
    .from(s.notificationReceivers)
    .innerJoin(s.notifications, eq(s.notifications.id, s.notificationReceivers.notificationId))
    .where(eq(s.notificationReceivers.userId, userId));

beforeAll(async () => {
  ctx = await createTestContext();
  today = ctx.clock.today();
  for (const role of ["teacher", "coordinator", "lowAdmin", "admin", "god"] as const) {
    const { user, headers } = await createUserWithToken(ctx, Role[role]);
    as[role] = headers;
    if (role === "admin") adminId = user.id;
    if (role === "lowAdmin") lowAdminId = user.id;
  }
  const [spec] = await ctx.db
    .insert(s.specializations)
    .values({ title: "Informática", code: "INF" })
    .returning();
  const [pensum] = await ctx.db
    .insert(s.pensums)
    .values({ specializationId: spec!.id, name: "Pensum INF" })
    .returning();
  const [sem] = await ctx.db
    .insert(s.semesters)
    .values({ pensumId: pensum!.id, number: 1, code: "INF-1" })
    .returning();
  const [period, other] = await ctx.db
    .insert(s.periods)
    .values([
      { year: 2090, number: 1, startDate: addDays(today, -60), endDate: addDays(today, 90), enabled: true },
      { year: 2089, number: 2, startDate: "2089-01-01", endDate: "2089-06-30" },
    ])
    .returning();
  const [section, otherSection] = await ctx.db
    .insert(s.sections)
    .values([
      { periodId: period!.id, semesterId: sem!.id, letterCode: "A", code: "INF-1A" },
      { periodId: period!.id, semesterId: sem!.id, letterCode: "B", code: "INF-1B" },
    ])
    .returning();
  Object.assign(f, {
    periodId: period!.id,
    otherPeriodId: other!.id,
    sectionId: section!.id,
    otherSectionId: otherSection!.id,
    specializationId: spec!.id,
    semesterId: sem!.id,
  });
});
afterAll(() => ctx?.close());

describe("reporting a payment", () => {
  it("a student reports a transfer for themself: pending, audited, the staff notified", async () => {
    const st = await newStudent();
    const res = await api(
      "POST",
      "/payments",
      st.headers,
      transfer(st, 250_000, { receipt_number: "TR-0001" }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const payment = res.json().data;
    expect(payment).toMatchObject({
      status: 1,
      from_report: true,
      type: 3,
      type_name: "Transferencia Bancaria",
      amount_e2: 250_000,
      receipt_number: "TR-0001",
      student_id: st.id,
      period_id: f.periodId,
      fee_id: st.feeId,
    });
    // Nothing allocated until approved.
    expect((await installmentsOf(st.feeId)).every((i) => i.paidAmountE2 === 0)).toBe(true);
    const staff = await notificationsOf(adminId);
    expect(staff.some((n) => n.code === "payment_reported" && n.back === `/payments/${payment.id}`)).toBe(
      true,
    );
    expect((await notificationsOf(lowAdminId)).some((n) => n.code === "payment_reported")).toBe(true);
    const detail = await api("GET", `/payments/${payment.id}`, st.headers);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.audit).toMatchObject([
      { action: "payment.reported", old_status: null, new_status: 1 },
    ]);
  });

  it("cash is sent without a receipt number; full mode pays exactly the total pending with a full-payment method", async () => {
    const st = await newStudent();
    const cash = await api(
      "POST",
      "/payments",
      st.headers,
      transfer(st, 100, { type: 1, receipt_number: null }),
    );
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().data.receipt_number).toBeNull();
    // Pending: three installments of 10.000,00, the first one late (+5,00).
    const full = 3_000_000 + 500;
    const wrong = await api(
      "POST",
      "/payments",
      st.headers,
      transfer(st, full - 1, { type: 5, mode: "fully" }),
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("payment_full_amount_mismatch");
    expect(wrong.json().description).toMatch(/contado/);
    const ok = await api("POST", "/payments", st.headers, transfer(st, full, { type: 5, mode: "fully" }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("refuses bad input in Spanish and writes nothing", async () => {
    const st = await newStudent();
    const other = await newStudent();
    const before = await paymentCount();
    const expect422 = async (body: Record<string, unknown>, field: string, text: RegExp) => {
      const res = await api("POST", "/payments", st.headers, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field]?.[0], res.body).toMatch(text);
    };
    await expect422(transfer(st, 0), "amount", /monto/);
    await expect422(transfer(st, -500), "amount", /monto/);
    // 12,345 in currency units is 1234.5 hundredths: a third decimal.
    await expect422(transfer(st, 1234.5), "amount", /entero/);
    await expect422(transfer(st, 100, { date: addDays(today, 1) }), "date", /fecha anterior o igual/);
    await expect422(
      transfer(st, 100, { type: 1, receipt_number: "123" }),
      "receipt_number",
      /no está permitido/,
    );
    await expect422(transfer(st, 100, { receipt_number: null }), "receipt_number", /obligatorio/);
    await expect422(transfer(st, 100, { receipt_number: "   " }), "receipt_number", /obligatorio/);
    await expect422(transfer(st, 100, { type: 9 }), "type", /tipo de pago/);

    const refused = async (body: Record<string, unknown>, code: string, status = 400) => {
      const res = await api("POST", "/payments", st.headers, body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toBe(code);
      expect(res.json().description.length).toBeGreaterThan(10);
    };
    // Zelle (5) is allowed only in full mode, 100% Banco (2) too; transfer (3) only by installments.
    await refused(transfer(st, 100, { type: 5 }), "payment_method_not_allowed");
    await refused(transfer(st, 3_000_500, { type: 3, mode: "fully" }), "payment_method_not_allowed");
    await refused(transfer(st, 3_000_501), "payment_amount_exceeds_pending");
    await refused(transfer(st, 100, { period_id: f.otherPeriodId }), "student_period_fee_not_found", 404);
    // A student reporting for another student; a student recording a desk payment.
    await refused(transfer(other, 100), "this_action_is_unauthorized", 403);
    await refused(transfer(st, 100, { from_report: false }), "this_action_is_unauthorized", 403);
    expect(await paymentCount()).toBe(before);
  });

  it("only a student or an admin reports; an assistant, a teacher and a coordinator may not", async () => {
    const st = await newStudent();
    for (const role of ["lowAdmin", "teacher", "coordinator"] as const) {
      const res = await api("POST", "/payments", as[role], transfer(st, 100));
      expect(res.statusCode, role).toBe(403);
    }
    const byAdmin = await api("POST", "/payments", as.admin, transfer(st, 100));
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json().data).toMatchObject({ status: 1, from_report: true });
  });

  it("refuses a fee already paid", async () => {
    const st = await newStudent({ installments: [{ offset: -5, amountE2: 1000, paidE2: 1000 }] });
    const res = await api("POST", "/payments", st.headers, transfer(st, 100));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("student_period_fee_completed");
  });

  it("POST /inscriptions/{id}/payments carries the same report for the inscription's student and period", async () => {
    const st = await newStudent();
    const { student_id: _s, period_id: _p, ...body } = transfer(st, 50_000);
    const res = await api("POST", `/inscriptions/${st.inscriptionId}/payments`, st.headers, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      student_id: st.id,
      period_id: f.periodId,
      status: 1,
      from_report: true,
    });
    const mismatch = await api("POST", `/inscriptions/${st.inscriptionId}/payments`, st.headers, {
      ...body,
      receipt_number: nextReceipt(),
      period_id: f.otherPeriodId,
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe("payment_inscription_mismatch");
    const other = await newStudent();
    const foreign = await api("POST", `/inscriptions/${other.inscriptionId}/payments`, st.headers, {
      ...body,
      receipt_number: nextReceipt(),
    });
    expect(foreign.statusCode).toBe(403);
    const missing = await api("POST", "/inscriptions/999999/payments", st.headers, body);
    expect(missing.statusCode).toBe(404);
  });
});

describe("one receipt number per method", () => {
  it("refuses a receipt number already reported for the same method, whatever its case; rejected ones aside", async () => {
    const a = await newStudent();
    const b = await newStudent();
    const first = await report(a, 10_000, { receipt_number: "Ab-778899" });
    const again = await api(
      "POST",
      "/payments",
      b.headers,
      transfer(b, 10_000, { receipt_number: "ab-778899" }),
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: "receipt_number_already_reported" });
    expect(again.json().description).toMatch(/número de recibo/);
    // The same number with another method is another receipt.
    const other = await api(
      "POST",
      "/payments",
      b.headers,
      transfer(b, 3_000_500, { receipt_number: "AB-778899", type: 2, mode: "fully" }),
    );
    expect(other.statusCode, other.body).toBe(201);
    // Once the first report is rejected, the number may be reported again (corrected report).
    expect((await api("PATCH", `/payments/${first.id}`, as.admin, { status: 3 })).statusCode).toBe(200);
    const retry = await api(
      "POST",
      "/payments",
      a.headers,
      transfer(a, 10_000, { receipt_number: "AB-778899" }),
    );
    expect(retry.statusCode, retry.body).toBe(201);
  });

  it("two reports of one transfer at once: exactly one passes", async () => {
    const a = await newStudent();
    const b = await newStudent();
    const [x, y] = await Promise.all([
      api("POST", "/payments", a.headers, transfer(a, 10_000, { receipt_number: "SAME-1" })),
      api("POST", "/payments", b.headers, transfer(b, 10_000, { receipt_number: "SAME-1" })),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 400]);
    expect([x, y].find((r) => r.statusCode === 400)!.json().message).toBe("receipt_number_already_reported");
  });
});

describe("reviewing a payment", () => {
  it("a status PATCH carrying any other field is refused (422) and changes nothing", async () => {
    const st = await newStudent();
    const p = await report(st, 10_000);
    const res = await api("PATCH", `/payments/${p.id}`, as.admin, { status: 2, amount: 1 });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.amount[0]).toMatch(/no está permitido/);
    const bad = await api("PATCH", `/payments/${p.id}`, as.admin, { status: 1 });
    expect(bad.statusCode).toBe(422);
    const [row] = await ctx.db.select().from(s.payments).where(eq(s.payments.id, p.id));
    expect(row!.status).toBe(1);
    expect(row!.amountE2).toBe(10_000);
  });

  it("approval allocates in date order, charges the late extra once, notifies the student; approving again changes nothing", async () => {
    const st = await newStudent();
    // 10.000,00 late (+5,00) and 10.000,00 due in 10 days: 15.000,00 pays the first and half the second.
    const p = await report(st, 1_500_000);
    const res = await api("PATCH", `/payments/${p.id}`, as.lowAdmin, { status: 2 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 2,
      status_name: "Aprobado",
      reviewed_by_user_id: lowAdminId,
    });
    const [first, second, third] = await installmentsOf(st.feeId);
    expect(first).toMatchObject({ paidAmountE2: 1_000_500, lateExtraE2: 500 });
    expect(second).toMatchObject({ paidAmountE2: 499_500, lateExtraE2: 0 });
    expect(third).toMatchObject({ paidAmountE2: 0 });
    expect((await feeOf(st.feeId)).completedAt).toBeNull();
    expect((await notificationsOf(st.userId)).map((n) => n.code)).toContain("payment_approved");

    const again = await api("PATCH", `/payments/${p.id}`, as.admin, { status: 2 });
    expect(again.statusCode).toBe(200);
    expect(await installmentsOf(st.feeId)).toEqual([first, second, third]);
    const allocations = await ctx.db
      .select()
      .from(s.paymentAllocations)
      .where(eq(s.paymentAllocations.paymentId, p.id));
    expect(allocations.map((a) => a.amountE2).sort((a, b) => a - b)).toEqual([499_500, 1_000_500]);

    const detail = (await api("GET", `/payments/${p.id}`, as.admin)).json().data;
    expect(detail.allocations).toEqual([
      { fee_installment_id: first!.id, installment_date: first!.date, amount_e2: 1_000_500 },
      { fee_installment_id: second!.id, installment_date: second!.date, amount_e2: 499_500 },
    ]);
    expect(detail.audit.map((a: { action: string }) => a.action)).toEqual([
      "payment.reported",
      "payment.approved",
    ]);
    expect(detail.audit[1]).toMatchObject({ old_status: 1, new_status: 2, actor_id: lowAdminId });
    expect(detail.receipt_url).toBe(`/payments/${p.id}/receipt`);

    // An approved payment is neither rejected nor deleted.
    const reject = await api("PATCH", `/payments/${p.id}`, as.admin, { status: 3 });
    expect(reject.statusCode).toBe(400);
    expect(reject.json().message).toBe("payment_not_pending");
    const del = await api("DELETE", `/payments/${p.id}`, as.admin);
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe("payment_is_approved");
  });

  it("judges lateness on the day the money was paid: paid within the grace days, approved after them, no late extra", async () => {
    // Due 5 days ago with 3 grace days: late today, on time 4 days ago (due + 1).
    const st = await newStudent({ installments: [{ offset: -5 }, { offset: 30 }] });
    const p = await report(st, 1_000_000, { date: addDays(today, -4) });
    // The reviewer sees both days: paid 4 days ago (says the student), reported today (the clock's).
    const listed = (await api("GET", `/payments/${p.id}`, as.admin)).json().data;
    expect(listed).toMatchObject({ date: addDays(today, -4), created_at: ctx.clock.now().toISOString() });
    const res = await api("PATCH", `/payments/${p.id}`, as.admin, { status: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const [first, second] = await installmentsOf(st.feeId);
    expect(first).toMatchObject({ paidAmountE2: 1_000_000, lateExtraE2: 0 });
    expect(second).toMatchObject({ paidAmountE2: 0 });
    // The same transfer made today (after the grace days) pays the extra first.
    const late = await newStudent({ installments: [{ offset: -5 }, { offset: 30 }] });
    const q = await report(late, 1_000_000);
    expect((await api("PATCH", `/payments/${q.id}`, as.admin, { status: 2 })).statusCode).toBe(200);
    const [lateFirst] = await installmentsOf(late.feeId);
    expect(lateFirst).toMatchObject({ paidAmountE2: 1_000_000, lateExtraE2: 500 });
  });

  it("a desk payment (admin, from_report false) is approved at once; an over-payment is kept as credit and completes the fee", async () => {
    const st = await newStudent({
      installments: [
        { offset: 5, amountE2: 20_000 },
        { offset: 35, amountE2: 20_000 },
      ],
    });
    const res = await api(
      "POST",
      "/payments",
      as.admin,
      transfer(st, 45_000, { type: 1, receipt_number: null, from_report: false }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ status: 2, from_report: false });
    const fee = await feeOf(st.feeId);
    expect(fee.creditE2).toBe(5_000);
    expect(fee.completedAt).not.toBeNull();
    const detail = (await api("GET", `/payments/${res.json().data.id}`, st.headers)).json().data;
    expect(detail.credit_e2).toBe(5_000);
    expect(detail.audit.map((a: { action: string }) => a.action)).toEqual([
      "payment.created",
      "payment.approved",
    ]);
    const forbidden = await api("POST", "/payments", as.lowAdmin, transfer(st, 100, { from_report: false }));
    expect(forbidden.statusCode).toBe(403);
  });

  it("rejects only a pending payment; the student is told; a rejected one is not approved later", async () => {
    const st = await newStudent();
    const p = await report(st, 10_000);
    const res = await api("PATCH", `/payments/${p.id}`, as.admin, { status: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.status).toBe(3);
    expect((await notificationsOf(st.userId)).map((n) => n.code)).toContain("payment_rejected");
    const approve = await api("PATCH", `/payments/${p.id}`, as.admin, { status: 2 });
    expect(approve.statusCode).toBe(400);
    expect(approve.json().message).toBe("payment_not_pending");
    expect((await installmentsOf(st.feeId)).every((i) => i.paidAmountE2 === 0)).toBe(true);
    const detail = (await api("GET", `/payments/${p.id}`, as.admin)).json().data;
    expect(detail.audit.at(-1)).toMatchObject({
      action: "payment.rejected",
      old_status: 1,
      new_status: 3,
      actor_id: adminId,
    });
    expect(detail.receipt_url).toBeNull();
  });

  it("two staff approving two payments of one fee at once never over-allocate", async () => {
    const st = await newStudent({
      installments: [
        { offset: 5, amountE2: 100_000 },
        { offset: 35, amountE2: 100_000 },
      ],
    });
    const a = await report(st, 150_000);
    const b = await report(st, 150_000);
    const [x, y] = await Promise.all([
      api("PATCH", `/payments/${a.id}`, as.admin, { status: 2 }),
      api("PATCH", `/payments/${b.id}`, as.lowAdmin, { status: 2 }),
    ]);
    expect([x.statusCode, y.statusCode]).toEqual([200, 200]);
    const installments = await installmentsOf(st.feeId);
    expect(installments.map((i) => i.paidAmountE2)).toEqual([100_000, 100_000]);
    const fee = await feeOf(st.feeId);
    expect(fee.creditE2).toBe(100_000);
    expect(fee.completedAt).not.toBeNull();
    const [{ total }] = (await ctx.db
      .select({ total: sql<number>`coalesce(sum(${s.paymentAllocations.amountE2}), 0)::int` })
      .from(s.paymentAllocations)
      .innerJoin(s.feeInstallments, eq(s.feeInstallments.id, s.paymentAllocations.feeInstallmentId))
      .where(eq(s.feeInstallments.feeId, st.feeId))) as [{ total: number }];
    expect(total).toBe(200_000);
  });

  it("one payment approved twice at once is allocated once", async () => {
    const st = await newStudent();
    const p = await report(st, 300_000);
    const results = await Promise.all([
      api("PATCH", `/payments/${p.id}`, as.admin, { status: 2 }),
      api("PATCH", `/payments/${p.id}`, as.god, { status: 2 }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const allocations = await ctx.db
      .select()
      .from(s.paymentAllocations)
      .where(eq(s.paymentAllocations.paymentId, p.id));
    expect(allocations.map((a) => a.amountE2)).toEqual([300_000]);
    expect((await installmentsOf(st.feeId))[0]!.paidAmountE2).toBe(300_000);
    const approvals = await ctx.db
      .select()
      .from(s.auditLog)
      .where(
        and(
          eq(s.auditLog.entityType, "payment"),
          eq(s.auditLog.entityId, p.id),
          eq(s.auditLog.action, "payment.approved"),
        ),
      );
    expect(approvals).toHaveLength(1);
  });

  it("only the administration reviews; only an admin deletes a pending payment", async () => {
    const st = await newStudent();
    const p = await report(st, 10_000);
    for (const headers of [st.headers, as.teacher, as.coordinator]) {
      expect((await api("PATCH", `/payments/${p.id}`, headers, { status: 2 })).statusCode).toBe(403);
    }
    expect((await api("DELETE", `/payments/${p.id}`, as.lowAdmin)).statusCode).toBe(403);
    expect((await api("PATCH", "/payments/999999", as.admin, { status: 2 })).json().message).toBe(
      "payment_not_found",
    );
    const del = await api("DELETE", `/payments/${p.id}`, as.admin);
    expect(del.statusCode).toBe(204);
    expect((await api("GET", `/payments/${p.id}`, as.admin)).statusCode).toBe(404);
    const [trail] = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entityId, p.id), eq(s.auditLog.action, "payment.deleted")));
    expect(trail!.oldValues).toMatchObject({ status: 1, amount_e2: 10_000 });
  });
});

describe("seeing payments", () => {
  it("a student sees only their own payment; staff every one", async () => {
    const st = await newStudent();
    const other = await newStudent();
    const p = await report(st, 10_000);
    expect((await api("GET", `/payments/${p.id}`, st.headers)).statusCode).toBe(200);
    expect((await api("GET", `/payments/${p.id}`, other.headers)).statusCode).toBe(403);
    expect((await api("GET", `/payments/${p.id}`, as.lowAdmin)).statusCode).toBe(200);
    expect((await api("GET", `/payments/${p.id}`, as.teacher)).statusCode).toBe(403);
    expect((await api("GET", "/payments", st.headers)).statusCode).toBe(403);
  });

  it("lists with filters, search, newest first, and as CSV", async () => {
    const st = await newStudent();
    const older = await report(st, 10_000, { date: addDays(today, -3), receipt_number: "LIST-XY-1" });
    const newer = await report(st, 20_000, { type: 1, receipt_number: null });
    await api("PATCH", `/payments/${newer.id}`, as.admin, { status: 2 });
    const list = await api("GET", `/payments?student_id=${st.id}`, as.lowAdmin);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual([newer.id, older.id]);
    expect(list.json().meta.total).toBe(2);
    const q = async (query: string) =>
      (await api("GET", `/payments?student_id=${st.id}&${query}`, as.admin))
        .json()
        .data.map((p: { id: number }) => p.id);
    expect(await q("status=2")).toEqual([newer.id]);
    expect(await q("type=3")).toEqual([older.id]);
    expect(await q(`date_from=${today}`)).toEqual([newer.id]);
    expect(await q(`date_to=${addDays(today, -1)}`)).toEqual([older.id]);
    expect(await q(`period_id=${f.otherPeriodId}`)).toEqual([]);
    expect(await q("sort_by=amount_e2")).toEqual([older.id, newer.id]);
    const byName = await api(
      "GET",
      `/payments?search=${encodeURIComponent(`ana${counter} perez${counter}`)}`,
      as.admin,
    );
    expect(
      byName
        .json()
        .data.map((p: { id: number }) => p.id)
        .sort(),
    ).toEqual([older.id, newer.id].sort());
    const byReceipt = await api("GET", "/payments?search=list-xy-1", as.admin);
    expect(byReceipt.json().data.map((p: { id: number }) => p.id)).toEqual([older.id]);
    const bad = await api("GET", "/payments?status=7", as.admin);
    expect(bad.statusCode).toBe(422);

    const csv = await api("GET", `/payments?student_id=${st.id}&format=csv`, as.admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Id,Fecha,Cédula,Apellidos,Nombres,Período,Método de pago,Número de recibo,Monto,Estado,Reportado por el estudiante,Título",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain("Efectivo");
    expect(lines[1]).toContain('"200,00"');
    expect(lines[2]).toContain("LIST-XY-1");
  });
});

describe("list totals", () => {
  it("stay exact across reports, reviews and deletes (remembered between writes on the embedded database)", async () => {
    const st = await newStudent();
    const total = async (query = "") =>
      (await api("GET", `/payments?student_id=${st.id}${query}`, as.admin)).json().meta.total as number;
    expect(await total()).toBe(0);
    const a = await report(st, 10_000);
    expect(await total()).toBe(1);
    expect(await total("&status=1")).toBe(1);
    const b = await report(st, 20_000);
    expect(await total()).toBe(2);
    await api("PATCH", `/payments/${a.id}`, as.admin, { status: 2 });
    expect(await total("&status=1")).toBe(1);
    expect(await total("&status=2")).toBe(1);
    await api("DELETE", `/payments/${b.id}`, as.admin);
    expect(await total()).toBe(1);
    expect(await total("&status=1")).toBe(0);
  });
});

describe("receipts", () => {
  it("an approved payment's receipt is a PDF for the student and staff; not before approval, not for others", async () => {
    const st = await newStudent();
    const other = await newStudent();
    const p = await report(st, 123_450);
    const early = await api("GET", `/payments/${p.id}/receipt`, st.headers);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe("payment_not_approved");
    await api("PATCH", `/payments/${p.id}`, as.admin, { status: 2 });
    for (const headers of [st.headers, as.admin, as.lowAdmin]) {
      const res = await api("GET", `/payments/${p.id}/receipt`, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toContain(`recibo-pago-${p.id}.pdf`);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
    expect((await api("GET", `/payments/${p.id}/receipt`, other.headers)).statusCode).toBe(403);
  });

  it("prints the institution, student, cédula, method, receipt number, amount in figures and words, installments", async () => {
    const st = await newStudent();
    const p = await report(st, 123_450, { receipt_number: "RCB-555" });
    await api("PATCH", `/payments/${p.id}`, as.admin, { status: 2 });
    const detail = await getPaymentDetail({ db: ctx.db, id: p.id });
    const pdf = (
      await receiptPdf({ institution: "Colegio Señorial", payment: detail, today, compress: false })
    ).toString("latin1");
    const drawn = [...pdf.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!.toLowerCase()).join("");
    const hex = (text: string) => Buffer.from(text, "latin1").toString("hex");
    expect(amountInWords(123_450)).toBe("mil doscientos treinta y cuatro con 50/100");
    for (const text of [
      "Colegio Señorial",
      "Recibo de pago",
      detail.student.firstName,
      detail.student.identityDocument,
      "2090-1",
      "Transferencia Bancaria",
      "RCB-555",
      "1.234,50",
      "mil doscientos treinta y cuatro con 50/100",
      "Cuotas cubiertas",
    ]) {
      expect(drawn, text).toContain(hex(text));
    }
  });
});

describe("debtors report", () => {
  it("lists students with overdue installments, what they owe with late extras, section and specialization, and the total", async () => {
    const late = await newStudent({ installments: [{ offset: -20 }, { offset: -4 }, { offset: 30 }] });
    const partly = await newStudent({
      sectionId: f.otherSectionId,
      installments: [{ offset: -10, paidE2: 400_000 }, { offset: 30 }],
    });
    const inGrace = await newStudent({ installments: [{ offset: -3 }, { offset: 30 }] });
    const upToDate = await newStudent({ installments: [{ offset: -20, paidE2: 1_000_000 }, { offset: 30 }] });
    const res = await api("GET", "/payments/debtors?limit=0", as.lowAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().data as { student_id: number }[];
    const byId = new Map(rows.map((r) => [r.student_id, r]));
    expect(byId.get(late.id)).toMatchObject({
      overdue_count: 2,
      overdue_e2: 2_001_000,
      late_extra_e2: 1_000,
      pending_e2: 3_001_000,
      oldest_due_date: addDays(today, -20),
      section: { id: f.sectionId, code: "INF-1A" },
      specialization: { id: f.specializationId, title: "Informática" },
    });
    expect(byId.get(partly.id)).toMatchObject({
      overdue_count: 1,
      overdue_e2: 600_500,
      section: { code: "INF-1B" },
    });
    // Three days after the date is still within the three grace days (boundary day exact).
    expect(byId.has(inGrace.id)).toBe(false);
    expect(byId.has(upToDate.id)).toBe(false);
    const total = rows.reduce((sum, r) => sum + (r as unknown as { overdue_e2: number }).overdue_e2, 0);
    expect(res.json().meta.total_owed_e2).toBe(total);

    const bySection = await api("GET", `/payments/debtors?section_id=${f.otherSectionId}&limit=0`, as.admin);
    expect(bySection.json().data.map((r: { student_id: number }) => r.student_id)).toContain(partly.id);
    expect(bySection.json().data.map((r: { student_id: number }) => r.student_id)).not.toContain(late.id);
    const bySpec = await api("GET", `/payments/debtors?specialization_id=999999`, as.admin);
    expect(bySpec.json()).toMatchObject({ data: [], meta: { total: 0, total_owed_e2: 0 } });

    const csv = await api("GET", `/payments/debtors?section_id=${f.otherSectionId}&format=csv`, as.admin);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toContain("Monto adeudado");
    expect(lines.at(-1)).toMatch(/^Total,/);
    expect((await api("GET", "/payments/debtors", late.headers)).statusCode).toBe(403);
  });
  it("a student inscribed today owes the installments dated before from today: no debt, no late extra until their grace passes", async () => {
    // Inscribed today; installments 37 and 10 days ago, one ahead, 3 grace days.
    const plan = [{ offset: -37 }, { offset: -10 }, { offset: 30 }];
    const newcomer = await newStudent({ inscribedOffset: 0, installments: plan });
    const debtors = async () =>
      new Map(
        (
          (await api("GET", "/payments/debtors?limit=0", as.admin)).json().data as Record<string, unknown>[]
        ).map((r) => [r.student_id as number, r]),
      );
    expect((await debtors()).has(newcomer.id)).toBe(false);
    const fee = (await api("GET", `/students/${newcomer.id}/period-fee`, newcomer.headers)).json().data;
    expect(fee).toMatchObject({
      inscribed_on: today,
      late_installments: 0,
      overdue_e2: 0,
      next_due_date: today,
    });
    expect(fee.installments.map((i: { due_date: string; last_on_time_date: string }) => i.due_date)).toEqual([
      today,
      today,
      addDays(today, 30),
    ]);
    expect(fee.installments[0]).toMatchObject({
      is_late: false,
      pending_e2: 1_000_000,
      last_on_time_date: addDays(today, 3),
    });
    const home = (await api("GET", "/dashboard/index", newcomer.headers)).json().data;
    expect(home.next_installment).toEqual({ date: today, pending_e2: 1_000_000, is_late: false });

    // Paying both today in full mode costs no extra; a report of exactly that passes.
    const full = await api("POST", "/payments", newcomer.headers, {
      ...transfer(newcomer, 3_000_000),
      type: 5,
      mode: "fully",
    });
    expect(full.statusCode, full.body).toBe(201);
    expect((await api("PATCH", `/payments/${full.json().data.id}`, as.admin, { status: 2 })).statusCode).toBe(
      200,
    );
    expect((await installmentsOf(newcomer.feeId)).map((i) => i.lateExtraE2)).toEqual([0, 0, 0]);
    expect(fee.payments).toEqual([]);
    const paid = (await api("GET", `/students/${newcomer.id}/period-fee`, newcomer.headers)).json().data;
    expect(paid.payments).toMatchObject([
      { id: full.json().data.id, status: 2, type: 5, date: today, amount: 3_000_000, from_report: true },
    ]);
    expect(paid.completed).toBe(true);

    // Another one inscribed today: four days later its grace from the inscription is over.
    const later = await newStudent({ inscribedOffset: 0, installments: plan });
    ctx.clock.setSchoolTime(addDays(today, 4), "10:00");
    try {
      expect((await debtors()).get(later.id)).toMatchObject({
        overdue_count: 2,
        late_extra_e2: 1_000,
        oldest_due_date: today,
      });
    } finally {
      ctx.clock.setSchoolTime(today, "10:00");
    }
  });
});
