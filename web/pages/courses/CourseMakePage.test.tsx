import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { Course } from "../../api/courses";
import { jsonResponse, loginAs, mockFetch, renderApp, resetAppState } from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const course = (overrides: Partial<Course> = {}): Course => ({
  id: 7,
  code: "FIS-101",
  title: "Física I",
  description: null,
  credits: 4,
  hours: 6,
  max_absences_to_fail: 8,
  enabled: true,
  supports_final_delivery: false,
  pensums: [],
  ...overrides,
});

describe("course form (/courses/make)", () => {
  it("creates a course as a multipart form with booleans as 1/0", async () => {
    let sent: FormData | undefined;
    const fetch = mockFetch((url, init) => {
      if (url === "/api/courses" && init.method === "POST") {
        sent = init.body as FormData;
        return jsonResponse(201, { data: course() });
      }
      if (url.startsWith("/api/courses?"))
        return jsonResponse(200, {
          data: [],
          meta: { total: 0, per_page: 10, current_page: 1, last_page: 1 },
        });
      return undefined;
    });
    loginAs(Role.admin);
    renderApp("/courses/make");
    const user = userEvent.setup();
    await user.type(await screen.findByRole("textbox", { name: /^Código/ }, { timeout: 15_000 }), "FIS-101");
    await user.type(screen.getByRole("textbox", { name: /^Título/ }), "Física I");
    await user.click(screen.getByRole("switch", { name: "Admite entrega final" }));
    // Credits, weekly hours and maximum absences start empty and are required: nothing is sent as 0.
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El campo créditos es obligatorio.")).toBeVisible();
    expect(screen.getByText("El campo horas es obligatorio.")).toBeVisible();
    expect(screen.getByText(/El campo máximo de inasistencias.* es obligatorio\./)).toBeVisible();
    expect(sent).toBeUndefined();
    await user.type(screen.getByRole("textbox", { name: /^Créditos/ }), "0");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText(/El campo créditos debe ser al menos 1/)).toBeVisible();
    await user.clear(screen.getByRole("textbox", { name: /^Créditos/ }));
    await user.type(screen.getByRole("textbox", { name: /^Créditos/ }), "4");
    await user.type(screen.getByRole("textbox", { name: /^Horas semanales/ }), "6");
    await user.type(screen.getByRole("textbox", { name: /^Máximo de inasistencias/ }), "0");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(sent).toBeInstanceOf(FormData));
    expect(Object.fromEntries(sent!.entries())).toEqual({
      code: "FIS-101",
      title: "Física I",
      credits: "4",
      hours: "6",
      max_absences_to_fail: "0",
      enabled: "1",
      supports_final_delivery: "1",
    });
    expect(fetch).toHaveBeenCalled();
  });

  it("loads the course with ?update=ID and saves the changes with PATCH", async () => {
    let patched: unknown;
    mockFetch((url, init) => {
      if (url === "/api/courses/7" && init.method === "PATCH") {
        patched = JSON.parse(String(init.body));
        return jsonResponse(200, { data: course({ title: "Física General" }) });
      }
      if (url === "/api/courses/7") return jsonResponse(200, { data: course() });
      if (url.startsWith("/api/courses?"))
        return jsonResponse(200, {
          data: [],
          meta: { total: 0, per_page: 10, current_page: 1, last_page: 1 },
        });
      return undefined;
    });
    loginAs(Role.admin);
    renderApp("/courses/make?update=7");
    const user = userEvent.setup();
    const title = await screen.findByRole("textbox", { name: /^Título/ }, { timeout: 15_000 });
    expect(screen.getByRole("heading", { level: 1, name: "Editar materia" })).toBeInTheDocument();
    await user.clear(title);
    await user.type(title, "Física General");
    await user.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() =>
      expect(patched).toMatchObject({ code: "FIS-101", title: "Física General", credits: 4 }),
    );
  });
});
