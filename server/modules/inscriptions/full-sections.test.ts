import { describe, expect, it } from "vitest";
import { forgetFullSections, refuseKnownFull, rememberSeats, remembersFull } from "./full-sections.js";
import type { SectionSeats } from "./seats.js";

const seats = (males: number, females: number): SectionSeats => ({
  section: { id: 7, code: "1A", periodId: 1, semesterId: 1 },
  malesLimit: 15,
  femalesLimit: 15,
  males,
  females,
});

const at = (sectionId: number) => ({ sectionId, semesterId: 1, periodId: null });

const refusalOf = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (error) {
    return error as { message?: string; description?: string };
  }
};

describe("the memory of full sections", () => {
  it("refuses a gender seen full within the last second, and nothing else", () => {
    const db = {};
    rememberSeats(db, seats(3, 15), 1_000);
    expect(refusalOf(() => refuseKnownFull(db, at(7), "female", 1_500))?.description).toBe(
      "La sección 1A no tiene cupos para hembras: 15 de 15 ocupados.",
    );
    expect(refusalOf(() => refuseKnownFull(db, at(7), "male", 1_500))).toBeNull();
    // Gender not known yet: only a section full for both is refused.
    expect(refusalOf(() => refuseKnownFull(db, at(7), null, 1_500))).toBeNull();
    expect(refusalOf(() => refuseKnownFull(db, at(8), "female", 1_500))).toBeNull();
    // More than a second later the database is asked again.
    expect(refusalOf(() => refuseKnownFull(db, at(7), "female", 2_001))).toBeNull();
  });

  it("says whether a section was seen full for either gender within the last second", () => {
    const db = {};
    expect(remembersFull(db, 7, 1_000)).toBe(false);
    rememberSeats(db, seats(3, 14), 1_000);
    expect(remembersFull(db, 7, 1_000)).toBe(false);
    rememberSeats(db, seats(15, 2), 1_000);
    expect(remembersFull(db, 7, 1_900)).toBe(true);
    expect(remembersFull(db, 8, 1_900)).toBe(false);
    expect(remembersFull(db, 7, 2_001)).toBe(false);
  });

  it("refuses both genders when both are full, and forgets on a seat-freeing change or a fresh count", () => {
    const db = {};
    rememberSeats(db, seats(15, 15), 1_000);
    expect(refusalOf(() => refuseKnownFull(db, at(7), null, 1_100))?.description).toBe(
      "La sección 1A no tiene cupos: 15 de 15 varones y 15 de 15 hembras ocupados.",
    );
    forgetFullSections(db);
    expect(refusalOf(() => refuseKnownFull(db, at(7), null, 1_100))).toBeNull();
    // A snapshot with a free seat does not see the seats being taken right now: it forgets nothing.
    rememberSeats(db, seats(15, 15), 1_000);
    rememberSeats(db, { ...seats(14, 14) }, 1_050);
    expect(refusalOf(() => refuseKnownFull(db, at(7), "male", 1_100))).not.toBeNull();
  });

  it("leaves a request naming another semester or period to the checks that say so", () => {
    const db = {};
    rememberSeats(db, seats(15, 15), 1_000);
    expect(
      refusalOf(() => refuseKnownFull(db, { sectionId: 7, semesterId: 2, periodId: null }, null, 1_100)),
    ).toBeNull();
    expect(
      refusalOf(() => refuseKnownFull(db, { sectionId: 7, semesterId: 1, periodId: 3 }, null, 1_100)),
    ).toBeNull();
    expect(
      refusalOf(() => refuseKnownFull(db, { sectionId: 7, semesterId: 1, periodId: 1 }, null, 1_100)),
    ).not.toBeNull();
  });

  it("keeps one memory per database", () => {
    const a = {};
    const b = {};
    rememberSeats(a, seats(15, 15), 1_000);
    expect(refusalOf(() => refuseKnownFull(b, at(7), null, 1_100))).toBeNull();
  });
});
