import { DatesProvider } from "@mantine/dates";
import { fireEvent, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithProviders } from "../test-utils";
import { MonthCalendar } from "./MonthCalendar";

const events = [
  { id: 1, title: "Carnaval", start: "2031-02-24", end: "2031-02-25", color: "#e8590c" },
  { id: 2, title: "Feria científica", start: "2031-02-28", end: "2031-03-02" },
  { id: 3, title: "Día del Trabajador", start: "2031-05-01", end: "2031-05-01" },
];

function Harness({ initial, onMonth }: { initial: string; onMonth?: (m: string) => void }) {
  const [month, setMonth] = useState(initial);
  return (
    <DatesProvider settings={{ locale: "es" }}>
      <MonthCalendar
        month={month}
        onMonthChange={(m) => {
          onMonth?.(m);
          setMonth(m);
        }}
        events={events}
        label="Calendario de prueba"
      />
    </DatesProvider>
  );
}

const dayButton = (name: RegExp) => screen.getByRole("button", { name });

afterEach(() => vi.useRealTimers());

describe("MonthCalendar", () => {
  it("shows the month and weekdays in Spanish and the month's events", () => {
    renderWithProviders(<Harness initial="2031-02-01" />);
    const region = screen.getByRole("region", { name: "Calendario de prueba" });
    expect(within(region).getByText(/febrero 2031/i)).toBeInTheDocument();
    expect(within(region).getByText(/^lu$/i)).toBeInTheDocument();
    expect(within(region).getByText(/^do$/i)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Eventos del mes" })).toBeInTheDocument();
    const items = within(region)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(items).toEqual([expect.stringContaining("Carnaval"), expect.stringContaining("Feria científica")]);
    expect(items[0]).toContain("24 feb");
    expect(items[0]).toContain("25 feb");
  });

  it("names every spanned day with its events, and no other day", () => {
    renderWithProviders(<Harness initial="2031-02-01" />);
    expect(dayButton(/^lunes, 24 de febrero de 2031: Carnaval$/)).toHaveAttribute("data-has-events");
    expect(dayButton(/^martes, 25 de febrero de 2031: Carnaval$/)).toHaveAttribute("data-has-events");
    expect(dayButton(/^miércoles, 26 de febrero de 2031$/)).not.toHaveAttribute("data-has-events");
    // The fair runs into March: its first day carries the band's start.
    const fair = dayButton(/^viernes, 28 de febrero de 2031: Feria científica$/);
    expect(fair.querySelector('[data-span="start"]')).not.toBeNull();
  });

  it("moves to the next and previous month, and lists that month's events", () => {
    const onMonth = vi.fn();
    renderWithProviders(<Harness initial="2031-02-01" onMonth={onMonth} />);
    fireEvent.click(screen.getByRole("button", { name: "Mes siguiente" }));
    expect(onMonth).toHaveBeenLastCalledWith("2031-03-01");
    expect(screen.getByText(/marzo 2031/i)).toBeInTheDocument();
    expect(dayButton(/^domingo, 2 de marzo de 2031: Feria científica$/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Mes siguiente" }));
    expect(screen.getByText("No hay eventos este mes.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Mes anterior" }));
    fireEvent.click(screen.getByRole("button", { name: "Mes anterior" }));
    expect(onMonth).toHaveBeenLastCalledWith("2031-02-01");
  });

  it("lists a chosen day's events and goes back to the month on a second click", () => {
    renderWithProviders(<Harness initial="2031-02-01" />);
    fireEvent.click(dayButton(/^martes, 25 de febrero de 2031/));
    expect(screen.getByRole("heading", { name: "martes, 25 de febrero de 2031" })).toBeInTheDocument();
    expect(screen.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      expect.stringContaining("Carnaval"),
    ]);
    fireEvent.click(dayButton(/^jueves, 27 de febrero de 2031/));
    expect(screen.getByText("No hay eventos este día.")).toBeInTheDocument();
    fireEvent.click(dayButton(/^jueves, 27 de febrero de 2031/));
    expect(screen.getByRole("heading", { name: "Eventos del mes" })).toBeInTheDocument();
  });

  it("marks today, the device's day (late on New Year's Eve: still the 31st)", () => {
    // A local time: the same calendar day in any time zone the tests run in.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2031, 11, 31, 23, 30));
    renderWithProviders(<Harness initial="2031-12-01" />);
    const marked = screen.getAllByRole("button").filter((b) => b.getAttribute("data-today") !== null);
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveAccessibleName(/^miércoles, 31 de diciembre de 2031.*hoy/);
    expect(marked[0]).toHaveTextContent("31");
  });
});
