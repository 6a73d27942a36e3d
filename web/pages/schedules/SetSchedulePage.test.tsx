import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { GridSlot } from "../../../common/schemas/schedules";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const classHours = [
  { id: 100, start_time: "07:00", end_time: "07:45" },
  { id: 101, start_time: "13:00", end_time: "13:45" },
];

const occupied: GridSlot = {
  day: 1,
  class_hour_id: 100,
  schedule_id: 9,
  course_section_id: 50,
  course: { id: 5, code: "MAT-1", title: "Matemática I" },
  section: { id: 3, code: "3B" },
  classroom: { id: 12, code: "A-12", multiple_sections: false },
  teachers: [{ id: 7, name: "Luis Gómez" }],
};

const courseSection = {
  course_section: {
    id: 10,
    course: { id: 6, code: "FIS-1", title: "Física I" },
    section: { id: 1, code: "1A", letter_code: "A", shift: "morning", period_id: 4 },
    teachers: [{ id: 8, name: "Ana Pérez" }],
  },
  schedules: [],
};

/** Ana Pérez (teacher 8) cannot teach on Tuesdays at 13:00 (issue 28). */
const unavailability = { slots: [{ day: 2, class_hour_id: 101 }], class_hours: classHours };

function api(bulk: (body: unknown) => Response) {
  return mockFetch((url, init) => {
    if (url === "/api/sections/1/courses/6/schedules") return jsonResponse(200, { data: courseSection });
    if (url === "/api/teachers/8/unavailability") return jsonResponse(200, { data: unavailability });
    if (url.startsWith("/api/schedules/grid?period_id=4"))
      return jsonResponse(200, { data: { period_id: 4, class_hours: classHours, slots: [occupied] } });
    if (url.startsWith("/api/classrooms?"))
      return jsonResponse(200, {
        data: [
          { id: 12, code: "A-12", enabled: true, multiple_sections: false },
          { id: 13, code: "B-1", enabled: true, multiple_sections: false },
        ],
        meta: { total: 2, per_page: 2, current_page: 1, last_page: 1 },
      });
    if (url === "/api/schedules/bulk-store" && init.method === "POST")
      return bulk(JSON.parse(String(init.body)));
    return undefined;
  });
}

describe("set-schedule page", () => {
  it("marks a clash with its reason before saving, and saves once it is fixed", {
    timeout: 90_000,
  }, async () => {
    loginAs(Role.admin);
    const bodies: unknown[] = [];
    api((body) => {
      bodies.push(body);
      return jsonResponse(200, { data: [] });
    });
    const user = userEvent.setup();
    renderApp("/sections/1/courses/6/set-shcedule");
    // The lazily loaded page may take long on a busy machine.
    expect(
      await screen.findByRole("heading", { name: "Definir horario: Física I" }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Aula" }));
    await user.click(await screen.findByRole("option", { name: "A-12" }));
    await user.click(await screen.findByRole("checkbox", { name: "07:00 – 07:45" }));
    const entry = screen.getByTestId("schedule-entry");
    expect(
      await within(entry).findByText(/Lunes 07:00: Aula A-12 ocupada por 3B — Matemática I/),
    ).toBeInTheDocument();
    expect(screen.getByText("Hay choques de horario")).toBeInTheDocument();
    // The week shows the draft as a clash.
    const cell = screen.getByTestId("weekly-grid").querySelector('[data-slot="1:100"]')!;
    expect(cell.querySelector('[data-tone="clash"]')).not.toBeNull();

    await user.click(screen.getByRole("combobox", { name: "Aula" }));
    await user.click(await screen.findByRole("option", { name: "B-1" }));
    await waitFor(() => expect(screen.queryByTestId("clash")).not.toBeInTheDocument());
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      course_section_id: 10,
      schedules: [{ day: 1, classroom_id: 13, class_hours_ids: [100] }],
    });
  });

  it("shows the server's refusal in place", { timeout: 90_000 }, async () => {
    loginAs(Role.admin);
    api(() =>
      jsonResponse(400, {
        message: "combination_of_day_classroom_class_hour_exists",
        description: "El aula ya está ocupada ese día en esa hora.",
      }),
    );
    const user = userEvent.setup();
    renderApp("/sections/1/courses/6/set-shcedule");
    await user.click(await screen.findByRole("combobox", { name: "Aula" }, { timeout: 30_000 }));
    await user.click(await screen.findByRole("option", { name: "B-1" }));
    await user.click(await screen.findByRole("checkbox", { name: "13:00 – 13:45" }));
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No se guardó el horario");
    expect(alert).toHaveTextContent("El aula ya está ocupada ese día en esa hora.");
  });

  it("warns where a teacher of the course is unavailable, and saves it all the same", {
    timeout: 90_000,
  }, async () => {
    loginAs(Role.admin);
    const bodies: unknown[] = [];
    api((body) => {
      bodies.push(body);
      return jsonResponse(200, { data: [] });
    });
    const user = userEvent.setup();
    renderApp("/sections/1/courses/6/set-shcedule");
    await user.click(await screen.findByRole("combobox", { name: "Aula" }, { timeout: 30_000 }));
    await user.click(await screen.findByRole("option", { name: "B-1" }));
    await user.click(await screen.findByRole("checkbox", { name: "13:00 – 13:45" }));
    // Monday: the teacher can teach then.
    expect(screen.queryByTestId("unavailable")).not.toBeInTheDocument();

    await user.click(screen.getByRole("combobox", { name: "Día" }));
    await user.click(await screen.findByRole("option", { name: "Martes" }));
    const entry = screen.getByTestId("schedule-entry");
    expect(
      await within(entry).findByText("Martes 13:00: Prof. Ana Pérez no está disponible a esa hora"),
    ).toBeInTheDocument();
    expect(screen.getByText("Profesor no disponible")).toBeInTheDocument();
    // A warning, not a clash: nothing would be refused.
    expect(screen.queryByTestId("clash")).not.toBeInTheDocument();
    expect(screen.queryByText("Hay choques de horario")).not.toBeInTheDocument();
    const cell = screen.getByTestId("weekly-grid").querySelector('[data-slot="2:101"]')!;
    expect(cell).toHaveTextContent("Prof. Ana Pérez no está disponible a esa hora");

    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      course_section_id: 10,
      schedules: [{ day: 2, classroom_id: 13, class_hours_ids: [101] }],
    });
  });
});
