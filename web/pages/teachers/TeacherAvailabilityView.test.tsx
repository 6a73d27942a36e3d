import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { TeacherUnavailability } from "../../api/teacher-unavailability";
import type { Teacher } from "../../api/teachers";
import { onPhoneScreen } from "../../components/phone-screen.testing";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";

// The area's pages load lazily; the first, cold import is slow on a busy machine: warm it once.
beforeAll(async () => {
  await import("./index");
}, 60_000);

beforeEach(() => resetAppState());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const teacher: Teacher = {
  id: 4,
  user_id: 104,
  first_name: "Ana",
  last_name: "Pérez",
  identity_document: "V-10000004",
  email: "ana@colegio.test",
  enabled: true,
  is_coordinator: false,
  specialization_id: null,
  profile_picture: null,
  courses_count: 0,
  gender: "female",
  birth_date: null,
  phone: null,
  address: null,
  confirmed: true,
  specialization: null,
  specializations: [],
  supervised_teachers: [],
  supervisors: [],
  lessons_count: 0,
};

const week: TeacherUnavailability = {
  slots: [{ day: 2, class_hour_id: 11 }],
  class_hours: [
    { id: 10, start_time: "07:00", end_time: "07:45" },
    { id: 11, start_time: "07:45", end_time: "08:30" },
  ],
};

/** The teacher, their unavailability, and the PUT answering what it was sent. */
function serve() {
  return mockFetch((url, init) => {
    if (url === "/api/teachers/4") return jsonResponse(200, { data: teacher });
    if (url === "/api/teachers/4/unavailability") {
      if (init.method === "PUT") {
        const body = JSON.parse(String(init.body)) as { slots: TeacherUnavailability["slots"] };
        return jsonResponse(200, { data: { ...week, slots: body.slots } });
      }
      return jsonResponse(200, { data: week });
    }
    return undefined;
  });
}

const puts = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url, init]) => init?.method === "PUT" && String(url).endsWith("/unavailability"));

describe("teacher availability", () => {
  it("lets the admin toggle slots and saves the whole set with PUT", async () => {
    loginAs(Role.admin);
    const fetch = serve();
    const user = userEvent.setup();
    renderApp("/teachers/4/availability");
    const grid = await screen.findByRole("table", { name: "Disponibilidad semanal de Ana Pérez" });
    expect(screen.getByRole("tab", { name: "Disponibilidad", selected: true })).toBeInTheDocument();

    const tuesday = within(grid).getByRole("button", { name: "Martes 07:45–08:30: no disponible" });
    expect(tuesday).toHaveAttribute("aria-pressed", "true");
    const monday = within(grid).getByRole("button", { name: "Lunes 07:00–07:45: no disponible" });
    expect(monday).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText("1 hora no disponible en la semana.")).toBeInTheDocument();
    const save = screen.getByRole("button", { name: "Guardar" });
    expect(save).toBeDisabled();

    await user.click(monday);
    expect(monday).toHaveAttribute("aria-pressed", "true");
    await user.click(within(grid).getByRole("button", { name: "Sábado 07:00–07:45: no disponible" }));
    await user.click(tuesday);
    expect(tuesday).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByText("2 horas no disponibles en la semana.")).toBeInTheDocument();

    await user.click(save);
    await waitFor(() => expect(puts(fetch)).toHaveLength(1));
    const body = JSON.parse(String(puts(fetch)[0]![1]!.body)) as { slots: unknown[] };
    expect(body.slots).toHaveLength(2);
    expect(body.slots).toEqual(
      expect.arrayContaining([
        { day: 1, class_hour_id: 10 },
        { day: 6, class_hour_id: 10 },
      ]),
    );
    await waitFor(() =>
      expect(shownNotifications().map((n) => n.message)).toContain("Disponibilidad guardada."),
    );
    expect(save).toBeDisabled();
  });

  it("undoes unsaved changes", async () => {
    loginAs(Role.admin);
    serve();
    const user = userEvent.setup();
    renderApp("/teachers/4/availability");
    const monday = await screen.findByRole("button", { name: "Lunes 07:00–07:45: no disponible" });
    await user.click(monday);
    await user.click(screen.getByRole("button", { name: "Deshacer cambios" }));
    expect(monday).toHaveAttribute("aria-pressed", "false");
    expect(screen.getByRole("button", { name: "Guardar" })).toBeDisabled();
  });

  it("is read-only for a low admin", async () => {
    loginAs(Role.lowAdmin);
    const fetch = serve();
    renderApp("/teachers/4/availability");
    const grid = await screen.findByRole("table", { name: "Disponibilidad semanal de Ana Pérez" });
    expect(within(grid).queryAllByRole("button")).toHaveLength(0);
    const tuesdayRow = within(grid).getAllByRole("row")[2]!;
    expect(within(tuesdayRow).getAllByRole("cell")[1]).toHaveTextContent("No disponible");
    expect(screen.queryByRole("button", { name: "Guardar" })).toBeNull();
    expect(screen.getByText(/Solo el administrador las cambia/)).toBeInTheDocument();
    expect(puts(fetch)).toHaveLength(0);
  });

  it("shows one day at a time on a phone", async () => {
    onPhoneScreen();
    loginAs(Role.admin);
    serve();
    const user = userEvent.setup();
    renderApp("/teachers/4/availability");
    expect(
      await screen.findByRole("button", { name: "Lunes 07:00–07:45: no disponible" }),
    ).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: /^Martes/ })).toBeNull();
    await user.click(screen.getByRole("tab", { name: "Martes" }));
    expect(screen.getByRole("button", { name: "Martes 07:45–08:30: no disponible" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
  });
});
