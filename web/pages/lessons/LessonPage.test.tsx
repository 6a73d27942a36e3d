import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { LessonDetail, LessonStudent } from "../../api/lessons";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const student = (id: number, overrides: Partial<LessonStudent> = {}): LessonStudent => ({
  id,
  first_name: `Nombre${id}`,
  last_name: `Apellido${String(id).padStart(2, "0")}`,
  identity_document: `V-${1000 + id}`,
  attendance: "present",
  delayed: false,
  note: null,
  pivot: { note: null },
  absences: 0,
  delays: 0,
  absences_with_delays: 0,
  failed_by_delay: false,
  ...overrides,
});

const lesson = (overrides: Partial<LessonDetail> = {}): LessonDetail => ({
  id: 7,
  date: "2026-11-20",
  title: null,
  description: null,
  evaluated: false,
  weight: 0,
  registered_at: null,
  absences: 0,
  delays: 0,
  notes: 0,
  course_section: {
    id: 3,
    course: { id: 11, code: "MAT-101", title: "Matemática", max_absences_to_fail: 8 },
    section: { id: 5, code: "1A", period_id: 1 },
    teachers: [{ id: 2, name: "Ana Pérez" }],
  },
  students: Array.from({ length: 35 }, (_, i) => student(i + 1)),
  absences_by_attendance: [],
  absences_by_delay: [],
  students_with_failed_course_by_delay: [],
  available_weight: 60,
  version: 3,
  ...overrides,
});

const writes = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .map(([url, init]) => ({ url: String(url), method: init?.method, body: init?.body }))
    .filter((c) => c.method === "PATCH");

describe("attendance screen", () => {
  // 35 rows of three buttons make a slow page for the test DOM: a longer test timeout (no timed assertion).
  it("marks with the keyboard, shows the counts live and saves the whole section in one request", {
    timeout: 90_000,
  }, async () => {
    loginAs(Role.teacher);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/lessons/7" && (init.method ?? "GET") === "GET")
        return jsonResponse(200, { data: lesson() });
      if (url === "/api/lessons/7/register") {
        const body = JSON.parse(String(init.body)) as {
          students: { student_id: number; attendance: string }[];
        };
        const marks = new Map(body.students.map((s) => [s.student_id, s.attendance]));
        return jsonResponse(200, {
          data: lesson({
            registered_at: "2026-11-20T15:00:00Z",
            students: lesson().students.map((s) =>
              student(s.id, { attendance: (marks.get(s.id) ?? "present") as LessonStudent["attendance"] }),
            ),
          }),
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/lessons/7");
    const first = await screen.findByLabelText("Apellido01, Nombre1: Presente");
    const counts = screen.getByRole("status", { name: "Resumen de la asistencia" });
    expect(counts).toHaveTextContent("35 presentes");
    expect(counts).toHaveTextContent("0 ausentes");

    // A marks the first absent and moves on; the second is left present with ArrowDown; R marks the third.
    first.focus();
    await user.keyboard("a");
    expect(screen.getByLabelText("Apellido02, Nombre2: Presente")).toHaveFocus();
    await user.keyboard("{ArrowDown}r");
    expect(screen.getByLabelText("Apellido04, Nombre4: Presente")).toHaveFocus();
    // A click marks the fifth absent; clicking R on the sixth marks it delayed.
    await user.click(screen.getByLabelText("Marcar ausente a Apellido05, Nombre5"));
    await user.click(screen.getByLabelText("Marcar retraso a Apellido06, Nombre6"));
    // ArrowUp goes back; P puts the third back to present, then R again.
    screen.getByLabelText("Apellido04, Nombre4: Presente").focus();
    await user.keyboard("{ArrowUp}p{ArrowUp}r");

    expect(counts).toHaveTextContent("31 presentes");
    expect(counts).toHaveTextContent("2 ausentes");
    expect(counts).toHaveTextContent("2 retrasos");
    expect(screen.getByLabelText("Marcar ausente a Apellido01, Nombre1")).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(writes(fetch)).toHaveLength(0);

    await user.click(screen.getByText("Guardar asistencia"));
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    const [call] = writes(fetch);
    expect(call!.url).toBe("/api/lessons/7/register");
    expect(JSON.parse(String(call!.body))).toEqual({
      students: [
        { student_id: 1, attendance: "absent" },
        { student_id: 3, attendance: "delayed" },
        { student_id: 5, attendance: "absent" },
        { student_id: 6, attendance: "delayed" },
      ],
      version: 3,
    });
    expect(await screen.findByText("Se guardó la asistencia")).toBeInTheDocument();
    expect(screen.getByLabelText("Apellido01, Nombre1: Ausente")).toBeInTheDocument();
  });

  it("asks before leaving with unsaved marks", { timeout: 90_000 }, async () => {
    loginAs(Role.teacher);
    mockFetch((url) => (url === "/api/lessons/7" ? jsonResponse(200, { data: lesson() }) : undefined));
    const user = userEvent.setup();
    renderApp("/lessons/7");
    await user.click(await screen.findByLabelText("Marcar ausente a Apellido01, Nombre1"));
    const trail = screen.getByRole("navigation", { name: "Ruta de navegación" });
    await user.click(within(trail).getByRole("link", { name: "Mis lecciones" }));
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
  });

  it("enters notes of an evaluated lesson in one request; students failed by absences cannot be edited", async () => {
    loginAs(Role.teacher);
    const evaluated = lesson({
      evaluated: true,
      weight: 20,
      students: [student(1), student(2), student(3, { failed_by_delay: true, absences_with_delays: 9 })],
    });
    const fetch = mockFetch((url, init) => {
      if (url === "/api/lessons/7" && (init.method ?? "GET") === "GET")
        return jsonResponse(200, { data: evaluated });
      if (url === "/api/lessons/7/students/bulk-update") return jsonResponse(200, { data: evaluated });
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/lessons/7");
    await user.click(await screen.findByRole("tab", { name: "Notas" }));
    const first = await screen.findByRole("textbox", { name: "Nota de Apellido01, Nombre1" });
    expect(screen.queryByRole("textbox", { name: "Nota de Apellido03, Nombre3" })).not.toBeInTheDocument();
    await user.type(first, "15,5{Enter}");
    expect(screen.getByRole("textbox", { name: "Nota de Apellido02, Nombre2" })).toHaveFocus();
    await user.keyboard("18");
    await user.click(screen.getByText("Guardar notas"));
    await waitFor(() => expect(writes(fetch)).toHaveLength(1));
    expect(JSON.parse(String(writes(fetch)[0]!.body))).toEqual({
      students: [
        { student_id: 1, note: 15.5 },
        { student_id: 2, note: 18 },
      ],
      version: 3,
    });
  });

  it("a save refused as stale says why and reloads the notes someone else saved meanwhile", async () => {
    loginAs(Role.teacher);
    let current = lesson({ evaluated: true, weight: 20, students: [student(1), student(2)] });
    const fetch = mockFetch((url, init) => {
      if (url === "/api/lessons/7" && (init.method ?? "GET") === "GET")
        return jsonResponse(200, { data: current });
      if (url === "/api/lessons/7/students/bulk-update") {
        return jsonResponse(409, {
          message: "stale_record",
          description:
            "Otra persona guardó cambios en este registro mientras usted lo editaba. Se cargaron los datos actuales: revíselos y vuelva a guardar.",
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/lessons/7");
    await user.click(await screen.findByRole("tab", { name: "Notas" }));
    const first = await screen.findByRole("textbox", { name: "Nota de Apellido01, Nombre1" });
    // The coordinator saves 12 for the first student while the teacher types 15.
    current = lesson({
      evaluated: true,
      weight: 20,
      version: 4,
      students: [student(1, { note: 12, pivot: { note: 12 } }), student(2)],
    });
    await user.type(first, "15");
    await user.click(screen.getByText("Guardar notas"));
    expect(await screen.findByText(/Otra persona guardó cambios en este registro/)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole("textbox", { name: "Nota de Apellido01, Nombre1" })).toHaveValue("12"),
    );
    expect(JSON.parse(String(writes(fetch)[0]!.body))).toMatchObject({ version: 3 });
    expect(screen.getByText("Guardar notas").closest("button")).toBeDisabled();
  });
});
