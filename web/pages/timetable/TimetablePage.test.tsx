import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { TimetableRun } from "../../../common/schemas/timetable-runs";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const period = { id: 4, name: "2026-2", year: 2026, number: 2, enabled: true, state: "current" };
const sections = [
  { id: 1, code: "1A" },
  { id: 2, code: "2A" },
];

const running: TimetableRun = {
  id: 9,
  period_id: 4,
  status: "running",
  section_ids: [1, 2],
  rebuild: true,
  seconds: 60,
  started_at: "2026-11-25T14:00:00.000Z",
  finished_at: null,
  applied_at: null,
  progress: { elapsed_ms: 12_000, hard: 3, soft: 40, phase: "repair" },
  proposal: null,
  warnings: [],
  error: null,
};

const done: TimetableRun = {
  ...running,
  status: "done",
  finished_at: "2026-11-25T14:01:00.000Z",
  progress: { elapsed_ms: 60_000, hard: 0, soft: 8, phase: "done" },
  warnings: [
    "Ninguna aula habilitada tiene capacidad para los 45 estudiantes de Física (2A): la más grande admite 40.",
  ],
  proposal: {
    lectures: [
      { course_section_id: 11, classroom_id: 5, day: 1, class_hour_id: 100, fixed: false },
      { course_section_id: 11, classroom_id: 5, day: 1, class_hour_id: 101, fixed: false },
      { course_section_id: 21, classroom_id: 6, day: 2, class_hour_id: 100, fixed: false },
    ],
    evaluation: {
      hard: { unplaced: 0, conflicts: 0, room_occupancy: 0, availability: 0, total: 0 },
      soft: {
        room_capacity: 5,
        min_working_days: 0,
        curriculum_compactness: 2,
        room_stability: 0,
        pairs: 1,
        holes: 0,
        total: 8,
      },
    },
    unplaced: [],
    context: {
      class_hours: [
        { id: 100, start_time: "07:00", end_time: "07:45" },
        { id: 101, start_time: "07:45", end_time: "08:30" },
      ],
      classrooms: [
        { id: 5, code: "A-101", max_capacity: 35 },
        { id: 6, code: "LAB-1", max_capacity: 40 },
      ],
      sections,
      course_sections: [
        { id: 11, section_id: 1, title: "Matemática I", teacher_ids: [7], students: 20 },
        { id: 21, section_id: 2, title: "Física", teacher_ids: [8], students: 45 },
      ],
      teachers: [
        { id: 7, name: "Pedro Pérez" },
        { id: 8, name: "Ana Ruiz" },
      ],
    },
  },
};

type Handler = (url: string, init: RequestInit) => Response | undefined;

function api(extra: Handler) {
  return mockFetch((url, init) => {
    const answer = extra(url, init);
    if (answer) return answer;
    if (url === "/api/periods/4") return jsonResponse(200, { data: period });
    if (url.startsWith("/api/sections?"))
      return jsonResponse(200, {
        data: sections,
        meta: { total: 2, per_page: 2, current_page: 1, last_page: 1 },
      });
    return undefined;
  });
}

const heading = () =>
  screen.findByRole("heading", { name: "Generar horario — período 2026-2" }, { timeout: 30_000 });

describe("Generar horario", () => {
  it("starts a rebuild of every section, shows the progress, then the proposal's cost and grids", {
    timeout: 90_000,
  }, async () => {
    loginAs(Role.admin);
    const posted: unknown[] = [];
    let polls = 0;
    api((url, init) => {
      if (url === "/api/periods/4/timetable-runs" && init.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(202, { data: running });
      }
      if (url === "/api/periods/4/timetable-runs") return jsonResponse(200, { data: [] });
      if (url === "/api/timetable-runs/9") {
        polls++;
        return jsonResponse(200, { data: polls === 1 ? running : done });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/periods/4/timetable");
    await heading();
    await user.click(screen.getByRole("switch", { name: /Reconstruir horarios existentes/ }));
    await user.click(screen.getByRole("button", { name: "Generar" }));
    // No sections chosen: every section of the period.
    expect(posted).toEqual([{ rebuild: true, seconds: 60 }]);

    const progress = await screen.findByTestId("timetable-progress");
    expect(within(progress).getByText("Tiempo: 12 s de 60 s")).toBeInTheDocument();
    expect(within(progress).getByText("3 reglas incumplidas")).toBeInTheDocument();
    expect(within(progress).getByRole("button", { name: "Detener" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Generar" })).toBeDisabled();

    // The next poll finds it done.
    const cost = await screen.findByTestId("timetable-cost", {}, { timeout: 10_000 });
    expect(screen.getByText("La propuesta no tiene choques.")).toBeInTheDocument();
    expect(
      within(cost).getByText("1 hora aislada (sin otra clase de la sección antes o después)"),
    ).toBeInTheDocument();
    expect(within(cost).getByText("1 sección en aulas pequeñas")).toBeInTheDocument();
    expect(within(cost).getByText("1 bloque de 2 horas no respetado")).toBeInTheDocument();
    expect(within(cost).getByText("0 horas sin colocar")).toBeInTheDocument();
    expect(screen.getByText(/Ninguna aula habilitada tiene capacidad/)).toBeInTheDocument();

    // Section 1A first: its math on Monday at 07:00 and 07:45 in A-101.
    const grid = screen.getByTestId("weekly-grid");
    expect(within(grid).getByText("Propuesta: 1A")).toBeInTheDocument();
    expect(within(grid).getAllByText("Matemática I")).toHaveLength(2);
    expect(within(grid).queryByText("Física")).not.toBeInTheDocument();

    // A teacher's week.
    await user.click(screen.getByRole("radio", { name: "Profesor" }));
    expect(
      await within(screen.getByTestId("weekly-grid")).findByText("Propuesta: Ana Ruiz"),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId("weekly-grid")).getByText("Física")).toBeInTheDocument();
  });

  it("lists why no clash-free timetable exists", { timeout: 90_000 }, async () => {
    loginAs(Role.admin);
    api((url, init) => {
      if (url === "/api/periods/4/timetable-runs" && init.method === "POST")
        return jsonResponse(422, {
          message: "timetable_infeasible",
          description: "No existe un horario sin choques para las secciones elegidas: …",
          reasons: [
            "El profesor Pedro Pérez tiene 40 horas de clase y solo 30 horas disponibles en la semana.",
          ],
        });
      if (url === "/api/periods/4/timetable-runs") return jsonResponse(200, { data: [] });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/periods/4/timetable");
    await heading();
    await user.click(screen.getByRole("button", { name: "Generar" }));
    const alert = await screen.findByRole("alert", { name: "No existe un horario sin choques" });
    expect(
      within(alert).getByText(
        "El profesor Pedro Pérez tiene 40 horas de clase y solo 30 horas disponibles en la semana.",
      ),
    ).toBeInTheDocument();
  });

  it("applies a proposal after confirming, shows a refusal in Spanish, then the success and a link", {
    timeout: 90_000,
  }, async () => {
    loginAs(Role.admin);
    let applyCalls = 0;
    api((url, init) => {
      // Once applied, the run is no longer one waiting on arrival: the page keeps showing it anyway.
      if (url === "/api/periods/4/timetable-runs")
        return jsonResponse(200, { data: [applyCalls > 1 ? { ...done, status: "applied" } : done] });
      if (url === "/api/timetable-runs/9")
        return jsonResponse(200, { data: applyCalls > 1 ? { ...done, status: "applied" } : done });
      if (url === "/api/timetable-runs/9/apply" && init.method === "POST") {
        applyCalls++;
        if (applyCalls === 1)
          return jsonResponse(409, {
            message: "timetable_schedules_changed",
            description:
              "Desde que se generó la propuesta cambiaron los horarios de la sección 2A. Genere el horario de nuevo.",
          });
        return jsonResponse(200, {
          data: { ...done, status: "applied", applied_at: "2026-11-25T14:02:00.000Z" },
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/periods/4/timetable");
    await heading();
    // The newest run waiting to be applied is shown on arrival.
    await user.click(await screen.findByRole("button", { name: "Aplicar" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText(
        "Se reemplazarán los horarios de las secciones elegidas por los de la propuesta. ¿Desea continuar?",
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Sí" }));
    const refused = await screen.findByRole("alert", { name: "No se pudo aplicar la propuesta" });
    expect(
      within(refused).getByText(
        "Desde que se generó la propuesta cambiaron los horarios de la sección 2A. Genere el horario de nuevo.",
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Aplicar" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Sí" }));
    const link = await screen.findByRole("link", { name: "Ver los horarios del período" });
    expect(link).toHaveAttribute("href", "/schedules?period_id=4");
    expect(screen.getByText("La propuesta se aplicó a los horarios.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Aplicar" })).not.toBeInTheDocument();
  });
});
