import { describe, expect, it } from "vitest";
import { weekdayIn } from "./time.js";

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
