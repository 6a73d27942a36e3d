import { describe, expect, it } from "vitest";
import { dateIn, ManualClock, SystemClock, schoolInstant } from "./clock.js";

const caracas = "America/Caracas";

describe("the server's clock", () => {
  it("reads the school's day, not UTC's, late on a Sunday evening", () => {
    const clock = new ManualClock(caracas, new Date("2026-11-30T03:30:00Z")); // Monday in UTC
    expect(clock.today()).toBe("2026-11-29");
    expect(clock.weekday()).toBe(7);
    clock.advance(30 * 60_000);
    expect(clock.today()).toBe("2026-11-30");
    expect(clock.weekday()).toBe(1);
  });

  it("is still the old year at the school at 23:30 on New Year's Eve", () => {
    const clock = new ManualClock(caracas, new Date(0));
    clock.setSchoolTime("2026-12-31", "23:30");
    expect(clock.now().toISOString()).toBe("2027-01-01T03:30:00.000Z");
    expect(clock.today()).toBe("2026-12-31");
    expect(clock.weekday()).toBe(4);
  });

  it("places a school wall time on the right instant, across daylight-saving changes too", () => {
    expect(schoolInstant(caracas, "2026-03-01", "08:00").toISOString()).toBe("2026-03-01T12:00:00.000Z");
    expect(schoolInstant("UTC", "2026-03-01", "08:00").toISOString()).toBe("2026-03-01T08:00:00.000Z");
    // Madrid: +01:00 in winter, +02:00 from 29 March 2026.
    expect(schoolInstant("Europe/Madrid", "2026-01-15", "23:30").toISOString()).toBe(
      "2026-01-15T22:30:00.000Z",
    );
    expect(schoolInstant("Europe/Madrid", "2026-07-15", "00:30").toISOString()).toBe(
      "2026-07-14T22:30:00.000Z",
    );
    // Santiago de Chile: -03:00 in its summer (January), -04:00 in winter (July).
    expect(schoolInstant("America/Santiago", "2026-01-10", "12:00").toISOString()).toBe(
      "2026-01-10T15:00:00.000Z",
    );
    expect(schoolInstant("America/Santiago", "2026-07-10", "12:00").toISOString()).toBe(
      "2026-07-10T16:00:00.000Z",
    );
    expect(() => schoolInstant(caracas, "2026-13-45")).toThrow(/invalid/);
  });

  it("gives an instant's date in a zone", () => {
    const instant = new Date("2026-11-23T02:00:00Z");
    expect(dateIn(caracas, instant)).toBe("2026-11-22");
    expect(dateIn("UTC", instant)).toBe("2026-11-23");
  });

  it("the system clock follows the machine", () => {
    const clock = new SystemClock("UTC");
    const before = Date.now();
    const now = clock.now().getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(clock.today()).toBe(dateIn("UTC", clock.now()));
  });
});
