import { describe, expect, it } from "vitest";
import { numberInWords } from "../text/number-words.js";
import { certificateDateInWords, dateInWords } from "./words.js";

describe("numbers in Spanish words", () => {
  it.each([
    [0, "cero"],
    [1, "uno"],
    [16, "dieciséis"],
    [21, "veintiuno"],
    [22, "veintidós"],
    [30, "treinta"],
    [31, "treinta y uno"],
    [99, "noventa y nueve"],
    [100, "cien"],
    [101, "ciento uno"],
    [555, "quinientos cincuenta y cinco"],
    [1000, "mil"],
    [1999, "mil novecientos noventa y nueve"],
    [2000, "dos mil"],
    [2026, "dos mil veintiséis"],
    [21000, "veintiún mil"],
    [31500, "treinta y un mil quinientos"],
    [100000, "cien mil"],
  ])("%i → %s", (n, words) => expect(numberInWords(n)).toBe(words));

  it("refuses what it cannot say", () => {
    expect(() => numberInWords(-1)).toThrow(RangeError);
    expect(() => numberInWords(1.5)).toThrow(RangeError);
    expect(() => numberInWords(1e12)).toThrow(RangeError);
  });
});

describe("dates in Spanish words", () => {
  it("writes the day, the month's name and the year", () => {
    expect(dateInWords("2026-11-24")).toBe("veinticuatro de noviembre de dos mil veintiséis");
    expect(dateInWords("2030-01-01")).toBe("primero de enero de dos mil treinta");
    expect(dateInWords("2025-09-31".replace("31", "30"))).toBe(
      "treinta de septiembre de dos mil veinticinco",
    );
  });

  it("writes a certificate's closing formula", () => {
    expect(certificateDateInWords("2026-11-24")).toBe(
      "a los veinticuatro (24) días del mes de noviembre de dos mil veintiséis",
    );
    expect(certificateDateInWords("2026-03-01")).toBe(
      "al primer (1) día del mes de marzo de dos mil veintiséis",
    );
    expect(certificateDateInWords("2026-03-21")).toBe(
      "a los veintiún (21) días del mes de marzo de dos mil veintiséis",
    );
    expect(certificateDateInWords("2026-03-31")).toBe(
      "a los treinta y un (31) días del mes de marzo de dos mil veintiséis",
    );
  });

  it("refuses a malformed date", () => {
    expect(() => dateInWords("24/11/2026")).toThrow(RangeError);
    expect(() => dateInWords("2026-13-01")).toThrow(RangeError);
  });
});
