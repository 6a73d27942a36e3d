import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { CourseSectionNotes, StudentCourseNotes } from "../../api/course-sections";
import type { StudentCourse } from "../../api/students";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const cut = (note: number | null, evaluated_percent = 50) => ({ note, evaluated_percent });

function student(id: number, overrides: Partial<StudentCourseNotes> = {}): StudentCourseNotes {
  return {
    id,
    first_name: `Nombre${id}`,
    last_name: `Apellido${id}`,
    identity_document: `V-${id}00`,
    notes: [
      { lesson_id: 1, note: 20 },
      { lesson_id: 2, note: 10 },
    ],
    final_delivery_note: null,
    note: 16,
    evaluated_percent: 100,
    first_cut: cut(16),
    second_cut: cut(null, 0),
    absences: 0,
    delays: 0,
    absences_with_delays: 0,
    failed_by_absences: false,
    withdrawn: false,
    standing: "passed",
    passed: true,
    ...overrides,
  };
}

const courseSection: CourseSectionNotes["course_section"] = {
  id: 9,
  section: { id: 3, code: "INF-S1A" },
  course: { id: 7, code: "MAT-101", title: "Matemática I", credits: 4, max_absences_to_fail: 4 },
  period: {
    id: 1,
    name: "2026-1",
    first_cut: { start: "2026-01-12", end: "2026-03-06" },
    second_cut: { start: "2026-03-09", end: "2026-05-08" },
    approval_minimum_note: 10,
  },
  teachers: [{ id: 5, name: "Ana Pérez" }],
  final_delivery_percent: null,
};

const notes: CourseSectionNotes = {
  course_section: courseSection,
  lessons: [
    { id: 1, date: "2026-01-19", title: "Quiz", weight: 30, version: 1 },
    { id: 2, date: "2026-01-26", title: "Taller", weight: 20, version: 1 },
  ],
  students: [
    student(1),
    student(2, {
      notes: [
        { lesson_id: 1, note: 18 },
        { lesson_id: 2, note: null },
      ],
      note: 11,
      absences: 5,
      absences_with_delays: 5,
      failed_by_absences: true,
      standing: "failed",
      passed: false,
    }),
  ],
};

describe("the section notes page", () => {
  it("shows every student × evaluation, the cuts, the final note and marks failed by absences", async () => {
    loginAs(Role.teacher);
    mockFetch((url) => {
      if (url === "/api/sections/3/courses/7/students-notes") return jsonResponse(200, { data: notes });
      if (url === "/api/sections/3/courses/7/students/2")
        return jsonResponse(200, {
          data: { course_section: courseSection, lessons: notes.lessons, student: notes.students[1] },
        });
      if (url === "/api/sections/3/courses/7/students/2/history")
        return jsonResponse(200, {
          data: [
            {
              id: 1,
              lesson_id: 2,
              lesson_date: "2026-01-26",
              lesson_title: "Taller",
              field: "note",
              old_value: "12.00",
              new_value: null,
              changed_at: "2026-01-27T14:00:00Z",
              changed_by: { id: 4, name: "Ana Pérez" },
            },
          ],
        });
      return undefined;
    });
    renderApp("/lessons/7/3/section-notes");
    expect(
      await screen.findByRole("heading", { name: "Notas de Matemática I · INF-S1A" }),
    ).toBeInTheDocument();
    const table = screen.getByRole("table");
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual([
      "Estudiante",
      "Cédula",
      "19/01/2026 (30 %)",
      "26/01/2026 (20 %)",
      "1.er corte",
      "2.º corte",
      "Nota final",
      "Inasistencias",
      "Condición",
    ]);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["Apellido1, Nombre1", "V-100", "20", "10", "16", "—", "16", "0", "Aprobada"]);
    expect(within(rows[1]!).getByText("Reprobada por inasistencias")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Acta de notas (PDF)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Acta de notas (CSV)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Registro de lecciones (PDF)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Registro de lecciones (CSV)" })).toBeInTheDocument();
    // A student's name leads to their page in the course; the teacher opens the lessons.
    expect(screen.getByRole("link", { name: "Apellido2, Nombre2" })).toHaveAttribute(
      "href",
      "/students/2/3/7",
    );
    expect(screen.getByRole("link", { name: "Ver clases" })).toHaveAttribute("href", "/lessons/7/3");

    // A student's name opens their note with the change history.
    await userEvent.click(
      screen.getByRole("button", { name: "Ver la nota y el historial de Apellido2, Nombre2" }),
    );
    const history = await screen.findByRole("table", { name: "Historial de cambios" });
    expect(within(history).getByText("Ana Pérez")).toBeInTheDocument();
    expect(within(history).getByText("12 → —")).toBeInTheDocument();
    expect(screen.getByText(/5 inasistencias y 0 retrasos: 5 de 4 permitidas/)).toBeInTheDocument();
  });
});

describe("the section notes page for an administrator", () => {
  it("opens the sheet, downloads the lessons register and leads to the course lessons page", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) => {
      if (url === "/api/sections/3/courses/7/students-notes") return jsonResponse(200, { data: notes });
      if (url.startsWith("/api/sections/3/courses/7/lessons-register-report"))
        return new Response(new Blob(["%PDF-"], { type: "application/pdf" }), {
          status: 200,
          headers: { "Content-Type": "application/pdf" },
        });
      return undefined;
    });
    URL.createObjectURL ??= () => "blob:x";
    URL.revokeObjectURL ??= () => undefined;
    renderApp("/lessons/7/3/section-notes");
    expect(
      await screen.findByRole("heading", { name: "Notas de Matemática I · INF-S1A" }),
    ).toBeInTheDocument();
    // spec.md §6: an administrator reads the sheet but not a lesson's pages.
    expect(screen.getByRole("link", { name: "Ver clases" })).toHaveAttribute(
      "href",
      "/courses/periods/1/section/3/course/7/teacher/5/lessons",
    );
    await userEvent.click(screen.getByRole("button", { name: "Registro de lecciones (PDF)" }));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([u]) => String(u))).toContain(
        "/api/sections/3/courses/7/lessons-register-report?format=pdf",
      ),
    );
    expect(screen.queryByText("No se pudo descargar el documento.")).not.toBeInTheDocument();
  });
});

describe("a student in a section and course, for staff", () => {
  const person = {
    id: 2,
    user_id: 102,
    first_name: "Nombre2",
    last_name: "Apellido2",
    full_name: "Nombre2 Apellido2",
    email: "n2@demo.edu.ve",
    identity_document: "V-200",
    gender: "female",
    birth_date: null,
    phone: null,
    address: null,
    status: "active",
    profile_picture: null,
    confirmed: true,
    latest_inscription: null,
  };
  const handler = (url: string) => {
    if (url === "/api/students/2") return jsonResponse(200, { data: person });
    if (url.startsWith("/api/students/2/")) return jsonResponse(200, { data: null });
    if (url === "/api/sections/3/courses/7/students/2")
      return jsonResponse(200, {
        data: { course_section: courseSection, lessons: notes.lessons, student: notes.students[1] },
      });
    if (url === "/api/sections/3/courses/7/students/2/history")
      return jsonResponse(200, {
        data: [
          {
            id: 1,
            lesson_id: 1,
            lesson_date: "2026-01-19",
            lesson_title: "Quiz",
            field: "attendance",
            old_value: "present",
            new_value: "absent",
            changed_at: "2026-01-19T14:00:00Z",
            changed_by: { id: 4, name: "Ana Pérez" },
          },
        ],
      });
    if (url === "/api/sections/3/courses/7/students/2/absences")
      return jsonResponse(200, {
        data: {
          course_section: courseSection,
          student: { id: 2, first_name: "Nombre2", last_name: "Apellido2", identity_document: "V-200" },
          absences: [
            { lesson_id: 1, date: "2026-01-19", title: "Quiz", attendance: "absent" },
            { lesson_id: 4, date: "2026-02-02", title: null, attendance: "delayed" },
          ],
          totals: {
            absences: 1,
            delays: 1,
            absences_with_delays: 1,
            max_absences_to_fail: 4,
            failed_by_absences: false,
          },
        },
      });
    if (url === "/api/sections/3/courses/7/students/2/lessons")
      return jsonResponse(200, {
        data: {
          course_section: courseSection,
          student: { id: 2, first_name: "Nombre2", last_name: "Apellido2", identity_document: "V-200" },
          lessons: [
            {
              id: 1,
              date: "2026-01-19",
              title: "Quiz",
              registered: true,
              attendance: "absent",
              evaluated: true,
              weight: 30,
              note: 18,
            },
            {
              id: 5,
              date: "2026-03-02",
              title: null,
              registered: false,
              attendance: null,
              evaluated: false,
              weight: 0,
              note: null,
            },
          ],
        },
      });
    return undefined;
  };

  it("shows the course note and the history of its changes", async () => {
    loginAs(Role.teacher);
    mockFetch(handler);
    renderApp("/students/2/3/7");
    expect(
      await screen.findByRole("heading", {
        name: "MAT-101 — Matemática I · Sección INF-S1A · Período 2026-1",
      }),
    ).toBeInTheDocument();
    expect(await screen.findByText(/5 inasistencias y 0 retrasos: 5 de 4 permitidas/)).toBeInTheDocument();
    const history = await screen.findByRole("table", { name: "Historial de cambios" });
    expect(within(history).getByText("Ana Pérez")).toBeInTheDocument();
    expect(within(history).getByText("Presente → Ausente")).toBeInTheDocument();
  });

  it("lists the absences with the course's totals, and every lesson with attendance and note", async () => {
    loginAs(Role.coordinator);
    mockFetch(handler);
    renderApp("/students/2/3/7/absences");
    const table = await screen.findByRole("table", { name: "Inasistencias" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(["19/01/2026QuizAusente", "02/02/2026—Retraso"]);
    expect(screen.getByText(/1 inasistencia y 1 retraso: 1 de 4 permitidas/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Exportar CSV/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole("link", { name: "Clases" }));
    const lessons = await screen.findByRole("table", { name: "Clases" });
    const cells = within(lessons)
      .getAllByRole("row")
      .slice(1)
      .map((r) => r.textContent);
    expect(cells).toEqual(["19/01/2026QuizAusente30 %18", "02/03/2026—Sin registrar——"]);
  });
});

function course(overrides: Partial<StudentCourse>): StudentCourse {
  return {
    id: 1,
    course_section_id: 9,
    course: { id: 7, code: "MAT-101", title: "Matemática I", credits: 4, max_absences_to_fail: 4 },
    section: { id: 3, code: "INF-S1A" },
    period: { id: 2, name: "2026-1" },
    status: "enrolled",
    teachers: [],
    note: 15,
    evaluated_percent: 100,
    failed_by_absences: false,
    standing: "passed",
    passed: true,
    absences: 0,
    delays: 0,
    lessons: 10,
    ...overrides,
  };
}

describe("the academic history", () => {
  it("lists every period's courses with notes, credits and the credit-weighted average", async () => {
    loginAs(Role.student);
    mockFetch((url) => {
      if (url === "/api/students/10/courses")
        return jsonResponse(200, {
          data: [
            course({ id: 1 }),
            course({
              id: 2,
              course: { id: 8, code: "FIS-101", title: "Física I", credits: 2, max_absences_to_fail: 4 },
              note: 9,
              standing: "failed",
              passed: false,
            }),
            course({
              id: 3,
              period: { id: 1, name: "2025-2" },
              section: { id: 1, code: "BAS-S1A" },
              course: { id: 6, code: "LOG-100", title: "Lógica", credits: 3, max_absences_to_fail: 4 },
              note: 18,
            }),
          ],
        });
      return undefined;
    });
    renderApp("/profile/10/historic");
    expect(await screen.findByRole("heading", { name: "Historial académico" })).toBeInTheDocument();
    // (15×4 + 9×2 + 18×3) / 9 = 132 / 9 = 14.666… → 14,67
    expect(await screen.findByText("14,67")).toBeInTheDocument();
    const current = screen.getByRole("region", { name: "2026-1" });
    expect(within(current).getByText("Promedio del período: 12")).toBeInTheDocument();
    expect(within(current).getByText("Reprobada")).toBeInTheDocument();
    expect(within(current).getByRole("link", { name: "Ver la nota de Matemática I" })).toHaveAttribute(
      "href",
      "/profile/courseNote/3/7",
    );
    expect(screen.getByRole("region", { name: "2025-2" })).toBeInTheDocument();
  });

  it("takes the standing from the server: in progress while it runs, final once its period ended", async () => {
    loginAs(Role.student);
    mockFetch((url) => {
      if (url === "/api/students/10/courses")
        return jsonResponse(200, {
          data: [
            course({ id: 1, note: 6.1, evaluated_percent: 50, standing: "in_progress", passed: null }),
            course({
              id: 3,
              period: { id: 1, name: "2025-2" },
              section: { id: 1, code: "BAS-S1A" },
              course: { id: 6, code: "LOG-100", title: "Lógica", credits: 3, max_absences_to_fail: 4 },
              // Its period ended with 75 % evaluated: the note is final and passed.
              note: 11,
              evaluated_percent: 75,
            }),
          ],
        });
      return undefined;
    });
    renderApp("/profile/10/historic");
    const current = await screen.findByRole("region", { name: "2026-1" });
    expect(within(current).getByText("6,1")).toBeInTheDocument();
    expect(within(current).getByText("En curso")).toBeInTheDocument();
    const ended = screen.getByRole("region", { name: "2025-2" });
    expect(within(ended).getByText("Aprobada")).toBeInTheDocument();
    expect(within(ended).queryByText("En curso")).not.toBeInTheDocument();
  });
});

describe("a course section's lessons (administration)", () => {
  it("lists the lessons with their weight, absences and notes, with the CSV export", async () => {
    loginAs(Role.lowAdmin);
    const lesson = {
      id: 1,
      date: "2026-01-19",
      title: "Quiz",
      description: null,
      evaluated: true,
      weight: 30,
      registered_at: "2026-01-19T15:00:00Z",
      absences: 2,
      delays: 1,
      notes: 25,
      course_section: {
        id: 9,
        course: { id: 7, code: "MAT-101", title: "Matemática I", max_absences_to_fail: 4 },
        section: { id: 3, code: "INF-S1A", period_id: 1 },
        teachers: [{ id: 5, name: "Ana Pérez" }],
      },
    };
    mockFetch((url) => {
      if (url.startsWith("/api/sections/3/courses/7/lessons"))
        return jsonResponse(200, {
          data: [lesson],
          meta: { total: 1, per_page: 10, current_page: 1, last_page: 1 },
        });
      return undefined;
    });
    renderApp("/courses/periods/1/section/3/course/7/teacher/5/lessons");
    expect(
      await screen.findByRole("heading", { name: "Clases de Matemática I · INF-S1A" }),
    ).toBeInTheDocument();
    expect(await screen.findByText("30 %")).toBeInTheDocument();
    expect(screen.getByText("MAT-101 · Ana Pérez")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Exportar CSV" })).toBeInTheDocument();
  });
});
