import { describe, expect, it } from "vitest";
import {
  bannerConditionsHold,
  bannerFacts,
  bannerShows,
  latestPayment,
  reportSummary,
  schoolToday,
} from "./fee-state";
import { dayMonth, money } from "./format";
import { makeFee } from "./test-fee";

const approved = { id: 1, status: 2, date: "2026-09-14" };
const rejected = { id: 2, status: 3, date: "2026-10-20" };
const pending = { id: 3, status: 1, date: "2026-10-21" };
// Installment 2 (2026-10-15, 40,00 of 100,00 paid) is the first unpaid one.
const base = { fee: makeFee(), latestPeriodId: 3, payments: [approved], today: "2026-10-12" };

describe("the payment banner's five conditions (spec.md §4)", () => {
  it("shows when all hold", () => {
    expect(bannerConditionsHold(base)).toBe(true);
  });

  it("hides when the fee is completed", () => {
    expect(bannerConditionsHold({ ...base, fee: makeFee({ completed_at: "2026-10-01T00:00:00Z" }) })).toBe(
      false,
    );
  });

  it("hides when the fee is not of the latest inscription's period", () => {
    expect(bannerConditionsHold({ ...base, latestPeriodId: 2 })).toBe(false);
    expect(bannerConditionsHold({ ...base, latestPeriodId: null })).toBe(false);
  });

  it("needs an approved payment, and the latest payment approved or rejected", () => {
    expect(bannerConditionsHold({ ...base, payments: [] })).toBe(false);
    expect(bannerConditionsHold({ ...base, payments: [{ ...rejected, date: "2026-09-01" }] })).toBe(false);
    expect(bannerConditionsHold({ ...base, payments: [approved, rejected] })).toBe(true);
    expect(bannerConditionsHold({ ...base, payments: [approved, rejected, pending] })).toBe(false);
  });

  it("needs the first unpaid installment due within 5 days, or past", () => {
    expect(bannerConditionsHold({ ...base, today: "2026-10-10" })).toBe(true); // 5 days ahead
    expect(bannerConditionsHold({ ...base, today: "2026-10-09" })).toBe(false); // 6 days ahead
    expect(bannerConditionsHold({ ...base, today: "2026-11-30" })).toBe(true); // past
  });

  it("passes unconditionally outside production", () => {
    const failing = { ...base, payments: [] };
    expect(bannerShows({ ...failing, production: true })).toBe(false);
    expect(bannerShows({ ...failing, production: false })).toBe(true);
  });
});

describe("what the banner says", () => {
  it("counts the pending installments and names the days left and the extra before the grace ends", () => {
    const facts = bannerFacts(makeFee(), [approved], "2026-10-12");
    expect(facts.pendingCount).toBe(3);
    expect(facts.rejected).toBe(false);
    expect(facts.lateExtraE2).toBeNull();
    // 2026-10-15 + 3 grace days = 2026-10-18, six days after the 12th.
    expect(facts.daysLeft).toEqual({ days: 6, extraE2: 1000 });
    expect(facts.next).toEqual({ date: "2026-10-15", pendingE2: 6000, lastOnTimeDay: "2026-10-18" });
  });

  it("says the installment is late, with its extra, the day after the grace days", () => {
    expect(bannerFacts(makeFee(), [approved], "2026-10-18").lateExtraE2).toBeNull();
    const facts = bannerFacts(makeFee(), [approved, rejected], "2026-10-19");
    expect(facts.lateExtraE2).toBe(1000);
    expect(facts.daysLeft).toBeNull();
    expect(facts.rejected).toBe(true);
    expect(facts.next?.pendingE2).toBe(7000);
  });

  it("counts an installment dated before the inscription from the inscription day", () => {
    // Inscribed on 2026-11-25: installments 2 and 3 (October and 2026-11-15) are due that day, grace from then.
    const fee = makeFee({ inscribed_on: "2026-11-25" });
    const facts = bannerFacts(fee, [approved], "2026-11-25");
    expect(facts.lateExtraE2).toBeNull();
    expect(facts.next).toEqual({ date: "2026-11-25", pendingE2: 6000, lastOnTimeDay: "2026-11-28" });
    expect(facts.daysLeft).toEqual({ days: 3, extraE2: 1000 });
    expect(bannerFacts(fee, [approved], "2026-11-29").lateExtraE2).toBe(1000);
    const summary = reportSummary(fee, "fully", null, "2026-11-25");
    expect(summary.totalE2).toBe(6000 + 10000 + 10000);
    expect(summary.rows.some((r) => r.late)).toBe(false);
  });

  it("takes the newest payment by date, then id", () => {
    expect(latestPayment([rejected, approved])?.id).toBe(2);
    expect(latestPayment([{ ...approved, date: rejected.date, id: 9 }, rejected])?.id).toBe(9);
    expect(latestPayment([])).toBeNull();
  });
});

describe("the report summary (spec.md §4 wizard)", () => {
  it("installment mode spreads the amount in date order, each up to its pending amount", () => {
    const summary = reportSummary(makeFee(), "installment", 9000, "2026-10-12");
    expect(summary.totalE2).toBe(9000);
    expect(summary.selectedCount).toBe(2);
    const [first, second, third, fourth] = summary.rows;
    expect(first).toMatchObject({ approved: true, partial: false, newE2: 0 });
    expect(second).toMatchObject({
      approved: false,
      partial: true,
      paidE2: 4000,
      newE2: 6000,
      remainderE2: 0,
    });
    expect(third).toMatchObject({ newE2: 3000, remainderE2: 7000 });
    expect(fourth).toMatchObject({ newE2: 0, remainderE2: 10000 });
  });

  it("full mode takes every unpaid installment whole, late extra included", () => {
    const summary = reportSummary(makeFee(), "fully", null, "2026-10-19");
    expect(summary.totalE2).toBe(7000 + 10000 + 10000);
    expect(summary.selectedCount).toBe(3);
    expect(summary.creditE2).toBe(0);
  });

  it("selects nothing without an amount, and keeps an over-payment as credit", () => {
    expect(reportSummary(makeFee(), "installment", null, "2026-10-12").selectedCount).toBe(0);
    expect(reportSummary(makeFee(), "installment", 40000, "2026-10-12").creditE2).toBe(40000 - 26000);
  });
});

describe("formats", () => {
  it("shows hundredths divided by 100 and dates as 'D de MMMM'", () => {
    expect(money(123450)).toBe("1.234,50");
    expect(dayMonth("2026-12-05")).toBe("5 de diciembre");
  });

  it("reads today in the school's time zone", () => {
    // 02:00 UTC on 24 November is still the 23rd in Caracas (UTC−4).
    expect(schoolToday(new Date("2026-11-24T02:00:00Z"))).toBe("2026-11-23");
  });
});
