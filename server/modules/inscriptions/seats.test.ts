import { describe, expect, it } from "vitest";
import { freeSeats, fullSectionDescription, type SectionSeats } from "./seats.js";

const seats = (over: Partial<SectionSeats> = {}): SectionSeats => ({
  section: { id: 1, code: "INF1A", periodId: 1, semesterId: 1 },
  malesLimit: 15,
  femalesLimit: 15,
  males: 15,
  females: 3,
  ...over,
});

describe("seats of a section", () => {
  it("counts the free seats of each gender, never below zero", () => {
    expect(freeSeats(seats(), "female")).toBe(12);
    expect(freeSeats(seats(), "male")).toBe(0);
    expect(freeSeats(seats({ males: 16 }), "male")).toBe(0);
  });

  it("explains in Spanish which section is full for which gender", () => {
    expect(fullSectionDescription(seats(), "male")).toBe(
      "La sección INF1A no tiene cupos para varones: 15 de 15 ocupados.",
    );
    expect(fullSectionDescription(seats({ femalesLimit: 0, females: 0 }), "female")).toBe(
      "La sección INF1A no admite hembras (0 cupos).",
    );
  });
});
