import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";
import { failingPreview, reinscription, studentOption } from "./test-data";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const list = (rows: unknown[]) => ({
  data: rows,
  meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
});

describe("re-inscriptions list", () => {
  it("lists re-inscriptions newest first with CSV export and a link to each", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/reinscriptions?")
        ? jsonResponse(200, list([reinscription(1), reinscription(2)]))
        : undefined,
    );
    renderApp("/reinscriptions");
    expect(await screen.findByText("Rondón 1, José", {}, { timeout: 30_000 })).toBeInTheDocument();
    const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(
      /Rondón 1, José.*V-20111221.*2027-1.*Informática.*INF-S2.*INF-S2A.*4.*Activa/,
    );
    const listCall = fetch.mock.calls
      .map(([url]) => String(url))
      .find((u) => u.startsWith("/api/reinscriptions?"));
    expect(listCall).toContain("sort_by=created_at%2Cdesc");
    expect(screen.getByRole("button", { name: /Exportar CSV/ })).toBeInTheDocument();
    expect(
      within(rows[0]!).getByRole("link", { name: "Ver la reinscripción de José Rondón 1" }),
    ).toHaveAttribute("href", "/reinscriptions/1");
    expect(screen.getByRole("link", { name: "Reinscribir estudiante" })).toHaveAttribute(
      "href",
      "/reinscriptions/create",
    );
  }, 60_000);

  it("lets a low admin read the list without writing", async () => {
    loginAs(Role.lowAdmin);
    mockFetch((url) =>
      url.startsWith("/api/reinscriptions?") ? jsonResponse(200, list([reinscription(1)])) : undefined,
    );
    renderApp("/reinscriptions");
    expect(await screen.findByText("Rondón 1, José", {}, { timeout: 30_000 })).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Reinscribir estudiante" })).not.toBeInTheDocument();
  }, 60_000);
});

describe("re-inscribing", () => {
  it("shows why the student cannot move on and the server's refusal in Spanish", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/students?")) return jsonResponse(200, list([studentOption]));
      if (url === "/api/students/7/courses/next-semester") return jsonResponse(200, { data: failingPreview });
      if (url === "/api/students/7/reinscription-v2" && init.method === "POST") {
        return jsonResponse(400, {
          message: "no_available_sections_for_inscription",
          description:
            "No hay secciones con cupos disponibles para varones en este semestre: INF-S1A (15 de 15).",
        });
      }
      return undefined;
    });
    renderApp("/reinscriptions/create");
    await user.type(await screen.findByRole("combobox", { name: "Estudiante" }, { timeout: 30_000 }), "jose");
    await user.click(await screen.findByRole("option", { name: "Rondón, José — V-20111222" }));

    expect(await screen.findByText("Por qué no avanza")).toBeInTheDocument();
    expect(
      screen.getByText("Reprobó Programación I (PRO-201) con 7; la nota mínima aprobatoria es 10."),
    ).toBeInTheDocument();
    expect(screen.getByText("Promedio: 11 (mínimo aprobatorio 10)")).toBeInTheDocument();
    expect(screen.getByText("Repite materias")).toBeInTheDocument();
    expect(screen.getByText(/si aprobó todas pero el promedio no alcanza el mínimo/)).toBeInTheDocument();
    expect(screen.getByText("Reinscripción en el período 2027-1")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Reinscribir" }));
    const alert = (await screen.findByText("No se pudo reinscribir")).closest('[role="alert"]');
    expect(alert).toHaveTextContent("No se pudo reinscribir");
    expect(alert).toHaveTextContent("INF-S1A (15 de 15)");
    const post = fetch.mock.calls.find(([url]) => String(url) === "/api/students/7/reinscription-v2");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({});
  }, 60_000);

  it("shows a semester still in progress as undecided, its courses «En curso», with no way to re-inscribe", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const inProgress = {
      ...failingPreview,
      courses: failingPreview.courses.map((c) => ({
        ...c,
        evaluated_percent: 50,
        standing: "in_progress" as const,
        passed: false,
      })),
      reasons: ["Programación I (PRO-201) está en curso: lleva 3,5 con el 50 % evaluado."],
      outcome: "in_progress" as const,
      message:
        "INF-S1 aún está en curso: la reinscripción se decide cuando todas sus materias tengan nota final (al completar el 100 % de sus evaluaciones o cuando termine el período, el 31/01/2027).",
      options: [],
    };
    const fetch = mockFetch((url) => {
      if (url.startsWith("/api/students?")) return jsonResponse(200, list([studentOption]));
      if (url === "/api/students/7/courses/next-semester") return jsonResponse(200, { data: inProgress });
      return undefined;
    });
    renderApp("/reinscriptions/create");
    await user.type(await screen.findByRole("combobox", { name: "Estudiante" }, { timeout: 30_000 }), "jose");
    await user.click(await screen.findByRole("option", { name: "Rondón, José — V-20111222" }));

    expect(await screen.findByText("Semestre en curso")).toBeInTheDocument();
    expect(screen.getByText("Materias en curso")).toBeInTheDocument();
    expect(screen.getByText("Promedio hasta ahora: 11")).toBeInTheDocument();
    expect(screen.queryByText("Por qué no avanza")).not.toBeInTheDocument();
    expect(screen.getAllByRole("cell", { name: "En curso" })).toHaveLength(2);
    expect(screen.queryByRole("cell", { name: "No aprobada" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Reinscribir" })).toBeDisabled();
    expect(fetch.mock.calls.some(([url]) => String(url).endsWith("/reinscription-v2"))).toBe(false);
  }, 60_000);

  it("asks for the specialization after the basic cycle and sends it", async () => {
    loginAs(Role.admin);
    const user = userEvent.setup();
    const basic = {
      ...failingPreview,
      approved: true,
      reasons: [],
      outcome: "choose_specialization" as const,
      basic_average: 14,
      message: "Aprobó el ciclo básico con promedio 14: elija la especialidad.",
      options: [
        {
          specialization: { id: 2, code: "INF", title: "Informática", is_basic: false },
          semester: { id: 4, number: 1, code: "INF-S1" },
          courses: [{ id: 1, code: "PRO-201", title: "Programación I", missing_prelations: [] }],
        },
        {
          specialization: { id: 3, code: "ADM", title: "Administración", is_basic: false },
          semester: { id: 9, number: 1, code: "ADM-S1" },
          courses: [{ id: 5, code: "CON-201", title: "Contabilidad I", missing_prelations: [] }],
        },
      ],
    };
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/students?")) return jsonResponse(200, list([studentOption]));
      if (url === "/api/students/7/courses/next-semester") return jsonResponse(200, { data: basic });
      if (url === "/api/students/7/reinscription-v2" && init.method === "POST") {
        return jsonResponse(201, {
          data: {
            ...reinscription(55, { semester: { id: 9, number: 1, code: "ADM-S1" } }),
            courses: [],
            outcome: "choose_specialization",
            skipped_courses: [],
            message: "Reinscrito en ADM-S1, sección ADM-S1A, período 2027-1 (4 materias).",
          },
        });
      }
      if (url === "/api/reinscriptions/55") {
        return jsonResponse(200, { data: { ...reinscription(55), courses: [] } });
      }
      return undefined;
    });
    const { router } = renderApp("/reinscriptions/create");
    await user.type(await screen.findByRole("combobox", { name: "Estudiante" }, { timeout: 30_000 }), "jose");
    await user.click(await screen.findByRole("option", { name: "Rondón, José — V-20111222" }));
    expect(await screen.findByText("Pasa a una especialidad")).toBeInTheDocument();
    await user.click(screen.getByRole("combobox", { name: "Especialidad" }));
    await user.click(await screen.findByRole("option", { name: "Administración (ADM-S1)" }));
    expect(screen.getByText("Materias de ADM-S1")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Reinscribir" }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe("/reinscriptions/55"));
    const post = fetch.mock.calls.find(([url]) => String(url) === "/api/students/7/reinscription-v2");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ specialization_id: 3 });
  }, 60_000);
});
