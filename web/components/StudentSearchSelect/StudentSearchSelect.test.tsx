import { act, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StudentOption } from "../../api/students";
import { useFakeTimersForUi } from "../../test/fake-timers";
import { flush, jsonResponse, mockFetch, renderWithProviders } from "../../test/render";
import { userEvent } from "../../test/user-event";
import { DEBOUNCE_MS } from "../CountedInput/debounce";
import { StudentSearchSelect } from "./StudentSearchSelect";

const luis = { id: 10, first_name: "Luis", last_name: "Díaz", identity_document: "V-1" };
const ana = { id: 11, first_name: "Ana", last_name: "Gómez", identity_document: "V-2" };
const meta = (total: number) => ({ current_page: 1, per_page: 10, total, last_page: 1 });

/** Answers the search with both students and `/students/10` with Luis; returns the searches sent. */
function serveStudents() {
  const fetch = mockFetch((url) => {
    if (url.startsWith("/api/students?")) return jsonResponse(200, { data: [luis, ana], meta: meta(2) });
    if (url === "/api/students/10") return jsonResponse(200, { data: luis });
  });
  const searches = () =>
    fetch.mock.calls
      .map(([u]) => String(u))
      .filter((u) => u.startsWith("/api/students?"))
      .map((u) => Object.fromEntries(new URL(u, "http://x").searchParams));
  return { fetch, searches };
}

/** The select controlled by its parent, as a list filter kept in the address would be. */
function Controlled({ initial, spy }: { initial: number | null; spy: (s: StudentOption | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <StudentSearchSelect
      value={value}
      clearButtonProps={{ "aria-label": "Quitar", "aria-hidden": false, tabIndex: 0 }}
      onChange={(s) => {
        spy(s);
        setValue(s?.id ?? null);
      }}
    />
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("StudentSearchSelect", () => {
  it("searches the server once the typing stops, from two letters, and gives the chosen student", async () => {
    const user = userEvent.setup();
    const { searches } = serveStudents();
    const onChange = vi.fn();
    renderWithProviders(<StudentSearchSelect onChange={onChange} />);
    const box = screen.getByRole("combobox", { name: "Estudiante" });
    expect(box).toHaveAttribute("placeholder", "Nombre, apellido, cédula o correo");

    await user.type(box, "d");
    expect(await screen.findByText("Escriba al menos dos letras para buscar.")).toBeInTheDocument();
    await user.type(box, "ía");
    expect(await screen.findByRole("option", { name: "Gómez, Ana — V-2" })).toBeInTheDocument();
    // One request for "día", none for "d" or "dí" on the way (debounced), the first ten by surname.
    expect(searches()).toEqual([{ search: "día", limit: "10", sort_by: "last_name,asc" }]);

    // The chosen student's name in the box is not searched for, even once the debounce has long passed
    // (the clock is faked from the choice on: its debounce timer is one of ours).
    useFakeTimersForUi();
    await user.click(screen.getByRole("option", { name: "Díaz, Luis — V-1" }));
    expect(onChange).toHaveBeenLastCalledWith(luis);
    expect(box).toHaveValue("Díaz, Luis — V-1");
    await act(() => vi.advanceTimersByTimeAsync(DEBOUNCE_MS * 3));
    expect(searches()).toHaveLength(1);
  });

  it("shows the name of a student chosen from outside, and clears", async () => {
    const user = userEvent.setup();
    const { searches } = serveStudents();
    const spy = vi.fn();
    renderWithProviders(<Controlled initial={10} spy={spy} />);
    const box = screen.getByRole("combobox", { name: "Estudiante" });
    // Only the id is known: the student is fetched for the label.
    await waitFor(() => expect(box).toHaveValue("Díaz, Luis — V-1"));

    await user.click(screen.getByRole("button", { name: "Quitar" }));
    expect(spy).toHaveBeenLastCalledWith(null);
    expect(box).toHaveValue("");
    await flush();
    expect(searches()).toEqual([]);
  });

  it("says so when nothing matches, in the caller's words when given", async () => {
    const user = userEvent.setup();
    mockFetch((url) => {
      if (url.startsWith("/api/students?")) return jsonResponse(200, { data: [], meta: meta(0) });
    });
    renderWithProviders(
      <StudentSearchSelect
        label="Alumno"
        messages={{ none: "Ningún estudiante coincide", typeToSearch: "Escriba dos letras" }}
      />,
    );
    const box = screen.getByRole("combobox", { name: "Alumno" });
    await user.type(box, "x");
    expect(await screen.findByText("Escriba dos letras")).toBeInTheDocument();
    await user.type(box, "yz");
    expect(await screen.findByText("Ningún estudiante coincide")).toBeInTheDocument();
  });
});
