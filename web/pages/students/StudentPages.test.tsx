import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { Student, StudentLesson } from "../../api/students";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const student = (id: number, overrides: Partial<Student> = {}): Student => ({
  id,
  user_id: 100 + id,
  first_name: "José",
  last_name: `Pérez ${id}`,
  full_name: `José Pérez ${id}`,
  email: `jose${id}@demo.edu.ve`,
  identity_document: `V-${20000000 + id}`,
  gender: "male",
  birth_date: "2004-05-06",
  phone: null,
  address: null,
  status: "active",
  profile_picture: null,
  confirmed: true,
  latest_inscription: {
    id: 9,
    period: { id: 3, name: "2026-2" },
    specialization: { id: 2, code: "INF", title: "Informática" },
    semester: { id: 5, number: 2, code: "INF-S2" },
    section: { id: 7, code: "INF-S2A" },
    kind: "reinscription",
    status: "active",
    approved_at: null,
    retired_at: null,
  },
  version: 1,
  ...overrides,
});

const list = (rows: Student[]) => ({
  data: rows,
  meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
});
const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);
const getCalls = (fetch: ReturnType<typeof mockFetch>, prefix: string) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith(prefix));

describe("students list", () => {
  // The first test of the file also loads the students pages' code: slow on a busy machine.
  it("shows the students with their latest inscription and searches on the server", {
    timeout: 90_000,
  }, async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) => {
      if (url.startsWith("/api/students?"))
        return jsonResponse(200, list([student(1), student(2, { status: "retired" })]));
      if (url.startsWith("/api/periods") || url.startsWith("/api/specializations"))
        return jsonResponse(200, list([] as never[]));
      return undefined;
    });
    const { router } = renderApp("/students");
    expect(await screen.findByText("Pérez 1", {}, { timeout: 45_000 })).toBeInTheDocument();
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/V-20000001.*José.*2026-2 · INF · INF-S2A.*Activo/);
    expect(rows[1]).toHaveTextContent(/Retirado/);
    expect(screen.getByRole("link", { name: "Ver a José Pérez 1" })).toHaveAttribute("href", "/students/1");
    expect(screen.getByRole("button", { name: /Exportar CSV/ })).toBeInTheDocument();

    await userEvent.type(screen.getByPlaceholderText("Buscar..."), "jose");
    await waitFor(() => expect(router.state.location.search).toContain("search=jose"));
    await waitFor(() =>
      expect(queryOf(getCalls(fetch, "/api/students?").at(-1)!)).toMatchObject({ search: "jose" }),
    );
  });

  it("sends the status filter and keeps it in the URL", async () => {
    loginAs(Role.teacher);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/students?") ? jsonResponse(200, list([student(1)])) : undefined,
    );
    const { router } = renderApp("/students?status=retired");
    expect(await screen.findByText("Pérez 1")).toBeInTheDocument();
    expect(queryOf(getCalls(fetch, "/api/students?")[0]!)).toMatchObject({ status: "retired" });
    // A teacher gets no period or specialization filters (those lists are the administration's).
    expect(getCalls(fetch, "/api/periods")).toEqual([]);
    expect(screen.queryByRole("button", { name: /Eliminar/ })).not.toBeInTheDocument();
    expect(router.state.location.search).toContain("status=retired");
  });

  it("reads the gender filter from the URL (the home dashboard's links) and shows it chosen", async () => {
    loginAs(Role.teacher);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/students?") ? jsonResponse(200, list([student(1)])) : undefined,
    );
    renderApp("/students?gender=female");
    expect(await screen.findByText("Pérez 1")).toBeInTheDocument();
    expect(queryOf(getCalls(fetch, "/api/students?")[0]!)).toMatchObject({ gender: "female" });
    expect(screen.getByDisplayValue("Femenino")).toBeInTheDocument();
  });
});

describe("student pages", () => {
  it("shows the profile with the inscription state", async () => {
    loginAs(Role.admin);
    mockFetch((url) => {
      if (url === "/api/students/1") return jsonResponse(200, { data: student(1) });
      if (url.startsWith("/api/students/1/inscription-state"))
        return jsonResponse(200, {
          data: {
            student_status: "active",
            current_period: { id: 3, name: "2026-2" },
            inscribed_in_current_period: true,
            current_inscription: student(1).latest_inscription,
            latest_inscription: student(1).latest_inscription,
            inscriptions_count: 2,
          },
        });
      if (url.startsWith("/api/students/1/period-average-note"))
        return jsonResponse(200, {
          data: { period: { id: 3, name: "2026-2" }, average: 15.5, courses: 4, approval_minimum_avg: 10 },
        });
      return undefined;
    });
    renderApp("/students/1");
    expect(await screen.findByRole("heading", { name: "José Pérez 1" })).toBeInTheDocument();
    expect(await screen.findByText("Informática · semestre INF-S2 · sección INF-S2A")).toBeInTheDocument();
    expect(screen.getByText("15,5")).toBeInTheDocument();
    const nav = screen.getByRole("navigation", { name: "Secciones del estudiante" });
    expect(within(nav).getByRole("link", { name: "Inasistencias" })).toHaveAttribute(
      "href",
      "/students/1/absences",
    );
    expect(within(nav).getByRole("link", { name: "Historial" })).toBeInTheDocument();
  });

  it("shows delays under a section and course, asking only for that course's delays", async () => {
    loginAs(Role.coordinator);
    const delay: StudentLesson = {
      lesson_id: 4,
      date: "2026-10-01",
      title: "Recursión",
      evaluated: false,
      weight: 0,
      attendance: "delayed",
      note: null,
      course_section_id: 11,
      course: { id: 8, code: "INF-201", title: "Programación II" },
      section: { id: 7, code: "INF-S2A" },
    };
    const fetch = mockFetch((url) => {
      if (url === "/api/students/1") return jsonResponse(200, { data: student(1) });
      if (url.startsWith("/api/students/1/absences")) return jsonResponse(200, { data: [delay] });
      return undefined;
    });
    renderApp("/students/1/7/8/delays");
    expect(await screen.findByText("INF-201 — Programación II")).toBeInTheDocument();
    expect(screen.getByText("Retraso")).toBeInTheDocument();
    expect(queryOf(getCalls(fetch, "/api/students/1/absences")[0]!)).toEqual({
      section_id: "7",
      course_id: "8",
      attendance: "delayed",
    });
    const nav = screen.getByRole("navigation", { name: "Secciones del estudiante" });
    expect(within(nav).getByRole("link", { name: "Clases" })).toHaveAttribute(
      "href",
      "/students/1/7/8/lessons",
    );
  });

  it("says so when a sub-page has nothing yet (real empty state)", async () => {
    loginAs(Role.admin);
    mockFetch((url) => {
      if (url === "/api/students/1") return jsonResponse(200, { data: student(1) });
      if (url.startsWith("/api/students/1/binnacles")) return jsonResponse(200, { data: [] });
      return undefined;
    });
    renderApp("/students/1/binnacles");
    expect(await screen.findByText("Este estudiante no tiene bitácoras registradas.")).toBeInTheDocument();
  });

  it("edits a student sending only the filled fields", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/students/1" && init.method === "PATCH")
        return jsonResponse(200, { data: student(1, { first_name: "Josefa" }) });
      if (url === "/api/students/1") return jsonResponse(200, { data: student(1) });
      return undefined;
    });
    renderApp("/students/1/edit");
    const input = await screen.findByLabelText(/^Nombre/);
    await userEvent.clear(input);
    await userEvent.type(input, "Josefa");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === "PATCH")).toBe(
        true,
      ),
    );
    const [, init] = fetch.mock.calls.find(([, i]) => (i as RequestInit | undefined)?.method === "PATCH")!;
    const body = JSON.parse(String((init as RequestInit).body));
    expect(body).toMatchObject({ first_name: "Josefa", identity_document: "V-20000001" });
    expect(body).not.toHaveProperty("phone");
    expect(body).not.toHaveProperty("address");
    expect(body.version).toBe(1);
  });

  it("a save refused as stale (someone saved meanwhile) says so and shows the current values", async () => {
    loginAs(Role.admin);
    let current = student(1);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/students/1" && init.method === "PATCH") {
        const sent = JSON.parse(String(init.body));
        if (sent.version !== current.version) {
          return jsonResponse(409, {
            message: "stale_record",
            description:
              "Otra persona guardó cambios en este registro mientras usted lo editaba. Se cargaron los datos actuales: revíselos y vuelva a guardar.",
          });
        }
        current = { ...current, ...sent, version: current.version + 1 };
        return jsonResponse(200, { data: current });
      }
      if (url === "/api/students/1") return jsonResponse(200, { data: current });
      return undefined;
    });
    const { router } = renderApp("/students/1/edit");
    const input = await screen.findByLabelText(/^Nombre/);
    // Another administrator saves a new phone number while this form is open.
    current = { ...current, phone: "0414-5555555", version: 2 };
    await userEvent.clear(input);
    await userEvent.type(input, "Josefa");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText(/Otra persona guardó cambios en este registro/)).toBeInTheDocument();
    // The form shows the record as it is now: their phone, not this form's name.
    await waitFor(() => expect(screen.getByLabelText(/^Teléfono/)).toHaveValue("0414-5555555"));
    expect(screen.getByLabelText(/^Nombre/)).toHaveValue("José");
    expect(router.state.location.pathname).toBe("/students/1/edit");
    // Saving again now sends the current version and goes through.
    await userEvent.clear(screen.getByLabelText(/^Nombre/));
    await userEvent.type(screen.getByLabelText(/^Nombre/), "Josefa");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/students/1"));
    const patches = fetch.mock.calls
      .filter(([, init]) => (init as RequestInit | undefined)?.method === "PATCH")
      .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
    expect(patches.map((p) => p.version)).toEqual([1, 2]);
    expect(current).toMatchObject({ first_name: "Josefa", phone: "0414-5555555" });
  });
});
