import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { CourseSection, Section, SectionDetail } from "../../api/sections";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const periods = [
  { id: 2, year: 2026, number: 2, enabled: false },
  { id: 1, year: 2026, number: 1, enabled: true },
];
const periodsAnswer = { data: periods, meta: { total: 2, per_page: 2, current_page: 1, last_page: 1 } };

function section(id: number, overrides: Partial<Section> = {}): Section {
  return {
    id,
    period_id: 1,
    period: { id: 1, year: 2026, number: 1 },
    semester_id: 5,
    semester: { id: 5, number: 1, code: "INF-S1" },
    specialization: { id: 3, code: "INF", title: "Informática" },
    letter_code: "A",
    code: `INF-S1${String.fromCharCode(64 + id)}`,
    title: `Sección ${id}`,
    shift: "afternoon",
    shift_name: "Tarde",
    males_limit: 15,
    females_limit: 14,
    males_count: 3,
    females_count: 4,
    courses_count: 2,
    ...overrides,
  };
}

function courseSection(id: number, teachers: CourseSection["teachers"] = []): CourseSection {
  return {
    id,
    section_id: 1,
    course_id: 100 + id,
    course: {
      id: 100 + id,
      code: `PRO-${id}`,
      title: `Programación ${id}`,
      credits: 4,
      supports_final_delivery: true,
    },
    section: { id: 1, code: "INF-S1A", letter_code: "A", period_id: 1 },
    teachers,
    males_count: 7,
    females_count: 9,
    schedules_count: 0,
  };
}

const detail = (courses: CourseSection[]): SectionDetail => ({
  ...section(1),
  courses,
  teachers: courses.flatMap((c) => c.teachers),
});

// Each test loads lazy pages and waits for several answers in turn.
vi.setConfig({ testTimeout: 60_000 });

describe("sections list", () => {
  it("lists the sections of the enabled period, with create and Exportar CSV", async () => {
    loginAs(Role.admin);
    const calls: string[] = [];
    mockFetch((url) => {
      if (url.startsWith("/api/periods?")) return jsonResponse(200, periodsAnswer);
      if (url.startsWith("/api/sections?")) {
        calls.push(url);
        return jsonResponse(200, {
          data: [section(1), section(2, { shift: "mixed", shift_name: "Mixto" })],
          meta: { total: 2, per_page: 10, current_page: 1, last_page: 1 },
        });
      }
      return undefined;
    });
    renderApp("/sections");
    // Periods first, then the list of the selected one: two round trips on a cold, busy machine.
    expect(await screen.findByText("INF-S1A", {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(new URL(calls[0]!, "http://x").searchParams.get("period_id")).toBe("1");
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/INF-S1A.*Sección 1.*Informática.*INF-S1.*Tarde.*3 \/ 15.*4 \/ 14/);
    expect(rows[1]).toHaveTextContent("Mixto");
    expect(screen.getByRole("button", { name: /Exportar CSV/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Crear sección" })).toHaveAttribute(
      "href",
      "/sections/create?period_id=1",
    );
    expect(within(rows[0]!).getByRole("link", { name: "Ver la sección INF-S1A" })).toHaveAttribute(
      "href",
      "/sections/1",
    );
  });

  it("shows a coordinator the list without create or delete", async () => {
    loginAs(Role.coordinator);
    mockFetch((url) => {
      if (url.startsWith("/api/periods?")) return jsonResponse(200, periodsAnswer);
      if (url.startsWith("/api/sections?"))
        return jsonResponse(200, {
          data: [section(1)],
          meta: { total: 1, per_page: 10, current_page: 1, last_page: 1 },
        });
      return undefined;
    });
    renderApp("/sections");
    // Periods first, then the list of the selected one: two round trips on a cold, busy machine.
    expect(await screen.findByText("INF-S1A", {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Crear sección" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Eliminar/ })).not.toBeInTheDocument();
  });
});

describe("section detail", () => {
  it("shows the course table with teachers, 'Sin profesor asignado', and assigns teachers", async () => {
    loginAs(Role.admin);
    let current = detail([
      courseSection(1, [{ id: 7, first_name: "Luis", last_name: "Mora", enabled: true }]),
      courseSection(2),
    ]);
    const patches: { url: string; body: unknown }[] = [];
    mockFetch((url, init) => {
      if (url === "/api/sections/1") return jsonResponse(200, { data: current });
      if (url.startsWith("/api/teachers?"))
        return jsonResponse(200, {
          data: [
            { id: 7, first_name: "Luis", last_name: "Mora", enabled: true },
            { id: 8, first_name: "Rosa", last_name: "Díaz", enabled: true },
          ],
          meta: { total: 2, per_page: 2, current_page: 1, last_page: 1 },
        });
      if (url === "/api/sections/1/courses/102/assign-teacher" && init.method === "PATCH") {
        const body = JSON.parse(String(init.body));
        patches.push({ url, body });
        if (patches.length === 1) {
          return jsonResponse(400, {
            message: "combination_of_day_teacher_class_hour_exists",
            description: "El profesor ya tiene clase ese día en esa hora.",
          });
        }
        const updated = courseSection(2, [{ id: 8, first_name: "Rosa", last_name: "Díaz", enabled: true }]);
        current = detail([current.courses[0]!, updated]);
        return jsonResponse(200, { data: updated });
      }
      return undefined;
    });
    renderApp("/sections/1");
    expect(await screen.findByRole("heading", { name: "Sección INF-S1A" })).toBeInTheDocument();
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/PRO-1.*Programación 1.*Luis Mora.*7.*9/);
    expect(rows[1]).toHaveTextContent("Sin profesor asignado");
    expect(screen.getByRole("columnheader", { name: "Varones asignados" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Hembras asignadas" })).toBeInTheDocument();

    await userEvent.click(within(rows[1]!).getByRole("button", { name: "Acciones de Programación 2" }));
    expect(await screen.findByRole("menuitem", { name: "Crear horario" })).toHaveAttribute(
      "href",
      "/sections/1/courses/102/set-shcedule",
    );
    expect(screen.getByRole("menuitem", { name: "Crear entrega final" })).toHaveAttribute(
      "href",
      "/sections/1/courses/102/create-final-delivery",
    );
    await userEvent.click(screen.getByRole("menuitem", { name: "Asignar profesor" }));
    const dialog = await screen.findByRole("dialog", { name: /Asignar profesor — Programación 2/ });
    await userEvent.click(within(dialog).getByRole("combobox", { name: "Profesores" }));
    await userEvent.click(await screen.findByRole("option", { name: "Rosa Díaz" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    // The clash is said inside the dialog, which stays open.
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "El profesor ya tiene clase ese día en esa hora.",
    );
    expect(patches[0]!.body).toEqual({ teacher_ids: [8] });
    await userEvent.click(within(dialog).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getByRole("table")).getAllByRole("row")[2]).toHaveTextContent("Rosa Díaz"),
    );
  });

  it("shows the empty states of the students and notes pages", async () => {
    loginAs(Role.lowAdmin);
    mockFetch((url) => {
      if (url === "/api/sections/1") return jsonResponse(200, { data: detail([courseSection(1)]) });
      if (url.startsWith("/api/sections/1/students?"))
        return jsonResponse(200, {
          data: [],
          meta: { total: 0, per_page: 10, current_page: 1, last_page: 1 },
        });
      if (url === "/api/sections/1/students-courses-notes")
        return jsonResponse(200, { data: { courses: [courseSection(1).course], students: [] } });
      return undefined;
    });
    const { router } = renderApp("/sections/1/students");
    expect(
      await screen.findByRole("heading", { name: "Estudiantes de la sección INF-S1A" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("No hay resultados encontrados")).toBeInTheDocument();
    await router.navigate("/sections/1/students-courses-notes");
    expect(await screen.findByText("La sección aún no tiene estudiantes inscritos.")).toBeInTheDocument();
  });
});
