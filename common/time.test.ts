import { describe, expect, it } from "vitest";
import { formatTime12h, weekdayIn } from "./time.js";

describe("formatTime12h", () => {
  it.each([
    ["13:05", "1:05 PM"],
    ["07:00:00", "7:00 AM"],
    ["00:30", "12:30 AM"],
    ["00:00:00", "12:00 AM"],
    ["12:00", "12:00 PM"],
    ["12:59:59", "12:59 PM"],
    ["11:59", "11:59 AM"],
    ["23:59", "11:59 PM"],
    ["9:15", "9:15 AM"],
  ])("%s → %s", (input, expected) => {
    expect(formatTime12h(input)).toBe(expected);
  });

  it.each(["", "abc", "24:00", "12:60", "12:00:60", "1:5", "12:00:00:00", "-1:00", "12-00"])(
    "returns invalid input %j unchanged",
    (input) => {
      expect(formatTime12h(input)).toBe(input);
    },
  );
});

describe("weekdayIn", () => {
  it("answers the day of the week in the school's time zone, 1 Monday … 7 Sunday", () => {
    expect(weekdayIn("America/Caracas", new Date("2026-11-23T15:00:00Z"))).toBe(1);
    // 02:00 UTC on Thursday is 22:00 on Wednesday in Caracas (UTC−4).
    expect(weekdayIn("America/Caracas", new Date("2026-11-26T02:00:00Z"))).toBe(3);
    expect(weekdayIn("UTC", new Date("2026-11-26T02:00:00Z"))).toBe(4);
    expect(weekdayIn("America/Caracas", new Date("2026-11-29T12:00:00Z"))).toBe(7);
    expect(weekdayIn(undefined, new Date("2026-11-29T12:00:00Z"))).toBe(7);
  });
});
