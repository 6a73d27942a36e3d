import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

/**
 * DOMAIN.md "Period": the reminder dates of pending evaluations (first and second cut) fall inside the
 * period, its start and end included. A date outside is refused on create and on update — also when the
 * update moves the period's start or end past a reminder already saved — with the period module's
 * date-order refusal (spec.md §8 `invalid_date_range`, 400, Spanish description), and nothing is written.
 * Fixed dates in 2027, after the test clock's 2026-11-25.
 */
let ctx: TestContext;
let admin: { authorization: string };

const START = "2027-02-01";
const END = "2027-06-30";

const body = (year: number, overrides: Record<string, unknown> = {}) => ({
  year,
  number: 1,
  weeks_length: 16,
  start_date: START,
  end_date: END,
  first_cut_start_date: START,
  first_cut_end_date: "2027-03-31",
  second_cut_start_date: "2027-04-05",
  second_cut_end_date: END,
  pending_evaluations_fc_reminder_date: "2027-03-20",
  pending_evaluations_sc_reminder_date: "2027-06-15",
  ...overrides,
});

const post = (payload: object) =>
  ctx.app.inject({ method: "POST", url: "/api/periods", headers: admin, payload });
const patch = (id: number, payload: object) =>
  ctx.app.inject({ method: "PATCH", url: `/api/periods/${id}`, headers: admin, payload });

const dateRangeRefusal = { message: "invalid_date_range", description: "El rango de fechas no es válido." };

const periodsOf = (year: number) => ctx.db.select().from(s.periods).where(eq(s.periods.year, year));

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
});

afterAll(async () => {
  await ctx?.close();
});

describe("period reminder dates fall inside the period", () => {
  it("accepts reminders on the period's first and last day (both included)", async () => {
    const res = await post(
      body(2101, { pending_evaluations_fc_reminder_date: START, pending_evaluations_sc_reminder_date: END }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({
      pending_evaluations_fc_reminder_date: START,
      pending_evaluations_sc_reminder_date: END,
    });
  });

  it("refuses to create a period with a reminder before its start or after its end; nothing is written", async () => {
    const outside = [
      { pending_evaluations_fc_reminder_date: "2027-01-31" },
      { pending_evaluations_fc_reminder_date: "2027-07-01", pending_evaluations_sc_reminder_date: null },
      { pending_evaluations_sc_reminder_date: "2027-07-01" },
      { pending_evaluations_fc_reminder_date: null, pending_evaluations_sc_reminder_date: "2027-01-31" },
    ];
    for (const dates of outside) {
      const res = await post(body(2102, dates));
      expect(res.statusCode, JSON.stringify(dates)).toBe(400);
      expect(res.json()).toMatchObject(dateRangeRefusal);
    }
    expect(await periodsOf(2102)).toHaveLength(0);
  });

  it("refuses to move a reminder outside the period, or the period away from a saved reminder", async () => {
    const created = await post(body(2103));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;

    const changes = [
      { pending_evaluations_sc_reminder_date: "2027-07-01" },
      { pending_evaluations_fc_reminder_date: "2027-01-31" },
      // The period's end moved before the saved second-cut reminder (2027-06-15); its cut follows it.
      { end_date: "2027-06-10", second_cut_end_date: "2027-06-10", second_half_end_date: null },
      // The period's start moved after the saved first-cut reminder (2027-03-20).
      { start_date: "2027-03-25", first_cut_start_date: "2027-03-25" },
    ];
    for (const change of changes) {
      const res = await patch(id, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json()).toMatchObject(dateRangeRefusal);
    }
    const [row] = await periodsOf(2103);
    expect(row).toMatchObject({
      startDate: START,
      endDate: END,
      pendingEvaluationsFcReminderDate: "2027-03-20",
      pendingEvaluationsScReminderDate: "2027-06-15",
    });

    // Inside, up to the last day, it is saved.
    const ok = await patch(id, { pending_evaluations_sc_reminder_date: END });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.pending_evaluations_sc_reminder_date).toBe(END);
  });
});
