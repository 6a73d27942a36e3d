import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { Inscription, InscriptionResult, StudentInscription } from "../../api/inscriptions";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  renderWithProviders,
  resetAppState,
} from "../../test/render";
import { userEvent } from "../../test/user-event";
import { InscriptionResultCard } from "./InscriptionResultCard";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

// Lazy pages and several answers in turn on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

const meta = (total: number) => ({ total, per_page: 10, current_page: 1, last_page: 1 });
const periods = [{ id: 1, year: 2026, number: 1, enabled: true }];

function inscription(id: number, overrides: Partial<Inscription> = {}): Inscription {
  return {
    id,
    kind: "inscription",
    status: "active",
    created_at: "2026-01-10T12:00:00.000Z",
    student: {
      id: 40 + id,
      first_name: "José",
      last_name: `Pérez ${id}`,
      identity_document: `V-1000${id}`,
      email: `jose${id}@example.com`,
      gender: "male",
    },
    period: { id: 1, year: 2026, number: 1, name: "2026-1" },
    semester: { id: 5, number: 1, code: "INF1" },
    section: { id: 7, code: "INF1A" },
    specialization: { id: 3, code: "INF", title: "Informática" },
    courses_count: 2,
    ...overrides,
  };
}

const openPeriod = {
  id: 1,
  year: 2026,
  number: 1,
  name: "2026-1",
  enabled: true,
  enabled_inscriptions: true,
};
const nextOpenPeriod = { ...openPeriod, id: 2, number: 2, name: "2026-2", enabled: false };

const coursesBySpecialization = [
  {
    id: 3,
    code: "INF",
    title: "Informática",
    pensum: { id: 9, name: "Pensum INF" },
    semesters: [{ id: 5, number: 1, code: "INF1", courses: [] }],
  },
];

const sectionRow = {
  id: 7,
  period_id: 1,
  period: { id: 1, year: 2026, number: 1 },
  semester_id: 5,
  semester: { id: 5, number: 1, code: "INF1" },
  specialization: { id: 3, code: "INF", title: "Informática" },
  letter_code: "A",
  code: "INF1A",
  title: null,
  shift: "morning",
  shift_name: "Mañana",
  males_limit: 15,
  females_limit: 15,
  males_count: 3,
  females_count: 15,
  courses_count: 2,
};

/** The create form's reads: the open period, its semesters and the semester's sections. */
function formReads(url: string) {
  if (url.startsWith("/api/periods?") && url.includes("enabled_inscriptions=1"))
    return jsonResponse(200, { data: [openPeriod], meta: meta(1) });
  if (url.startsWith("/api/periods/1/courses-by-specialization"))
    return jsonResponse(200, { data: coursesBySpecialization });
  if (url.startsWith("/api/sections?")) return jsonResponse(200, { data: [sectionRow], meta: meta(1) });
  return undefined;
}

async function fillNewStudent(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("radio", { name: "Estudiante nuevo" }, { timeout: 30_000 }));
  await user.type(screen.getByRole("textbox", { name: /^Nombre/ }), "Luisa");
  await user.type(screen.getByRole("textbox", { name: /^Apellido/ }), "Gómez");
  await user.type(screen.getByRole("textbox", { name: /^Cédula/ }), "V-20111222");
  await user.type(screen.getByRole("textbox", { name: /^Correo electrónico/ }), "luisa@example.com");
  await user.click(screen.getByRole("combobox", { name: /^Género/ }));
  await user.click(await screen.findByRole("option", { name: "Femenino" }));
  await user.click(screen.getByRole("combobox", { name: /^Semestre/ }));
  await user.click(await screen.findByRole("option", { name: "INF1 — semestre 1" }));
}

describe("inscriptions list", () => {
  it("lists the period's inscriptions with Exportar CSV and the inscribe button", async () => {
    loginAs(Role.admin);
    const calls: string[] = [];
    mockFetch((url) => {
      if (url.startsWith("/api/periods?")) return jsonResponse(200, { data: periods, meta: meta(1) });
      if (url.startsWith("/api/inscriptions?")) {
        calls.push(url);
        return jsonResponse(200, { data: [inscription(1), inscription(2)], meta: meta(2) });
      }
      return undefined;
    });
    renderApp("/inscriptions");
    expect(await screen.findByText("Pérez 1", {}, { timeout: 30_000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((c) => new URL(c, "http://x").searchParams.get("period_id") === "1")).toBe(true),
    );
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/V-10001.*José.*Pérez 1.*Informática.*INF1.*INF1A.*Inscripción.*2/);
    expect(screen.getByRole("button", { name: /Exportar CSV/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Inscribir estudiante" })).toHaveAttribute(
      "href",
      "/inscriptions/create",
    );
    expect(
      within(rows[0]!).getByRole("button", { name: "Deshacer la inscripción de José Pérez 1" }),
    ).toBeEnabled();
  });

  it("reads the status filter from the URL (the home dashboard's link) and keeps it", async () => {
    loginAs(Role.admin);
    const calls: string[] = [];
    mockFetch((url) => {
      if (url.startsWith("/api/periods?")) return jsonResponse(200, { data: periods, meta: meta(1) });
      if (url.startsWith("/api/inscriptions?")) {
        calls.push(url);
        return jsonResponse(200, { data: [inscription(1)], meta: meta(1) });
      }
      return undefined;
    });
    const { router } = renderApp("/inscriptions?period_id=1&status=active");
    expect(await screen.findByText("Pérez 1", {}, { timeout: 30_000 })).toBeInTheDocument();
    const query = new URL(calls[0]!, "http://x").searchParams;
    expect([query.get("period_id"), query.get("status")]).toEqual(["1", "active"]);
    expect(screen.getByDisplayValue("Activa")).toBeInTheDocument();
    expect(router.state.location.search).toContain("status=active");
  });

  it("shows a low admin the list without inscribing or undoing", async () => {
    loginAs(Role.lowAdmin);
    mockFetch((url) => {
      if (url.startsWith("/api/periods?")) return jsonResponse(200, { data: periods, meta: meta(1) });
      if (url.startsWith("/api/inscriptions?"))
        return jsonResponse(200, { data: [inscription(1)], meta: meta(1) });
      return undefined;
    });
    renderApp("/inscriptions");
    expect(await screen.findByText("Pérez 1", {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Inscribir estudiante" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Deshacer/ })).not.toBeInTheDocument();
  });
});

describe("inscription form", () => {
  it("shows on screen why the server refused: the section full for the student's gender", async () => {
    loginAs(Role.admin);
    const bodies: unknown[] = [];
    mockFetch((url, init) => {
      if (url.startsWith("/api/inscriptions/") && init.method === "POST") {
        bodies.push(JSON.parse(String(init.body)));
        return jsonResponse(400, {
          message: "section_is_filled_or_gender_is_filled",
          description: "La sección INF1A no tiene cupos para hembras: 15 de 15 ocupados.",
        });
      }
      return formReads(url);
    });
    const user = userEvent.setup();
    renderApp("/inscriptions/create");
    expect(
      await screen.findByText("Período de inscripción: 2026-1", {}, { timeout: 30_000 }),
    ).toBeInTheDocument();
    await fillNewStudent(user);
    await user.click(screen.getByRole("combobox", { name: /^Sección/ }));
    await user.click(await screen.findByRole("option", { name: "INF1A — varones 3/15, hembras 15/15" }));
    await user.click(screen.getByRole("button", { name: "Inscribir" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("No se pudo inscribir");
    expect(alert).toHaveTextContent("La sección INF1A no tiene cupos para hembras: 15 de 15 ocupados.");
    expect(bodies[0]).toEqual({
      period_id: 1,
      semester_id: 5,
      section_id: 7,
      student: {
        first_name: "Luisa",
        last_name: "Gómez",
        identity_document: "V-20111222",
        email: "luisa@example.com",
        gender: "female",
        birth_date: null,
        phone: null,
        address: null,
      },
    });
  });

  it("refuses a new student's birth date after the school's today before sending", async () => {
    // 01:00 UTC on 26 November is still 25 November, 21:00, at the school (Caracas).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T01:00:00Z"));
    try {
      loginAs(Role.admin);
      const fetch = mockFetch((url) => formReads(url));
      const user = userEvent.setup();
      renderApp("/inscriptions/create");
      await fillNewStudent(user);
      const birth = screen.getByRole("textbox", { name: "Fecha de nacimiento" });
      await user.type(birth, "26/11/2026");
      await user.click(screen.getByRole("button", { name: "Inscribir" }));
      expect(await screen.findByText("La fecha no puede ser posterior al 25/11/2026.")).toBeInTheDocument();
      expect(birth).toHaveAttribute("aria-invalid", "true");
      expect(
        fetch.mock.calls.filter(
          ([url, init]) => String(url).startsWith("/api/inscriptions") && init?.method === "POST",
        ),
      ).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says inscrita / Inscrita for a woman", async () => {
    const base = inscription(4);
    const result: InscriptionResult = {
      ...base,
      student: { ...base.student, first_name: "Luisa", last_name: "Gómez", gender: "female" },
      enrolled_courses: [
        { course_section_id: 70, course: { id: 1, code: "PRO-201", title: "Programación II" } },
        { course_section_id: 71, course: { id: 2, code: "MAT-102", title: "Matemática II" } },
      ],
      skipped_courses: [],
      fee_generated: false,
    };
    renderWithProviders(<InscriptionResultCard result={result} />);
    expect(await screen.findByRole("heading", { name: "Luisa Gómez quedó inscrita" })).toBeInTheDocument();
    expect(screen.getByText("Inscrita en 2 materias:")).toBeInTheDocument();
  });

  it("shows the courses enrolled and the ones left out with the missing prelation", async () => {
    loginAs(Role.admin);
    const result: InscriptionResult = {
      ...inscription(3, { section: { id: 7, code: "INF1A" } }),
      enrolled_courses: [
        { course_section_id: 70, course: { id: 1, code: "PRO-201", title: "Programación II" } },
      ],
      skipped_courses: [
        {
          course: { id: 2, code: "MAT-102", title: "Matemática II" },
          missing: [{ course: { id: 9, code: "MAT-101", title: "Matemática I" }, type: "total" }],
          reason: "No se inscribió en MAT-102 Matemática II: requiere aprobar MAT-101 Matemática I.",
        },
      ],
      fee_generated: true,
    };
    mockFetch((url, init) => {
      if (url.startsWith("/api/inscriptions/") && init.method === "POST")
        return jsonResponse(201, { data: result });
      return formReads(url);
    });
    const user = userEvent.setup();
    renderApp("/inscriptions/create");
    await fillNewStudent(user);
    await user.click(screen.getByRole("button", { name: "Inscribir" }));
    expect(await screen.findByRole("heading", { name: "José Pérez 3 quedó inscrito" })).toBeInTheDocument();
    expect(screen.getByText("Inscrito en 1 materia:")).toBeInTheDocument();
    expect(screen.getByText("PRO-201 — Programación II")).toBeInTheDocument();
    expect(
      screen.getByText("No se inscribió en MAT-102 Matemática II: requiere aprobar MAT-101 Matemática I."),
    ).toBeInTheDocument();
    expect(screen.getByText("Se generó la cuota del período.")).toBeInTheDocument();
  });

  it("with two periods open asks which one and sends it", async () => {
    loginAs(Role.admin);
    const posted: unknown[] = [];
    mockFetch((url, init) => {
      if (url.startsWith("/api/periods?"))
        return jsonResponse(200, { data: [openPeriod, nextOpenPeriod], meta: meta(2) });
      if (url.startsWith("/api/periods/2/courses-by-specialization"))
        return jsonResponse(200, { data: coursesBySpecialization });
      if (url.startsWith("/api/sections?")) return jsonResponse(200, { data: [], meta: meta(0) });
      if (url === "/api/inscriptions/" && init.method === "POST") {
        posted.push(JSON.parse(String(init.body)));
        return jsonResponse(400, {
          message: "no_available_sections_for_inscription",
          description: "Sin cupo.",
        });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderApp("/inscriptions/create");
    expect(
      await screen.findByText(
        "Hay dos períodos con inscripciones abiertas: elija en cuál inscribir.",
        {},
        { timeout: 30_000 },
      ),
    ).toBeInTheDocument();
    // Nothing is assumed: the form appears once a period is chosen.
    expect(screen.queryByRole("button", { name: "Inscribir" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("radio", { name: "2026-2 (próximo período)" }));
    expect(await screen.findByText("Período de inscripción: 2026-2")).toBeInTheDocument();
    await fillNewStudent(user);
    await user.click(screen.getByRole("button", { name: "Inscribir" }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ period_id: 2 });
  });

  it("says so when no period has inscriptions open", async () => {
    loginAs(Role.admin);
    mockFetch((url) => {
      if (url.startsWith("/api/periods?")) return jsonResponse(200, { data: [], meta: meta(0) });
      return undefined;
    });
    renderApp("/inscriptions/create");
    expect(await screen.findByText("Inscripciones cerradas", {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Inscribir" })).not.toBeInTheDocument();
  });
});

describe("my inscriptions", () => {
  it("shows the student their inscriptions by period with the courses", async () => {
    loginAs(Role.student);
    const mine: StudentInscription[] = [
      {
        ...inscription(1),
        courses: [
          {
            course_section_id: 70,
            course: { id: 1, code: "MAT-101", title: "Matemática I" },
            status: "enrolled",
          },
        ],
      },
    ];
    const urls: string[] = [];
    mockFetch((url) => {
      if (url.startsWith("/api/students/10/inscriptions")) {
        urls.push(url);
        return jsonResponse(200, { data: mine });
      }
      return undefined;
    });
    renderApp("/profile/10/inscriptions");
    expect(
      await screen.findByRole("heading", { name: "Período 2026-1" }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText("Informática · semestre INF1 · sección INF1A")).toBeInTheDocument();
    expect(screen.getByText("MAT-101 — Matemática I")).toBeInTheDocument();
    expect(screen.getByText("Activa")).toBeInTheDocument();
    expect(urls).toHaveLength(1);
  });
});
