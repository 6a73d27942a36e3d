import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../common/money/fees.js";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { idempotencyJobName } from "./idempotency.js";

/** Issue 27: a retried payment (same `Idempotency-Key`) is answered again, never written twice. */

let ctx: TestContext;
let today: string;
let admin: { authorization: string };
let periodId: number;
let counter = 0;

type Student = { id: number; inscriptionId: number; headers: { authorization: string } };

/** A student inscribed in the period, with a fee of three installments of 10.000,00 (methods 1 and 3). */
async function newStudent(): Promise<Student> {
  counter += 1;
  const { user, headers } = await createUserWithToken(ctx, Role.student);
  const [student] = await ctx.db
    .insert(s.students)
    .values({
      userId: user.id,
      firstName: `Idem${counter}`,
      lastName: `Potente${counter}`,
      identityDocument: `V-${31_000_000 + counter}`,
      gender: "female",
    })
    .returning();
  const [section] = await ctx.db.select().from(s.sections).limit(1);
  const [inscription] = await ctx.db
    .insert(s.inscriptions)
    .values({
      studentId: student!.id,
      periodId,
      sectionId: section!.id,
      semesterId: section!.semesterId,
      specializationId: (await ctx.db.select().from(s.specializations).limit(1))[0]!.id,
    })
    .returning();
  const [fee] = await ctx.db
    .insert(s.studentPeriodFees)
    .values({
      studentId: student!.id,
      periodId,
      inscriptionId: inscription!.id,
      installmentPaymentMethods: [1, 3],
      fullPaymentMethods: [2, 5],
    })
    .returning();
  await ctx.db
    .insert(s.feeInstallments)
    .values(
      [-10, 20, 50].map((offset) => ({ feeId: fee!.id, date: addDays(today, offset), amountE2: 1_000_000 })),
    );
  return { id: student!.id, inscriptionId: inscription!.id, headers };
}

const desk = (st: Student, amount = 300_000) => ({
  type: 1,
  date: today,
  amount,
  receipt_number: null,
  student_id: st.id,
  period_id: periodId,
  from_report: false,
  mode: "installment",
});

let receipts = 0;
const report = (st: Student, amount = 200_000) => ({
  type: 3,
  date: today,
  amount,
  receipt_number: `IDEM-${++receipts}`,
  student_id: st.id,
  period_id: periodId,
  from_report: true,
  mode: "installment",
});

const post = (url: string, headers: object, payload: object, key?: string) =>
  ctx.app.inject({
    method: "POST",
    url: `/api${url}`,
    headers: { ...headers, ...(key === undefined ? {} : { "idempotency-key": key }) },
    payload,
  });

const paymentsOf = async (studentId: number) =>
  (await ctx.db.select({ n: count() }).from(s.payments).where(eq(s.payments.studentId, studentId)))[0]!.n;

beforeAll(async () => {
  ctx = await createTestContext();
  today = ctx.clock.today();
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
  const [spec] = await ctx.db.insert(s.specializations).values({ title: "Idem", code: "IDM" }).returning();
  const [pensum] = await ctx.db
    .insert(s.pensums)
    .values({ specializationId: spec!.id, name: "Pensum IDM" })
    .returning();
  const [sem] = await ctx.db
    .insert(s.semesters)
    .values({ pensumId: pensum!.id, number: 1, code: "IDM-1" })
    .returning();
  const [period] = await ctx.db
    .insert(s.periods)
    .values({
      year: 2091,
      number: 1,
      startDate: addDays(today, -60),
      endDate: addDays(today, 90),
      enabled: true,
    })
    .returning();
  periodId = period!.id;
  await ctx.db.insert(s.sections).values({ periodId, semesterId: sem!.id, letterCode: "A", code: "IDM-1A" });
});
afterAll(() => ctx?.close());

describe("Idempotency-Key on payment creation", () => {
  it("a desk payment retried with its key is answered again and recorded once", async () => {
    const st = await newStudent();
    const first = await post("/payments", admin, desk(st), "desk-retry-1");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers["idempotent-replayed"]).toBeUndefined();
    const retry = await post("/payments", admin, desk(st), "desk-retry-1");
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers["idempotent-replayed"]).toBe("true");
    expect(retry.json()).toEqual(first.json());
    expect(await paymentsOf(st.id)).toBe(1);
    // The money was allocated once.
    const [fee] = await ctx.db
      .select({ paid: sql<number>`sum(${s.feeInstallments.paidAmountE2})`.mapWith(Number) })
      .from(s.feeInstallments)
      .innerJoin(s.studentPeriodFees, eq(s.studentPeriodFees.id, s.feeInstallments.feeId))
      .where(eq(s.studentPeriodFees.studentId, st.id));
    expect(fee!.paid).toBe(300_000);
  });

  it("without a key every request is a new payment (as before); a new key is a new payment", async () => {
    const st = await newStudent();
    expect((await post("/payments", admin, desk(st, 100_000))).statusCode).toBe(201);
    expect((await post("/payments", admin, desk(st, 100_000))).statusCode).toBe(201);
    expect((await post("/payments", admin, desk(st, 100_000), "k-a")).statusCode).toBe(201);
    expect((await post("/payments", admin, desk(st, 100_000), "k-b")).statusCode).toBe(201);
    expect(await paymentsOf(st.id)).toBe(4);
  });

  it("a student's report, by /payments and by /inscriptions/{id}/payments, is reported once per key", async () => {
    const st = await newStudent();
    const body = report(st);
    const a = await post("/payments", st.headers, body, "report-1");
    const b = await post("/payments", st.headers, body, "report-1");
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    const { student_id: _s, period_id: _p, from_report: _f, ...viaInscription } = report(st);
    const c = await post(
      `/inscriptions/${st.inscriptionId}/payments`,
      st.headers,
      viaInscription,
      "report-2",
    );
    const d = await post(
      `/inscriptions/${st.inscriptionId}/payments`,
      st.headers,
      viaInscription,
      "report-2",
    );
    expect([c.statusCode, d.statusCode]).toEqual([201, 201]);
    expect(d.json()).toEqual(c.json());
    expect(await paymentsOf(st.id)).toBe(2);
  });

  it("the same key with another request is refused with 409 in Spanish, and writes nothing", async () => {
    const st = await newStudent();
    expect((await post("/payments", admin, desk(st, 100_000), "reused")).statusCode).toBe(201);
    const other = await post("/payments", admin, desk(st, 200_000), "reused");
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json()).toMatchObject({ message: "idempotency_key_reused" });
    expect(other.json().description).toMatch(/clave/);
    // Another route with the same key and body is another request too.
    const { student_id: _s, period_id: _p, from_report: _f, ...viaInscription } = desk(st, 100_000);
    const elsewhere = await post(
      `/inscriptions/${st.inscriptionId}/payments`,
      admin,
      viaInscription,
      "reused",
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(await paymentsOf(st.id)).toBe(1);
  });

  it("keys belong to their user: another cashier's key of the same name is theirs", async () => {
    const st = await newStudent();
    const other = (await createUserWithToken(ctx, Role.admin)).headers;
    expect((await post("/payments", admin, desk(st, 100_000), "shared-name")).statusCode).toBe(201);
    expect((await post("/payments", other, desk(st, 100_000), "shared-name")).statusCode).toBe(201);
    expect(await paymentsOf(st.id)).toBe(2);
  });

  it("two requests with one key at the same time record one payment and give one answer", async () => {
    const st = await newStudent();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post("/payments", admin, desk(st, 150_000), "concurrent-1")),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.json().data.id));
    expect(ids.size).toBe(1);
    expect(await paymentsOf(st.id)).toBe(1);
  });

  it("a refused request stores nothing: its retry is judged again", async () => {
    const st = await newStudent();
    const tooMuch = report(st, 9_000_000);
    const refused = await post("/payments", st.headers, tooMuch, "refused-1");
    expect(refused.statusCode).toBe(400);
    const fixed = await post("/payments", st.headers, report(st, 100_000), "refused-1");
    expect(fixed.statusCode, fixed.body).toBe(201);
    expect(await paymentsOf(st.id)).toBe(1);
  });

  it("the answer is stored in the payment's transaction: when it cannot be stored, no payment is left", async () => {
    const st = await newStudent();
    await ctx.db.execute(sql`create function idem_refuse() returns trigger language plpgsql as $$
      begin raise exception 'answer not stored'; end $$`);
    await ctx.db.execute(
      sql`create trigger idem_refuse before update on idempotency_keys for each row execute function idem_refuse()`,
    );
    try {
      const res = await post("/payments", admin, desk(st), "crash-1");
      expect(res.statusCode).toBe(500);
      expect(await paymentsOf(st.id)).toBe(0);
    } finally {
      await ctx.db.execute(sql`drop trigger idem_refuse on idempotency_keys`);
      await ctx.db.execute(sql`drop function idem_refuse()`);
    }
    const retry = await post("/payments", admin, desk(st), "crash-1");
    expect(retry.statusCode).toBe(201);
    expect(await paymentsOf(st.id)).toBe(1);
  });

  it("a key that is not 1–255 visible characters is a 422", async () => {
    const st = await newStudent();
    const long = await post("/payments", admin, desk(st), "x".repeat(256));
    expect(long.statusCode).toBe(422);
    const spaced = await post("/payments", admin, desk(st), "dos palabras");
    expect(spaced.statusCode).toBe(422);
    expect(await paymentsOf(st.id)).toBe(0);
  });

  it("keys are forgotten a day after (the clock's): the job deletes them, and an old key is a new request", async () => {
    const st = await newStudent();
    expect((await post("/payments", admin, desk(st, 100_000), "old-key")).statusCode).toBe(201);
    ctx.clock.advance(23 * 3_600_000);
    await ctx.app.jobs.runNow(idempotencyJobName);
    expect((await post("/payments", admin, desk(st, 100_000), "old-key")).statusCode).toBe(201);
    expect(await paymentsOf(st.id)).toBe(1);
    ctx.clock.advance(2 * 3_600_000);
    await ctx.app.jobs.runNow(idempotencyJobName);
    const left = await ctx.db
      .select({ n: count() })
      .from(s.idempotencyKeys)
      .where(eq(s.idempotencyKeys.key, "old-key"));
    expect(left[0]!.n).toBe(0);
    expect((await post("/payments", admin, desk(st, 100_000), "old-key")).statusCode).toBe(201);
    expect(await paymentsOf(st.id)).toBe(2);
  });
});
