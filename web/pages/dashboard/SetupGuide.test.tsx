import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { AdminDashboard, SchoolSetup } from "../../api/dashboard";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

/** A school with nothing but its first administrator. */
const emptySchool: AdminDashboard = {
  kind: "admin",
  period: null,
  today: "2026-11-25",
  students: { total: 0, by_status: [], by_gender: [], by_specialization: [], by_semester: [] },
  inscriptions: { count: 0, seats: 0 },
  preregistered_pending: 0,
  payments: { pending_review: 0, overdue_e2: 0, debtors: 0 },
  document_requests_pending: 0,
  activities_today: [],
};

const step = (key: SchoolSetup["steps"][number]["key"], count: number, needed: number | null = null) => {
  const missing = needed === null ? (count > 0 ? 0 : 1) : needed === 0 ? 1 : needed - count;
  return { key, count, needed, missing, done: missing === 0 };
};

/** Half-way: a period with both pensums, a section, class hours; no classroom, 3 of 5 schedules, no prices. */
const halfWay: SchoolSetup = {
  period: { id: 4, year: 2027, number: 1, enabled: false },
  complete: false,
  steps: [
    step("period", 1),
    step("specializations", 2),
    step("pensums", 2, 2),
    step("sections", 1),
    step("class_hours", 6),
    step("classrooms", 0),
    step("schedules", 3, 5),
    step("price_settings", 0),
  ],
};

function serve(answers: Record<string, unknown>) {
  return mockFetch((url) => {
    const path = url.replace(/\?.*$/, "");
    if (path in answers) return jsonResponse(200, { data: answers[path] });
  });
}

const stepItem = (name: RegExp) =>
  screen.getAllByRole("listitem").find((li) => within(li).queryByText(name)) as HTMLElement;

describe("the home of a school being set up", () => {
  it("shows an empty school's steps in order, each pending with where to do it, and no empty charts", async () => {
    loginAs(Role.admin);
    serve({
      "/api/dashboard/index": emptySchool,
      "/api/dashboard/setup": {
        period: null,
        complete: false,
        steps: halfWay.steps.map((s) => ({ ...s, count: 0, done: false, missing: 1, needed: s.needed && 0 })),
      },
    });
    renderApp("/home");
    const guide = await screen.findByRole("region", { name: "Primeros pasos de la escuela" });
    expect(within(guide).getByText("0 de 8 pasos listos")).toBeInTheDocument();
    const items = within(guide).getAllByRole("listitem");
    expect(items.map((li) => li.getAttribute("data-step"))).toEqual([
      "period",
      "specializations",
      "pensums",
      "sections",
      "class_hours",
      "classrooms",
      "schedules",
      "price_settings",
    ]);
    // The first step is the one to take now.
    expect(items[0]).toHaveAttribute("aria-current", "step");
    expect(within(items[0]!).getByText("Aún no hay períodos.")).toBeInTheDocument();
    expect(within(items[0]!).getByRole("link", { name: "Crear período" })).toHaveAttribute(
      "href",
      "/periods/make",
    );
    expect(within(items[1]!).getByRole("link", { name: "Crear especialidad" })).toHaveAttribute(
      "href",
      "/specializations/create",
    );
    expect(within(items[2]!).getByText("Aún no hay pensums asignados a un período.")).toBeInTheDocument();
    expect(within(items[7]!).getByRole("link", { name: "Ver configuraciones de precios" })).toHaveAttribute(
      "href",
      "/periods/payment",
    );
    expect(within(guide).getAllByText("Pendiente")).toHaveLength(8);
    // No charts of a school without students.
    expect(screen.queryByText("Estudiantes por estado")).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^0\s*Estudiantes$/ })).not.toBeInTheDocument();
  });

  it("says which steps are done and what is still missing, the next step first", async () => {
    loginAs(Role.admin);
    serve({ "/api/dashboard/index": emptySchool, "/api/dashboard/setup": halfWay });
    renderApp("/home");
    const guide = await screen.findByRole("region", { name: "Primeros pasos de la escuela" });
    expect(within(guide).getByText("5 de 8 pasos listos")).toBeInTheDocument();

    const period = stepItem(/^Período académico$/);
    expect(within(period).getByText("Listo")).toBeInTheDocument();
    expect(within(period).getByText("1 período (se prepara el 2027-1).")).toBeInTheDocument();
    expect(within(period).getByRole("link", { name: "Ver período" })).toHaveAttribute("href", "/periods/4");

    const pensums = stepItem(/^Pensums del período$/);
    expect(
      within(pensums).getByText("Las 2 especialidades tienen su pensum en el período 2027-1."),
    ).toBeInTheDocument();
    expect(within(pensums).getByRole("link", { name: "Asignar en el período" })).toHaveAttribute(
      "href",
      "/periods/4",
    );

    const classrooms = stepItem(/^Aulas$/);
    expect(classrooms).toHaveAttribute("aria-current", "step");
    expect(within(classrooms).getByText("Pendiente")).toBeInTheDocument();
    expect(within(classrooms).getByText("Aún no hay aulas habilitadas.")).toBeInTheDocument();
    expect(within(classrooms).getByRole("link", { name: "Crear aula" })).toHaveAttribute(
      "href",
      "/classrooms/create",
    );

    const schedules = stepItem(/^Horarios$/);
    expect(schedules).not.toHaveAttribute("aria-current");
    expect(within(schedules).getByText("Faltan 2 materias de sección sin horario.")).toBeInTheDocument();
    expect(within(schedules).getByRole("link", { name: "Ver horarios" })).toHaveAttribute(
      "href",
      "/schedules",
    );

    const prices = stepItem(/^Configuración de precios$/);
    expect(within(prices).getByRole("link", { name: "Configurar precios" })).toHaveAttribute(
      "href",
      "/periods/createPayments/4",
    );
  });

  it("shows the numbers once the school is set up, without the guide", async () => {
    loginAs(Role.admin);
    serve({
      "/api/dashboard/index": emptySchool,
      "/api/dashboard/setup": {
        ...halfWay,
        complete: true,
        steps: halfWay.steps.map((s) => ({ ...s, done: true })),
      },
    });
    renderApp("/home");
    expect(await screen.findByRole("link", { name: /^0\s*Estudiantes$/ })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Primeros pasos de la escuela" })).not.toBeInTheDocument();
  });

  it("is the administrator's: the assistant's home does not ask for it", async () => {
    loginAs(Role.lowAdmin);
    const fetch = serve({ "/api/dashboard/index": emptySchool, "/api/dashboard/setup": halfWay });
    renderApp("/home");
    expect(await screen.findByRole("link", { name: /^0\s*Estudiantes$/ })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith("/api/dashboard/setup"))).toBe(false);
    expect(screen.queryByRole("region", { name: "Primeros pasos de la escuela" })).not.toBeInTheDocument();
  });
});
