import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type {
  AdminDashboard,
  CoordinatorDashboard,
  StudentDashboard,
  TeacherDashboard,
} from "../../api/dashboard";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const period = { id: 7, year: 2026, number: 1 };

const admin: AdminDashboard = {
  kind: "admin",
  period,
  today: "2026-03-09",
  students: {
    total: 130,
    by_status: [
      { status: "active", count: 120 },
      { status: "retired", count: 6 },
      { status: "graduated", count: 4 },
    ],
    by_gender: [
      { gender: "female", count: 70 },
      { gender: "male", count: 60 },
    ],
    by_specialization: [
      { id: 1, title: "Informática", count: 64 },
      { id: 2, title: "Administración", count: 41 },
    ],
    by_semester: [
      { id: 11, code: "INF-S1", number: 1, count: 35 },
      { id: 21, code: "ADM-S1", number: 1, count: 41 },
    ],
  },
  inscriptions: { count: 105, seats: 160 },
  preregistered_pending: 3,
  payments: { pending_review: 5, overdue_e2: 1_234_50, debtors: 9 },
  document_requests_pending: 2,
  activities_today: [
    { id: 4, title: "Jornada de puertas abiertas", start_date: "2026-03-09", end_date: "2026-03-09" },
  ],
};

const teacher: TeacherDashboard = {
  period,
  today: "2026-03-09",
  today_lessons: [
    {
      id: 501,
      date: "2026-03-09",
      title: null,
      course_section_id: 31,
      course: { id: 3, title: "Programación I" },
      section: { id: 8, code: "INF-S1A" },
      registered: false,
    },
  ],
  pending_attendance: 1,
  evaluations_without_notes: [
    {
      id: 480,
      date: "2026-03-02",
      title: "Parcial",
      course_section_id: 31,
      course: { id: 3, title: "Programación I" },
      section: { id: 8, code: "INF-S1A" },
      missing: 4,
    },
  ],
  sections: [
    {
      course_section_id: 31,
      course: { id: 3, title: "Programación I" },
      section: { id: 8, code: "INF-S1A" },
      students: 28,
    },
  ],
};

const coordinator: CoordinatorDashboard = {
  period,
  today: "2026-03-09",
  specializations: [{ id: 1, title: "Informática" }],
  sections: [{ id: 8, code: "INF-S1A", semester_number: 1, students: 28 }],
  teachers: [
    { id: 40, first_name: "Luis", last_name: "Rojas", pending_attendance: 2, pending_evaluations: 1 },
  ],
  performance: {
    low_note: 12,
    high_note: 16,
    low: [{ id: 90, first_name: "Pedro", last_name: "Díaz", average: 9.5 }],
    high: [
      { id: 91, first_name: "Ana", last_name: "Mora", average: 18 },
      { id: 92, first_name: "Rosa", last_name: "Páez", average: 16.25 },
    ],
    evaluated: 25,
  },
};

const student: StudentDashboard = {
  kind: "student",
  period,
  today: "2026-03-09",
  courses: [
    {
      course_section_id: 31,
      course: { id: 3, code: "INF-101", title: "Programación I" },
      section: { id: 8, code: "INF-S1A" },
      note: 15,
      standing: "passed",
      evaluated_percent: 40,
      absences: 2,
      delays: 1,
      failed_by_absences: false,
    },
  ],
  next_installment: { date: "2026-03-15", pending_e2: 50_000, is_late: false },
  today_schedule: [
    {
      start_time: "07:00",
      end_time: "08:30",
      course: { id: 3, code: "INF-101", title: "Programación I" },
      section: { id: 8, code: "INF-S1A" },
      classroom: "A-101",
    },
  ],
  unread_notifications: 3,
};

function serve(answers: Record<string, unknown>) {
  return mockFetch((url) => {
    const path = url.replace(/\?.*$/, "");
    if (path in answers) return jsonResponse(200, { data: answers[path] });
  });
}

const dashboard = () => screen.findByRole("region", { name: "Tablero" });
const link = (scope: HTMLElement, name: RegExp) => within(scope).getByRole("link", { name });

describe("/home dashboards", () => {
  it("shows the administration's numbers, each a link to the list it counts, with charts and their text", async () => {
    loginAs(Role.admin);
    const fetch = serve({ "/api/dashboard/index": admin });
    renderApp("/home");
    const region = await dashboard();
    expect(await within(region).findByRole("link", { name: /^130\s*Estudiantes$/ })).toHaveAttribute(
      "href",
      "/students",
    );
    expect(link(region, /105 de 160.*Inscripciones del período/)).toHaveAttribute(
      "href",
      "/inscriptions?period_id=7&status=active",
    );
    expect(link(region, /^3\s*Preinscripciones por aprobar/)).toHaveAttribute(
      "href",
      "/inscriptions?tab=preregistered",
    );
    expect(link(region, /^5\s*Pagos por revisar/)).toHaveAttribute("href", "/payments?status=1");
    expect(link(region, /1\.234,50\s*Monto vencido/)).toHaveAttribute("href", "/payments?tab=debtors");
    expect(link(region, /9 estudiantes con cuotas vencidas/)).toHaveAttribute(
      "href",
      "/payments?tab=debtors",
    );
    expect(link(region, /^2\s*Solicitudes de documentos pendientes/)).toHaveAttribute(
      "href",
      "/document-requests?status=pending",
    );
    expect(link(region, /^1\s*Actividades de hoy/)).toHaveAttribute("href", "/activities");
    expect(within(region).getByText("Jornada de puertas abiertas")).toBeInTheDocument();
    expect(link(region, /^Informática$/)).toHaveAttribute(
      "href",
      "/students?period_id=7&specialization_id=1",
    );
    expect(link(region, /^INF-S1$/)).toHaveAttribute("href", "/students?period_id=7&semester_id=11");
    expect(link(region, /^Retirados$/)).toHaveAttribute("href", "/students?status=retired");
    expect(link(region, /^Mujeres$/)).toHaveAttribute("href", "/students?gender=female");
    // Each chart is a picture named with its numbers.
    expect(
      within(region).getByRole("img", {
        name: "Inscritos por especialidad (2026-1): Informática 64, Administración 41",
      }),
    ).toBeInTheDocument();
    expect(
      within(region).getByRole("img", { name: "Estudiantes por sexo: Mujeres 70, Hombres 60" }),
    ).toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith("/api/dashboard/coordinator"))).toBe(
      false,
    );
  });

  it("says there is no active period without repeating the word (a fresh school)", async () => {
    loginAs(Role.lowAdmin);
    serve({ "/api/dashboard/index": { ...admin, period: null } });
    renderApp("/home");
    const region = await dashboard();
    expect(await within(region).findByText("Sin período activo · hoy 09/03/2026")).toBeInTheDocument();
    expect(region).not.toHaveTextContent(/Período sin período/);
  });

  it("shows a teacher today's lessons, the evaluations without notes and their sections", async () => {
    loginAs(Role.teacher);
    serve({ "/api/dashboard/teacher": teacher });
    renderApp("/home");
    const region = await dashboard();
    expect(
      await within(region).findByRole("link", { name: /^1\s*Asistencias por tomar hoy/ }),
    ).toHaveAttribute("href", "/lessons/501");
    expect(link(region, /^1\s*Evaluaciones sin notas/)).toHaveAttribute("href", "/lessons/480");
    expect(link(region, /^02\/03\/2026 · INF-S1A · Programación I$/)).toHaveAttribute("href", "/lessons/480");
    expect(within(region).getByText("4 sin nota")).toBeInTheDocument();
    expect(within(region).getByText("Asistencia pendiente")).toBeInTheDocument();
    expect(
      within(region)
        .getAllByRole("link", { name: /^INF-S1A · Programación I$/ })
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/lessons/501", "/lessons/3/8"]);
    expect(
      within(region).getByRole("img", {
        name: /Estudiantes por materia de sección: INF-S1A · Programación I 28/,
      }),
    ).toBeInTheDocument();
  });

  it("shows a coordinator their specialization, supervised teachers and performers, then their own classes", async () => {
    loginAs(Role.coordinator);
    serve({ "/api/dashboard/coordinator": coordinator, "/api/dashboard/teacher": teacher });
    renderApp("/home");
    const region = await dashboard();
    expect(await within(region).findByText("Especialidad: Informática")).toBeInTheDocument();
    expect(link(region, /^1\s*Secciones de la especialidad/)).toHaveAttribute("href", "/sections");
    expect(link(region, /^1\s*Bajo rendimiento \(promedio menor a 12\)/)).toHaveAttribute(
      "href",
      "#low-performance",
    );
    expect(link(region, /^2\s*Alto rendimiento/)).toHaveAttribute("href", "#high-performance");
    expect(link(region, /^Díaz, Pedro$/)).toHaveAttribute("href", "/students/90");
    // Averages in the one number format of the app's notes (decimal comma, no padding zeros).
    expect(within(region).getByText("9,5")).toBeInTheDocument();
    expect(within(region).getByText("18")).toBeInTheDocument();
    expect(within(region).getByText("16,25")).toBeInTheDocument();
    expect(link(region, /^Rojas, Luis$/)).toHaveAttribute("href", "/teachers/40/lessons");
    expect(link(region, /^INF-S1A$/)).toHaveAttribute("href", "/sections/8");
    expect(within(region).getByRole("heading", { name: "Mis clases" })).toBeInTheDocument();
    expect(await within(region).findByText("4 sin nota")).toBeInTheDocument();
  });

  it("shows a student their courses with notes and absences, the next installment, today's classes and unread notifications", async () => {
    loginAs(Role.student);
    serve({ "/api/dashboard/index": student });
    renderApp("/home");
    const region = await dashboard();
    expect(await within(region).findByRole("link", { name: /500,00\s*Próxima cuota/ })).toHaveAttribute(
      "href",
      "/profile/10/payments",
    );
    expect(within(region).getByText("Vence el 15/03/2026")).toBeInTheDocument();
    expect(link(region, /^3\s*Notificaciones sin leer/)).toHaveAttribute("href", "/notifications");
    expect(link(region, /^1\s*Clases de hoy/)).toHaveAttribute("href", "/profile/schedule");
    expect(link(region, /^INF-101 · Programación I$/)).toHaveAttribute("href", "/profile/courseNote/8/3");
    const row = within(region).getByRole("row", { name: /Programación I/ });
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["INF-101 · Programación I", "15", "2", "1"]);
    expect(link(region, /07:00–08:30 · Programación I/)).toHaveAttribute("href", "/profile/schedule");
    expect(
      within(region).getByRole("img", { name: "Nota hasta hoy por materia: INF-101 15" }),
    ).toBeInTheDocument();
  });

  it("says when the dashboard cannot load and keeps the welcome", async () => {
    loginAs(Role.admin);
    mockFetch(() => jsonResponse(500, { message: "server_error" }));
    renderApp("/home");
    expect(await screen.findByText("No se pudo cargar el tablero")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Hola");
    // The areas still follow once the dashboard has answered, even with an error.
    expect(await screen.findByRole("heading", { name: "Sus secciones", level: 2 })).toBeInTheDocument();
  });

  it("shows the areas only once the dashboard has answered, so they are not pushed down", async () => {
    loginAs(Role.teacher);
    let answer: (value: Response) => void = () => {};
    mockFetch((url) => {
      if (url.startsWith("/api/dashboard/teacher"))
        return new Promise<Response>((resolve) => (answer = resolve));
    });
    renderApp("/home");
    await screen.findByRole("region", { name: "Tablero" });
    expect(screen.queryByRole("heading", { name: "Sus secciones" })).not.toBeInTheDocument();
    answer(jsonResponse(200, { data: teacher }));
    expect(await screen.findByRole("heading", { name: "Sus secciones", level: 2 })).toBeInTheDocument();
  });
});
