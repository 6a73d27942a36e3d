import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../../common/money/fees.js";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

let ctx: TestContext;
let admin: { authorization: string };
let own: { authorization: string };
let studentId = 0;
let periodId = 0;
let today = "";

/** A fee of four installments seen today: one paid, one late and partly paid, one on its last day of grace, one ahead. */
beforeAll(async () => {
  ctx = await createTestContext();
  today = ctx.clock.today();
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
  const account = await createUserWithToken(ctx, Role.student);
  own = account.headers;
  const [student] = await ctx.db
    .insert(s.students)
    .values({
      userId: account.user.id,
      firstName: "Lucía",
      lastName: "Gómez",
      identityDocument: "V-5550001",
      gender: "female",
    })
    .returning();
  studentId = student!.id;
  const [period] = await ctx.db
    .insert(s.periods)
    .values({ year: 2040, number: 1, startDate: addDays(today, -60), endDate: addDays(today, 60) })
    .returning();
  periodId = period!.id;
  const [fee] = await ctx.db
    .insert(s.studentPeriodFees)
    .values({
      studentId,
      periodId,
      installmentPaymentMethods: [1, 3],
      fullPaymentMethods: [5],
      installmentGracePeriodDays: 5,
      lateInstallmentExtraE2: 1_000,
    })
    .returning();
  await ctx.db.insert(s.feeInstallments).values([
    { feeId: fee!.id, date: addDays(today, -40), amountE2: 10_000, paidAmountE2: 10_000 },
    { feeId: fee!.id, date: addDays(today, -20), amountE2: 10_000, paidAmountE2: 3_000 },
    { feeId: fee!.id, date: addDays(today, -5), amountE2: 10_000 },
    { feeId: fee!.id, date: addDays(today, 10), amountE2: 10_050 },
  ]);
});
afterAll(() => ctx?.close());

describe("GET /students/{id}/period-fee through the money maths", () => {
  it("shows each installment's lateness, late extra and pending amount, and the fee's totals", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/students/${studentId}/period-fee?period_id=${periodId}`,
      headers: own,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      today,
      total_e2: 40_050,
      paid_e2: 13_000,
      pending_e2: 8_000 + 10_000 + 10_050,
      overdue_e2: 8_000,
      pending_installments: 3,
      late_installments: 1,
      next_due_date: addDays(today, -20),
      completed: false,
    });
    expect(data.installments).toEqual([
      expect.objectContaining({ paid: true, is_late: false, pending_e2: 0, late_extra_amount_e2: 0 }),
      expect.objectContaining({
        paid: false,
        is_late: true,
        late_extra_e2: 0,
        late_extra_amount_e2: 1_000,
        late_extra_amount_string: "10,00",
        pending_e2: 8_000,
        pending_string: "80,00",
        last_on_time_date: addDays(today, -15),
      }),
      // Due date + grace days is today: still on time.
      expect.objectContaining({ is_late: false, pending_e2: 10_000, last_on_time_date: today }),
      expect.objectContaining({ is_late: false, pending_e2: 10_050, amount_string: "100,50" }),
    ]);
  });

  it("carries spec.md §3's names: fee_installments, late_installment_extra and the period's payments", async () => {
    const [payment] = await ctx.db
      .insert(s.payments)
      .values({
        studentId,
        periodId,
        status: 2,
        type: 3,
        fromReport: true,
        date: addDays(today, -30),
        amountE2: 10_000,
        receiptNumber: "PF-0001",
      })
      .returning();
    try {
      const res = await ctx.app.inject({
        method: "GET",
        url: `/api/students/${studentId}/period-fee?period_id=${periodId}`,
        headers: own,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.late_installment_extra).toBe(1_000);
      expect(data.inscribed_on).toBeNull();
      expect(data.fee_installments).toEqual(data.installments);
      expect(data.fee_installments[1]).toMatchObject({
        id: expect.any(Number),
        date: addDays(today, -20),
        amount_e2: 10_000,
        paid_amount_e2: 3_000,
        is_late: true,
        late_extra_amount_e2: 1_000,
        late_extra_amount_string: "10,00",
        amount_string: "100,00",
      });
      expect(data.payments).toEqual([
        {
          id: payment!.id,
          title: null,
          status: 2,
          from_report: true,
          type: 3,
          date: addDays(today, -30),
          amount: 10_000,
          amount_e2: 10_000,
          receipt_number: "PF-0001",
          student_id: studentId,
          period_id: periodId,
          created_at: payment!.createdAt.toISOString(),
        },
      ]);
    } finally {
      await ctx.db.delete(s.payments);
    }
  });

  it("keeps the 404 of a student without a fee", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: `/api/students/${studentId}/period-fee?period_id=${periodId + 1000}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe("student_period_fee_not_found");
  });
});
