import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatLocalDateTime,
  formatTime,
  isIsoDate,
  parseTypedDate,
  parseTypedTime,
  schoolDateOf,
} from "./format";

describe("a typed date", () => {
  it("is read day first: DD/MM/AAAA, one-digit day or month, '/', '-' or '.'", () => {
    expect(parseTypedDate("15/01/2027")).toBe("2027-01-15");
    expect(parseTypedDate("09/12/2026")).toBe("2026-12-09");
    expect(parseTypedDate("1/2/2026")).toBe("2026-02-01");
    expect(parseTypedDate(" 01-02-2026 ")).toBe("2026-02-01");
    expect(parseTypedDate("01.02.2026")).toBe("2026-02-01");
  });

  it("takes ISO too", () => {
    expect(parseTypedDate("2027-01-15")).toBe("2027-01-15");
    expect(parseTypedDate("2027-02-31")).toBeNull();
  });

  it("knows leap years", () => {
    expect(parseTypedDate("29/02/2028")).toBe("2028-02-29");
    expect(parseTypedDate("29/02/2000")).toBe("2000-02-29");
    expect(parseTypedDate("29/02/2027")).toBeNull();
    expect(parseTypedDate("29/02/2100")).toBeNull();
  });

  it("refuses what does not exist or could be read two ways", () => {
    for (const text of [
      "",
      "31/02/2027",
      "31/04/2027",
      "0/1/2026",
      "32/1/2026",
      "15/13/2026",
      "01/15/2027",
      "15/01/27",
      "15/01/2",
      "15/01/0027",
      "2027/01/15",
      "15012027",
      "January 15, 2027",
      "15/01/2027 10:00",
    ])
      expect(parseTypedDate(text), text).toBeNull();
  });

  it("isIsoDate checks the calendar", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("15/01/2027")).toBe(false);
  });
});

describe("dates and times shown", () => {
  it("dates are DD/MM/AAAA", () => {
    expect(formatDate("2026-11-24")).toBe("24/11/2026");
    expect(formatDate("2026-11-24T03:00:00.000Z")).toBe("24/11/2026");
    expect(formatDate(null)).toBe("—");
    expect(formatDate("")).toBe("");
  });

  it("instants are the school's DD/MM/AAAA HH:MM on a 24-hour clock", () => {
    // 02:30 UTC is still the day before, 22:30, in Caracas (UTC−4).
    expect(formatDateTime("2026-11-25T02:30:00Z")).toBe("24/11/2026 22:30");
    expect(formatDateTime(new Date("2026-11-25T17:05:00Z"))).toBe("25/11/2026 13:05");
    expect(formatDateTime("2026-11-25T04:00:00Z", { timeZone: "UTC" })).toBe("25/11/2026 04:00");
    expect(formatDateTime("2026-11-25T17:05:09Z", { seconds: true })).toBe("25/11/2026 13:05:09");
    expect(formatDateTime("not a date")).toBe("not a date");
    expect(schoolDateOf("2026-11-25T02:30:00Z")).toBe("2026-11-24");
  });

  it("school wall times are DD/MM/AAAA HH:MM", () => {
    expect(formatLocalDateTime("2026-11-23T10:00")).toBe("23/11/2026 10:00");
    expect(formatLocalDateTime(null)).toBe("");
  });

  it("times are HH:MM, 24-hour", () => {
    expect(formatTime("13:05:00")).toBe("13:05");
    expect(formatTime("7:05")).toBe("07:05");
    expect(formatTime("00:00")).toBe("00:00");
    expect(formatTime("25:00")).toBe("25:00");
  });

  it("typed times are 24-hour HH:MM", () => {
    expect(parseTypedTime("7:05")).toBe("07:05");
    expect(parseTypedTime("23:59")).toBe("23:59");
    for (const text of ["24:00", "7", "7:5", "12:60", "1:05 PM", ""])
      expect(parseTypedTime(text), text).toBeNull();
  });
});
