import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { Teacher, TeacherListItem } from "../../api/teachers";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";

// The area's pages load lazily; the first, cold import is slow on a busy machine: warm it once.
beforeAll(async () => {
  await import("./index");
}, 60_000);

beforeEach(() => {
  resetAppState();
  URL.createObjectURL = vi.fn(() => "blob:preview-1");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const item = (id: number, overrides: Partial<TeacherListItem> = {}): TeacherListItem => ({
  id,
  user_id: 100 + id,
  first_name: `Nombre${id}`,
  last_name: `Apellido${id}`,
  identity_document: `V-1000000${id}`,
  email: `profesor${id}@colegio.test`,
  enabled: true,
  is_coordinator: false,
  specialization_id: null,
  profile_picture: null,
  courses_count: 0,
  ...overrides,
});

const teacher = (id: number, overrides: Partial<Teacher> = {}): Teacher => ({
  ...item(id),
  gender: "female",
  birth_date: null,
  phone: null,
  address: null,
  confirmed: true,
  specialization: null,
  specializations: [],
  supervised_teachers: [],
  supervisors: [],
  lessons_count: 0,
  ...overrides,
});

const listAnswer = <T,>(rows: T[]) => ({
  data: rows,
  meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
});
const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);
const calls = (fetch: ReturnType<typeof mockFetch>, method: string, prefix: string) =>
  fetch.mock.calls.filter(
    ([url, init]) => (init?.method ?? "GET") === method && String(url).startsWith(prefix),
  );
const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);

describe("teachers list", () => {
  it("shows Activos by default, courses or 'Sin materias asignadas', CSV export and the admin's actions", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/teachers?")
        ? jsonResponse(200, listAnswer([item(1, { courses_count: 2, is_coordinator: true }), item(2)]))
        : undefined,
    );
    renderApp("/teachers");
    expect(await screen.findByText("Nombre1 Apellido1")).toBeInTheDocument();
    const [first, second] = rows();
    expect(first).toHaveTextContent(/Coordinador.*2 materias.*Activo/);
    expect(second).toHaveTextContent(/Profesor.*Sin materias asignadas/);
    expect(queryOf(String(calls(fetch, "GET", "/api/teachers?")[0]![0]))).toMatchObject({ enabled: "1" });
    expect(screen.getByRole("button", { name: /Exportar CSV/ })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Crear profesor" })).toHaveAttribute("href", "/teachers/create");
    expect(within(first!).getByRole("link", { name: /Supervisión/ })).toHaveAttribute(
      "href",
      "/coordinators/1/supervising",
    );
    expect(within(second!).queryByRole("link", { name: /Supervisión/ })).toBeNull();

    await userEvent.click(screen.getByRole("radio", { name: "Inactivos" }));
    await waitFor(() =>
      expect(
        calls(fetch, "GET", "/api/teachers?").some(([url]) => queryOf(String(url)).enabled === "0"),
      ).toBe(true),
    );
  });

  it("/coordinators lists coordinators only, and a low admin gets no write actions", async () => {
    loginAs(Role.lowAdmin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/teachers/coordinators?")
        ? jsonResponse(200, listAnswer([item(3, { is_coordinator: true })]))
        : undefined,
    );
    renderApp("/coordinators");
    expect(await screen.findByText("Nombre3 Apellido3")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Coordinadores" })).toBeInTheDocument();
    expect(calls(fetch, "GET", "/api/teachers/coordinators?")).not.toHaveLength(0);
    expect(screen.queryByRole("link", { name: "Crear profesor" })).toBeNull();
    const table = screen.getByRole("table");
    expect(within(table).getByRole("link", { name: /Ver/ })).toHaveAttribute("href", "/teachers/3");
    expect(within(table).queryByRole("link", { name: /Editar/ })).toBeNull();
    expect(within(table).queryByRole("link", { name: /Horario/ })).toBeNull();
  });
});

describe("teacher form", () => {
  it("validates in Spanish and asks a coordinator for a specialization before sending", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/specializations?")
        ? jsonResponse(200, listAnswer([{ id: 4, code: "INF", title: "Informática" }]))
        : undefined,
    );
    renderApp("/teachers/create");
    await userEvent.click(await screen.findByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El campo nombre es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("El campo correo electrónico es obligatorio.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("switch", { name: "Coordinador" }));
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(
      await screen.findByText("El coordinador debe tener una especialidad asignada."),
    ).toBeInTheDocument();
    expect(calls(fetch, "POST", "/api/teachers")).toHaveLength(0);
  });

  it("creates with a multipart form and the photo, then opens the teacher", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/teachers" && init.method === "POST") return jsonResponse(201, { data: teacher(9) });
      if (url === "/api/teachers/9") return jsonResponse(200, { data: teacher(9) });
      if (url.startsWith("/api/teachers/9/courses")) return jsonResponse(200, listAnswer([]));
      if (url.startsWith("/api/specializations?")) return jsonResponse(200, listAnswer([]));
    });
    const { router, container } = renderApp("/teachers/create");
    await userEvent.type(await screen.findByRole("textbox", { name: /^Nombre/ }), "Luisa");
    await userEvent.type(screen.getByRole("textbox", { name: /^Apellido/ }), "Gómez");
    await userEvent.type(screen.getByRole("textbox", { name: /Cédula/ }), "V-12345678");
    await userEvent.type(screen.getByRole("textbox", { name: /Correo electrónico/ }), "luisa@colegio.test");
    await userEvent.click(screen.getByRole("combobox", { name: /Género/ }));
    await userEvent.click(await screen.findByRole("option", { name: "Femenino" }));
    const photo = new File(["png"], "foto.png", { type: "image/png" });
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, photo);
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/teachers/9"));
    const body = calls(fetch, "POST", "/api/teachers")[0]![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== "profile_picture"))).toEqual({
      first_name: "Luisa",
      last_name: "Gómez",
      identity_document: "V-12345678",
      email: "luisa@colegio.test",
      gender: "female",
      enabled: "1",
      is_coordinator: "0",
    });
    expect((body.get("profile_picture") as File).name).toBe("foto.png");
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Se ha creado el profesor con éxito" }),
    );
  });

  it("refuses a birth date after the school's today before sending", async () => {
    // 01:00 UTC on 26 November is still 25 November, 21:00, at the school (Caracas).
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-26T01:00:00Z"));
    try {
      loginAs(Role.admin);
      const fetch = mockFetch((url) =>
        url.startsWith("/api/specializations?") ? jsonResponse(200, listAnswer([])) : undefined,
      );
      renderApp("/teachers/create");
      await userEvent.type(await screen.findByRole("textbox", { name: /^Nombre/ }), "Luisa");
      await userEvent.type(screen.getByRole("textbox", { name: /^Apellido/ }), "Gómez");
      await userEvent.type(screen.getByRole("textbox", { name: /Cédula/ }), "V-12345678");
      await userEvent.type(screen.getByRole("textbox", { name: /Correo electrónico/ }), "luisa@colegio.test");
      await userEvent.click(screen.getByRole("combobox", { name: /Género/ }));
      await userEvent.click(await screen.findByRole("option", { name: "Femenino" }));
      const birth = screen.getByRole("textbox", { name: "Fecha de nacimiento" });
      await userEvent.type(birth, "26/11/2026");
      await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
      expect(await screen.findByText("La fecha no puede ser posterior al 25/11/2026.")).toBeInTheDocument();
      expect(birth).toHaveAttribute("aria-invalid", "true");
      expect(calls(fetch, "POST", "/api/teachers")).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it("updates as POST with a PATCH override in multipart", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/teachers/5" && init.method === "POST")
        return jsonResponse(200, { data: teacher(5, { phone: "0414-0000000" }) });
      if (url === "/api/teachers/5")
        return jsonResponse(200, { data: teacher(5, { phone: "0412-1111111" }) });
      if (url.startsWith("/api/teachers/5/courses")) return jsonResponse(200, listAnswer([]));
      if (url.startsWith("/api/specializations?")) return jsonResponse(200, listAnswer([]));
    });
    const { router } = renderApp("/teachers/5/edit");
    const phone = await screen.findByRole("textbox", { name: /Teléfono/ });
    await userEvent.clear(phone);
    await userEvent.type(phone, "0414-0000000");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/teachers/5"));
    const body = calls(fetch, "POST", "/api/teachers/5")[0]![1]!.body as FormData;
    expect(body.get("_method")).toBe("PATCH");
    expect(body.get("phone")).toBe("0414-0000000");
    // A field left empty is sent blank, so the server clears it.
    expect(body.get("address")).toBe("");
  });
});

describe("teacher pages", () => {
  it("shows the lessons sub-page's real empty state", async () => {
    loginAs(Role.coordinator);
    const fetch = mockFetch((url) => {
      if (url === "/api/teachers/7") return jsonResponse(200, { data: teacher(7) });
      if (url.startsWith("/api/teachers/7/lessons?")) return jsonResponse(200, listAnswer([]));
    });
    renderApp("/teachers/7/lessons");
    expect(await screen.findByText("No hay resultados encontrados")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Nombre7 Apellido7" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Clases" })).toHaveAttribute("aria-selected", "true");
    expect(calls(fetch, "GET", "/api/teachers/7/lessons?")).toHaveLength(1);
    // A coordinator cannot edit: no admin actions.
    expect(screen.queryByRole("link", { name: "Editar" })).toBeNull();
  });

  it("shows the teacher's weekly grid with today's column marked (school time zone)", async () => {
    // 03:00 UTC on Wednesday is still Tuesday in Caracas.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-25T03:00:00Z"));
    try {
      loginAs(Role.coordinator);
      mockFetch((url) => {
        if (url === "/api/teachers/7") return jsonResponse(200, { data: teacher(7) });
        if (url === "/api/teachers/7/schedules")
          return jsonResponse(200, {
            data: {
              period_id: 1,
              class_hours: [{ id: 1, start_time: "07:00", end_time: "07:45" }],
              slots: [
                {
                  day: 2,
                  class_hour_id: 1,
                  schedule_id: 3,
                  course_section_id: 4,
                  course: { id: 5, code: "MAT-101", title: "Matemática I" },
                  section: { id: 6, code: "CB-S1A" },
                  classroom: { id: 7, code: "A-101", multiple_sections: false },
                  teachers: [{ id: 7, name: "Nombre7 Apellido7" }],
                },
              ],
            },
          });
      });
      renderApp("/teachers/7/schedule");
      expect(await screen.findByText("CB-S1A — Matemática I")).toBeInTheDocument();
      const marked = within(screen.getByTestId("weekly-grid"))
        .getAllByRole("columnheader")
        .filter((h) => h.getAttribute("aria-current") === "date");
      expect(marked.map((h) => h.textContent)).toEqual(["MartesHoy"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("says the teacher was not found when the server refuses a coordinator", async () => {
    loginAs(Role.coordinator);
    mockFetch((url) =>
      url === "/api/teachers/8"
        ? jsonResponse(403, {
            message: "coordinator_not_owner_or_not_supervising",
            description: "El coordinador no supervisa a este profesor.",
          })
        : undefined,
    );
    renderApp("/teachers/8");
    expect(await screen.findByText("No se encontró el profesor")).toBeInTheDocument();
  });

  it("lets an admin choose the supervised teachers of a coordinator", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/teachers/1/assign-teachers" && init.method === "POST")
        return jsonResponse(200, { data: teacher(1, { is_coordinator: true }) });
      if (url === "/api/teachers/1")
        return jsonResponse(200, {
          data: teacher(1, {
            is_coordinator: true,
            supervised_teachers: [{ id: 2, first_name: "Nombre2", last_name: "Apellido2" }],
          }),
        });
      if (url.startsWith("/api/teachers?"))
        return jsonResponse(200, listAnswer([item(1, { is_coordinator: true }), item(2), item(3)]));
    });
    renderApp("/coordinators/1/supervising");
    const second = await screen.findByRole("checkbox", { name: /Nombre2 Apellido2/ });
    expect(second).toBeChecked();
    // The coordinator is not offered to themselves.
    expect(screen.queryByRole("checkbox", { name: /Nombre1 Apellido1/ })).toBeNull();
    await userEvent.click(screen.getByRole("checkbox", { name: /Nombre3 Apellido3/ }));
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(calls(fetch, "POST", "/api/teachers/1/assign-teachers")).toHaveLength(1));
    const sent = JSON.parse(String(calls(fetch, "POST", "/api/teachers/1/assign-teachers")[0]![1]!.body));
    expect(sent).toEqual({ teacher_ids: [2, 3] });
  });
});
