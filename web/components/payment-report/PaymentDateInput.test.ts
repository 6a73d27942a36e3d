import { describe, expect, it } from "vitest";
import { parseTypedDate } from "./PaymentDateInput";

describe("a typed payment date", () => {
  it("reads DD/MM/YYYY (one-digit day or month, '/', '-' or '.') and YYYY-MM-DD", () => {
    expect(parseTypedDate("11/10/2026")).toBe("2026-10-11");
    expect(parseTypedDate(" 1/2/2026 ")).toBe("2026-02-01");
    expect(parseTypedDate("01-02-2026")).toBe("2026-02-01");
    expect(parseTypedDate("01.02.2026")).toBe("2026-02-01");
    expect(parseTypedDate("2026-02-01")).toBe("2026-02-01");
  });

  it("refuses an incomplete year, a day that does not exist and anything else", () => {
    // The picker's own parser reads "11/10/2" as 10 November 2002.
    for (const text of [
      "",
      "11/10/2",
      "11/10/26",
      "31/02/2026",
      "29/02/2026",
      "0/1/2026",
      "32/1/2026",
      "1/13/2026",
    ])
      expect(parseTypedDate(text), text).toBeNull();
    expect(parseTypedDate("29/02/2028")).toBe("2028-02-29");
    expect(parseTypedDate("October 11, 2026")).toBeNull();
  });
});
