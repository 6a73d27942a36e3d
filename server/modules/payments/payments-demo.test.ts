import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";

/** The payments routes over the demo school (server/db/seed/money.ts): what an administrator sees first. */
let ctx: TestContext;
let admin: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
}, 180_000);
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: "GET", url: `/api${url}`, headers: admin });

describe("payments of the demo school", () => {
  it("the debtors report lists the demo's late students with what they owe, late extras included", async () => {
    const res = await get("/payments/debtors?limit=0");
    expect(res.statusCode, res.body).toBe(200);
    const { data, meta } = res.json() as {
      data: { overdue_count: number; overdue_e2: number; late_extra_e2: number; section: unknown }[];
      meta: { total: number; total_owed_e2: number };
    };
    expect(data.length).toBeGreaterThan(0);
    expect(meta.total).toBe(data.length);
    for (const d of data) {
      expect(d.overdue_count).toBeGreaterThan(0);
      expect(d.overdue_e2).toBeGreaterThan(d.late_extra_e2);
      expect(d.late_extra_e2).toBeGreaterThan(0);
      expect(d.section).not.toBeNull();
    }
    expect(meta.total_owed_e2).toBe(data.reduce((sum, d) => sum + d.overdue_e2, 0));
  });

  it("a waiting report is approved over the student's installments and its receipt downloads", async () => {
    const list = await get("/payments?status=1&from_report=1&limit=1");
    expect(list.statusCode, list.body).toBe(200);
    const [waiting] = list.json().data as { id: number; amount_e2: number; fee_id: number }[];
    expect(waiting).toBeDefined();
    const before = await ctx.db
      .select()
      .from(s.feeInstallments)
      .where(eq(s.feeInstallments.feeId, waiting!.fee_id));
    const approve = await ctx.app.inject({
      method: "PATCH",
      url: `/api/payments/${waiting!.id}`,
      headers: admin,
      payload: { status: 2 },
    });
    expect(approve.statusCode, approve.body).toBe(200);
    const detail = (await get(`/payments/${waiting!.id}`)).json().data;
    const allocated = detail.allocations.reduce(
      (sum: number, a: { amount_e2: number }) => sum + a.amount_e2,
      0,
    );
    expect(allocated + detail.credit_e2).toBe(waiting!.amount_e2);
    const after = await ctx.db
      .select()
      .from(s.feeInstallments)
      .where(eq(s.feeInstallments.feeId, waiting!.fee_id));
    const paid = (rows: typeof before) => rows.reduce((sum, r) => sum + r.paidAmountE2, 0);
    expect(paid(after) - paid(before)).toBe(allocated);
    const receipt = await get(`/payments/${waiting!.id}/receipt`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("the demo's approved payments carry their allocations (their receipts list the installments)", async () => {
    const approved = await ctx.db
      .select({ id: s.payments.id })
      .from(s.payments)
      .where(and(eq(s.payments.status, 2), eq(s.payments.fromReport, true)))
      .limit(5);
    expect(approved.length).toBeGreaterThan(0);
    for (const p of approved) {
      const detail = (await get(`/payments/${p.id}`)).json().data;
      expect(detail.allocations.length + (detail.credit_e2 > 0 ? 1 : 0)).toBeGreaterThan(0);
    }
  });
});
