import { screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import { slotKey } from "../../../common/schedule/clashes";
import type { WeeklyGrid } from "../../../common/schemas/schedules";
import { onPhoneScreen } from "../../components/phone-screen.testing";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";
import { dayBlocks } from "./DayView";

// The page loads lazily; the first, cold import is slow on a busy machine: warm it once.
beforeAll(async () => {
  await import("./index");
}, 60_000);

beforeEach(() => resetAppState());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const grid: WeeklyGrid = {
  period_id: 3,
  class_hours: [
    { id: 1, start_time: "07:00", end_time: "07:45" },
    { id: 2, start_time: "07:45", end_time: "08:30" },
    { id: 3, start_time: "13:00", end_time: "13:45" },
  ],
  slots: [
    {
      day: 3,
      class_hour_id: 1,
      schedule_id: 11,
      course_section_id: 5,
      course: { id: 2, code: "PRO-101", title: "Programación I" },
      section: { id: 4, code: "INF-S1A" },
      classroom: { id: 7, code: "LAB-1", multiple_sections: false },
      teachers: [{ id: 9, name: "Ana María Pérez" }],
    },
    {
      day: 1,
      class_hour_id: 2,
      schedule_id: 12,
      course_section_id: 6,
      course: { id: 3, code: "MAT-101", title: "Matemática I" },
      section: { id: 4, code: "INF-S1A" },
      classroom: { id: 8, code: "A-101", multiple_sections: false },
      teachers: [{ id: 9, name: "Ana María Pérez" }],
    },
  ],
};

/** Fakes only the clock (queries and timers stay real). */
function at(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

const columnHeaders = () => within(screen.getByTestId("weekly-grid")).getAllByRole("columnheader");

describe("/profile/schedule (Mi horario)", () => {
  it("shows a teacher's own week with today's column marked in the school's time zone", async () => {
    // Thursday 02:00 UTC is still Wednesday 22:00 in Caracas.
    at("2026-11-26T02:00:00Z");
    loginAs(Role.teacher);
    const fetch = mockFetch((url) =>
      url === "/api/profile/schedules" ? jsonResponse(200, { data: grid }) : undefined,
    );
    renderApp("/profile/schedule");
    expect(await screen.findByRole("heading", { name: "Mi horario" })).toBeInTheDocument();
    expect(await screen.findByText("INF-S1A — Programación I")).toBeInTheDocument();
    expect(screen.getAllByText("Aula LAB-1").length).toBeGreaterThan(0);
    expect(screen.getByText("Hoy es miércoles: su columna está resaltada.")).toBeInTheDocument();
    const today = columnHeaders().filter((h) => h.getAttribute("aria-current") === "date");
    expect(today).toHaveLength(1);
    expect(today[0]).toHaveTextContent("MiércolesHoy");
    // Compact: only the class hours with a class (the 13:00 hour is left out).
    expect(screen.queryByText("13:00")).toBeNull();
    expect(fetch.mock.calls.filter(([url]) => url === "/api/profile/schedules")).toHaveLength(1);
  });

  it("shows a student their courses with the section, and marks Monday on a Monday", async () => {
    at("2026-11-23T15:00:00Z");
    loginAs(Role.student);
    mockFetch((url) => (url === "/api/profile/schedules" ? jsonResponse(200, { data: grid }) : undefined));
    renderApp("/profile/schedule");
    expect(await screen.findByText("Matemática I")).toBeInTheDocument();
    expect(screen.queryByText("INF-S1A — Matemática I")).toBeNull();
    expect(screen.getAllByText("INF-S1A").length).toBe(2);
    const today = columnHeaders().filter((h) => h.getAttribute("aria-current") === "date");
    expect(today.map((h) => h.textContent)).toEqual(["LunesHoy"]);
  });

  it("says so when the person has no classes, and when the schedule cannot be loaded", async () => {
    loginAs(Role.coordinator);
    mockFetch((url) =>
      url === "/api/profile/schedules" ? jsonResponse(200, { data: { ...grid, slots: [] } }) : undefined,
    );
    const first = renderApp("/profile/schedule");
    expect(await screen.findByText("No tiene clases en el período activo.")).toBeInTheDocument();
    first.unmount();
    mockFetch((url) =>
      url === "/api/profile/schedules" ? jsonResponse(403, { message: "forbidden" }) : undefined,
    );
    renderApp("/profile/schedule");
    expect(await screen.findByText("No se pudo cargar el horario.")).toBeInTheDocument();
  });

  describe("on a phone", () => {
    beforeEach(() => {
      onPhoneScreen();
    });
    afterEach(() => vi.restoreAllMocks());

    it("shows today's classes first, the other days one tap away", async () => {
      // Thursday 02:00 UTC is still Wednesday 22:00 at the school.
      at("2026-11-26T02:00:00Z");
      loginAs(Role.student);
      mockFetch((url) => (url === "/api/profile/schedules" ? jsonResponse(200, { data: grid }) : undefined));
      const user = userEvent.setup();
      renderApp("/profile/schedule");
      const today = await screen.findByRole("tab", { name: "Miércoles, Hoy" });
      expect(today).toHaveAttribute("aria-selected", "true");
      expect(screen.queryByTestId("weekly-grid")).toBeNull();
      const day = screen.getByTestId("day-view");
      expect(day).toHaveTextContent("07:00 – 07:45");
      expect(within(day).getByText("Programación I")).toBeInTheDocument();
      expect(within(day).getByText("Aula LAB-1")).toBeInTheDocument();
      expect(screen.queryByText("Matemática I")).toBeNull();

      vi.useRealTimers();
      await user.click(screen.getByRole("tab", { name: "Lunes" }));
      expect(within(screen.getByTestId("day-view")).getByText("Matemática I")).toBeInTheDocument();
      expect(screen.queryByText("Programación I")).toBeNull();
      await user.click(screen.getByRole("tab", { name: "Martes" }));
      expect(screen.getByTestId("day-view")).toHaveTextContent("Martes: sin clases.");
    });

    it("shows Monday on a Sunday, and says why", async () => {
      at("2026-11-29T15:00:00Z");
      loginAs(Role.teacher);
      mockFetch((url) => (url === "/api/profile/schedules" ? jsonResponse(200, { data: grid }) : undefined));
      renderApp("/profile/schedule");
      expect(await screen.findByText("Los domingos no hay clases: se muestra el lunes.")).toBeInTheDocument();
      expect(screen.getByRole("tab", { name: "Lunes" })).toHaveAttribute("aria-selected", "true");
      expect(within(screen.getByTestId("day-view")).getByText("INF-S1A — Matemática I")).toBeInTheDocument();
    });
  });

  it("joins consecutive hours of one class into one block", () => {
    const item = { key: "1", title: "Física", lines: ["Aula B"] };
    const items = new Map([
      [slotKey(2, 1), [item]],
      [slotKey(2, 2), [{ ...item, key: "2" }]],
      [slotKey(2, 3), [item]],
    ]);
    expect(dayBlocks(2, grid.class_hours, items).map((b) => [b.start, b.end, b.item.title])).toEqual([
      ["07:00", "08:30", "Física"],
      ["13:00", "13:45", "Física"],
    ]);
  });
});

describe("DayView without a today (a proposal's week, not a calendar's)", () => {
  it("marks no day as today and says nothing about Sundays", async () => {
    const { DayView } = await import("./DayView");
    const { renderWithProviders } = await import("../../test/render");
    renderWithProviders(<DayView classHours={grid.class_hours} items={new Map()} />);
    const tabs = screen.getAllByRole("tab");
    expect(tabs[0]).toHaveAttribute("aria-selected", "true");
    for (const tab of tabs) expect(tab).not.toHaveAttribute("aria-current");
    expect(screen.queryByText("Hoy")).not.toBeInTheDocument();
    expect(screen.queryByText(/domingos/)).not.toBeInTheDocument();
  });
});
