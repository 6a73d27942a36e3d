import { describe, expect, it } from "vitest";
import {
  addDays,
  allocate,
  amountInWords,
  daysBetween,
  dueDate,
  feeSummary,
  formatAmount,
  fullPaymentE2,
  type InstallmentState,
  isLate,
  isPaid,
  lastOnTimeDay,
  lateExtraDueE2,
  numberInWords,
  parseAmountE2,
  pendingE2,
} from "./fees.js";

const terms = { graceDays: 5, lateExtraE2: 1_000, inscribedOn: null };
const inst = (id: number, date: string, amountE2: number, paidE2 = 0, lateExtraE2 = 0): InstallmentState => ({
  id,
  date,
  amountE2,
  paidE2,
  lateExtraE2,
});

/** Applies an allocation to the rows the way the server stores it. */
function apply(rows: InstallmentState[], result: ReturnType<typeof allocate>): InstallmentState[] {
  return rows.map((row) => {
    const a = result.allocations.find((x) => x.installmentId === row.id);
    if (!a) return row;
    return { ...row, paidE2: row.paidE2 + a.amountE2, lateExtraE2: row.lateExtraE2 + a.chargesLateExtraE2 };
  });
}

describe("dates", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays("2026-01-30", 5)).toBe("2026-02-04");
    expect(addDays("2024-02-27", 2)).toBe("2024-02-29");
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(daysBetween("2026-03-01", "2026-03-06")).toBe(5);
    expect(daysBetween("2026-03-06", "2026-03-01")).toBe(-5);
  });
});

describe("lateness and the grace boundary", () => {
  const i = inst(1, "2026-03-01", 10_000);
  it("is on time up to the due date plus the grace days, late the day after", () => {
    expect(isLate(i, terms, "2026-03-01")).toBe(false);
    expect(isLate(i, terms, "2026-03-06")).toBe(false); // due date + 5 grace days: still on time
    expect(isLate(i, terms, "2026-03-07")).toBe(true);
    expect(pendingE2(i, terms, "2026-03-06")).toBe(10_000);
    expect(pendingE2(i, terms, "2026-03-07")).toBe(11_000);
  });
  it("with no grace days the day after the due date is late", () => {
    const noGrace = { graceDays: 0, lateExtraE2: 500, inscribedOn: null };
    expect(isLate(i, noGrace, "2026-03-01")).toBe(false);
    expect(isLate(i, noGrace, "2026-03-02")).toBe(true);
  });
  it("a fully paid installment is never late", () => {
    const paid = inst(1, "2026-03-01", 10_000, 10_000);
    expect(isPaid(paid)).toBe(true);
    expect(isLate(paid, terms, "2026-12-01")).toBe(false);
    expect(pendingE2(paid, terms, "2026-12-01")).toBe(0);
  });
  it("a late extra of 0 adds nothing", () => {
    expect(pendingE2(i, { graceDays: 0, lateExtraE2: 0, inscribedOn: null }, "2026-05-01")).toBe(10_000);
  });
});

describe("an installment dated before the student's inscription", () => {
  const october = inst(1, "2026-10-19", 10_000);
  const december = inst(2, "2026-12-15", 10_000);
  const inscribed = (inscribedOn: string | null, graceDays = 5) => ({
    graceDays,
    lateExtraE2: 1_000,
    inscribedOn,
  });

  it("is due on the inscription date, and its grace days count from then", () => {
    const t = inscribed("2026-11-25");
    expect(dueDate(october, t)).toBe("2026-11-25");
    expect(lastOnTimeDay(october, t)).toBe("2026-11-30");
    expect(isLate(october, t, "2026-11-25")).toBe(false);
    expect(pendingE2(october, t, "2026-11-25")).toBe(10_000);
    expect(isLate(october, t, "2026-11-30")).toBe(false);
    expect(isLate(october, t, "2026-12-01")).toBe(true);
    expect(pendingE2(october, t, "2026-12-01")).toBe(11_000);
  });
  it("owes nothing late on the day of the inscription, even without grace days", () => {
    const t = inscribed("2026-11-25", 0);
    expect(isLate(october, t, "2026-11-25")).toBe(false);
    expect(lateExtraDueE2(october, t, "2026-11-25")).toBe(0);
    expect(feeSummary([october, december], t, "2026-11-25")).toMatchObject({ lateCount: 0, overdueE2: 0 });
    expect(isLate(october, t, "2026-11-26")).toBe(true);
  });
  it("keeps its own date when the student was inscribed before or on it", () => {
    for (const on of ["2026-09-01", "2026-10-19"]) {
      const t = inscribed(on);
      expect(dueDate(october, t)).toBe("2026-10-19");
      expect(isLate(october, t, "2026-10-24")).toBe(false);
      expect(isLate(october, t, "2026-10-25")).toBe(true);
    }
    expect(dueDate(december, inscribed("2026-11-25"))).toBe("2026-12-15");
    expect(dueDate(october, inscribed(null))).toBe("2026-10-19");
  });
  it("a partly paid one owes the rest, and the extra only once its grace from the inscription has passed", () => {
    const t = inscribed("2026-11-25");
    const partly = inst(1, "2026-10-19", 10_000, 4_000);
    expect(pendingE2(partly, t, "2026-11-30")).toBe(6_000);
    expect(pendingE2(partly, t, "2026-12-01")).toBe(7_000);
    const paid = allocate([partly, december], 6_000, t, "2026-11-28");
    expect(paid.allocations).toEqual([
      { installmentId: 1, amountE2: 6_000, chargesLateExtraE2: 0, completes: true },
    ]);
  });
});

describe("partial payments and the late extra charged once", () => {
  it("the pending amount of a partly paid installment is what is left", () => {
    expect(pendingE2(inst(1, "2026-03-01", 10_000, 2_550), terms, "2026-03-02")).toBe(7_450);
  });
  it("a partly paid installment that becomes late owes the extra once", () => {
    expect(pendingE2(inst(1, "2026-03-01", 10_000, 2_500), terms, "2026-04-01")).toBe(8_500);
  });
  it("charges the extra once, not per day or month, and not again after a partial payment", () => {
    let rows = [inst(1, "2026-03-01", 10_000)];
    expect(pendingE2(rows[0] as InstallmentState, terms, "2026-03-07")).toBe(11_000);
    expect(pendingE2(rows[0] as InstallmentState, terms, "2026-06-30")).toBe(11_000); // months later: same
    const first = allocate(rows, 4_000, terms, "2026-03-10");
    expect(first.allocations).toEqual([
      { installmentId: 1, amountE2: 4_000, chargesLateExtraE2: 1_000, completes: false },
    ]);
    rows = apply(rows, first);
    expect(rows[0]?.lateExtraE2).toBe(1_000);
    expect(pendingE2(rows[0] as InstallmentState, terms, "2026-04-10")).toBe(7_000);
    const second = allocate(rows, 7_000, terms, "2026-04-10");
    expect(second.allocations).toEqual([
      { installmentId: 1, amountE2: 7_000, chargesLateExtraE2: 0, completes: true },
    ]);
    rows = apply(rows, second);
    expect(isPaid(rows[0] as InstallmentState)).toBe(true);
    expect(rows[0]?.paidE2).toBe(11_000);
  });
  it("keeps an extra already charged even if the fee's extra is now different", () => {
    const row = inst(1, "2026-03-01", 10_000, 3_000, 700);
    expect(lateExtraDueE2(row, terms, "2026-05-01")).toBe(700);
    expect(pendingE2(row, terms, "2026-05-01")).toBe(7_700);
  });
  it("a payment made on time charges no extra", () => {
    const { allocations } = allocate([inst(1, "2026-03-01", 10_000)], 5_000, terms, "2026-03-06");
    expect(allocations[0]?.chargesLateExtraE2).toBe(0);
  });
});

describe("allocate", () => {
  const rows = [
    inst(3, "2026-05-01", 10_000),
    inst(1, "2026-03-01", 10_000, 10_000),
    inst(2, "2026-04-01", 10_000, 4_000),
    inst(4, "2026-06-01", 10_000),
  ];
  it("goes over unpaid installments in date order, each up to its pending amount", () => {
    expect(allocate(rows, 12_000, terms, "2026-04-02")).toEqual({
      allocations: [
        { installmentId: 2, amountE2: 6_000, chargesLateExtraE2: 0, completes: true },
        { installmentId: 3, amountE2: 6_000, chargesLateExtraE2: 0, completes: false },
      ],
      creditE2: 0,
    });
  });
  it("charges the late extra of a late installment inside the allocation", () => {
    const result = allocate(rows, 8_000, terms, "2026-04-20");
    expect(result.allocations).toEqual([
      { installmentId: 2, amountE2: 7_000, chargesLateExtraE2: 1_000, completes: true },
      { installmentId: 3, amountE2: 1_000, chargesLateExtraE2: 0, completes: false },
    ]);
  });
  it("keeps an over-payment as credit", () => {
    const result = allocate(rows, 40_000, terms, "2026-04-02");
    expect(result.allocations.map((a) => [a.installmentId, a.amountE2])).toEqual([
      [2, 6_000],
      [3, 10_000],
      [4, 10_000],
    ]);
    expect(result.creditE2).toBe(14_000);
  });
  it("on a fully paid fee the whole amount is credit", () => {
    expect(allocate([inst(1, "2026-03-01", 10_000, 10_000)], 2_500, terms, "2026-04-01")).toEqual({
      allocations: [],
      creditE2: 2_500,
    });
  });
  it("orders installments of the same date by id", () => {
    const same = [inst(9, "2026-03-01", 100), inst(8, "2026-03-01", 100)];
    expect(allocate(same, 150, terms, "2026-03-01").allocations.map((a) => a.installmentId)).toEqual([8, 9]);
  });
  it("adds hundredths exactly and refuses anything but whole hundredths", () => {
    // 0.10 + 0.20 in floating point is 0.30000000000000004; in hundredths it is 30.
    const cents = [inst(1, "2026-03-01", 10), inst(2, "2026-03-02", 20)];
    expect(fullPaymentE2(cents, terms, "2026-03-01")).toBe(30);
    const three = [inst(1, "2026-03-01", 3_333), inst(2, "2026-04-01", 3_333), inst(3, "2026-05-01", 3_334)];
    const result = allocate(three, 10_000, terms, "2026-03-01");
    expect(result.allocations.reduce((sum, a) => sum + a.amountE2, 0)).toBe(10_000);
    expect(result.creditE2).toBe(0);
    expect(() => allocate(three, 10.5, terms, "2026-03-01")).toThrow(RangeError);
    expect(() => allocate(three, -1, terms, "2026-03-01")).toThrow(RangeError);
  });
  it("does not change the rows it is given", () => {
    const copy = structuredClone(rows);
    allocate(rows, 40_000, terms, "2026-09-01");
    expect(rows).toEqual(copy);
  });
});

describe("full payment", () => {
  it("is every unpaid installment for its full pending amount, a late one with its extra", () => {
    const rows = [
      inst(1, "2026-03-01", 10_000, 10_000),
      inst(2, "2026-04-01", 10_000, 2_500), // late on 2026-04-20
      inst(3, "2026-05-01", 10_000),
    ];
    const today = "2026-04-20";
    const total = fullPaymentE2(rows, terms, today);
    expect(total).toBe(7_500 + 1_000 + 10_000);
    const result = allocate(rows, total, terms, today);
    expect(result.creditE2).toBe(0);
    expect(result.allocations.every((a) => a.completes)).toBe(true);
    const after = apply(rows, result);
    expect(feeSummary(after, terms, "2026-12-31").completed).toBe(true);
  });
});

describe("feeSummary", () => {
  it("totals what is pending and overdue and finds the next installment due", () => {
    const rows = [
      inst(4, "2026-06-01", 10_000),
      inst(1, "2026-03-01", 10_000, 10_000),
      inst(2, "2026-04-01", 10_000, 2_500),
      inst(3, "2026-05-01", 10_000),
    ];
    const summary = feeSummary(rows, terms, "2026-04-20");
    expect(summary).toEqual({
      pendingE2: 8_500 + 10_000 + 10_000,
      overdueE2: 8_500,
      unpaidCount: 3,
      lateCount: 1,
      nextDue: rows[2],
      completed: false,
    });
  });
  it("a fee with every installment paid is completed", () => {
    const rows = [inst(1, "2026-03-01", 10_000, 10_000), inst(2, "2026-04-01", 10_000, 11_000, 1_000)];
    expect(feeSummary(rows, terms, "2026-09-01")).toEqual({
      pendingE2: 0,
      overdueE2: 0,
      unpaidCount: 0,
      lateCount: 0,
      nextDue: null,
      completed: true,
    });
  });
  it("paid the amount but not the extra already charged is not completed", () => {
    const summary = feeSummary([inst(1, "2026-03-01", 10_000, 10_000, 1_000)], terms, "2026-09-01");
    expect(summary.completed).toBe(false);
    expect(summary.pendingE2).toBe(1_000);
  });
});

describe("formatAmount", () => {
  it("uses Spanish grouping and a decimal comma", () => {
    expect(formatAmount(0)).toBe("0,00");
    expect(formatAmount(5)).toBe("0,05");
    expect(formatAmount(100)).toBe("1,00");
    expect(formatAmount(123_450)).toBe("1.234,50");
    expect(formatAmount(100_000_000)).toBe("1.000.000,00");
    expect(formatAmount(-123_456)).toBe("-1.234,56");
  });
});

describe("parseAmountE2", () => {
  it("reads typed amounts as hundredths without floating point", () => {
    expect(parseAmountE2("1234")).toBe(123_400);
    expect(parseAmountE2("1234.5")).toBe(123_450);
    expect(parseAmountE2("0.29")).toBe(29);
    expect(parseAmountE2(0.29)).toBe(29);
    expect(parseAmountE2(19.99)).toBe(1_999);
    expect(parseAmountE2("1.234,50")).toBe(123_450);
    expect(parseAmountE2("12,5")).toBe(1_250);
  });
  it("refuses three decimals, signs and text", () => {
    expect(parseAmountE2("1.234")).toBeNull();
    expect(parseAmountE2("1.005")).toBeNull();
    expect(parseAmountE2("-5")).toBeNull();
    expect(parseAmountE2("abc")).toBeNull();
    expect(parseAmountE2("")).toBeNull();
    expect(parseAmountE2(1e21)).toBeNull();
  });
});

describe("amounts in words", () => {
  it.each([
    [0, "cero"],
    [1, "uno"],
    [15, "quince"],
    [16, "dieciséis"],
    [21, "veintiuno"],
    [22, "veintidós"],
    [31, "treinta y uno"],
    [100, "cien"],
    [101, "ciento uno"],
    [115, "ciento quince"],
    [200, "doscientos"],
    [555, "quinientos cincuenta y cinco"],
    [1_000, "mil"],
    [1_001, "mil uno"],
    [1_234, "mil doscientos treinta y cuatro"],
    [2_000, "dos mil"],
    [21_000, "veintiún mil"],
    [31_000, "treinta y un mil"],
    [100_000, "cien mil"],
    [101_000, "ciento un mil"],
    [999_999, "novecientos noventa y nueve mil novecientos noventa y nueve"],
    [1_000_000, "un millón"],
    [1_000_001, "un millón uno"],
    [2_500_000, "dos millones quinientos mil"],
    [21_000_000, "veintiún millones"],
  ])("%i is %s", (n, words) => {
    expect(numberInWords(n)).toBe(words);
  });
  it("adds the hundredths as a fraction", () => {
    expect(amountInWords(0)).toBe("cero con 00/100");
    expect(amountInWords(100)).toBe("uno con 00/100");
    expect(amountInWords(123_450)).toBe("mil doscientos treinta y cuatro con 50/100");
    expect(amountInWords(100_000_005)).toBe("un millón con 05/100");
    expect(amountInWords(2_199)).toBe("veintiuno con 99/100");
  });
  it("refuses negative or fractional hundredths", () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
    expect(() => amountInWords(1.5)).toThrow(RangeError);
  });
});
