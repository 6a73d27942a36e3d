import { describe, expect, it } from "vitest";
import { addMonths, eventsInMonth, eventsOnDay, monthRange, monthStart, spanPart } from "./events";

const carnival = { id: 1, title: "Carnaval", start: "2031-02-24", end: "2031-02-25" };
const fair = { id: 2, title: "Feria", start: "2031-02-28", end: "2031-03-02" };
const may = { id: 3, title: "Día del Trabajador", start: "2031-05-01", end: "2031-05-01" };

describe("month calendar logic", () => {
  it("finds a month's first and last day, across years and leap years", () => {
    expect(monthRange("2031-02-01")).toEqual({ from: "2031-02-01", to: "2031-02-28" });
    expect(monthRange("2032-02-01")).toEqual({ from: "2032-02-01", to: "2032-02-29" });
    expect(monthRange("2031-12-01")).toEqual({ from: "2031-12-01", to: "2031-12-31" });
    expect(monthStart("2031-03-17")).toBe("2031-03-01");
    expect(addMonths("2031-12-01", 1)).toBe("2032-01-01");
    expect(addMonths("2031-01-01", -1)).toBe("2030-12-01");
  });

  it("puts an event on every day it spans, and only those", () => {
    const events = [may, fair, carnival];
    expect(eventsOnDay(events, "2031-02-24").map((e) => e.title)).toEqual(["Carnaval"]);
    expect(eventsOnDay(events, "2031-02-25").map((e) => e.title)).toEqual(["Carnaval"]);
    expect(eventsOnDay(events, "2031-02-26")).toEqual([]);
    expect(eventsOnDay(events, "2031-03-01").map((e) => e.title)).toEqual(["Feria"]);
    expect(spanPart(fair, "2031-02-28")).toBe("start");
    expect(spanPart(fair, "2031-03-01")).toBe("middle");
    expect(spanPart(fair, "2031-03-02")).toBe("end");
    expect(spanPart(may, "2031-05-01")).toBe("single");
  });

  it("lists the events that touch a month, in date order", () => {
    const events = [may, fair, carnival];
    expect(eventsInMonth(events, "2031-02-01").map((e) => e.title)).toEqual(["Carnaval", "Feria"]);
    expect(eventsInMonth(events, "2031-03-01").map((e) => e.title)).toEqual(["Feria"]);
    expect(eventsInMonth(events, "2031-04-01")).toEqual([]);
  });
});
