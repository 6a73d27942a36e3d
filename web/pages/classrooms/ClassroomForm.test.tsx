import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { classroom, listAnswer } from "./test-data";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

const field = (label: RegExp) => screen.getByLabelText(label);
const bodyOf = (fetch: ReturnType<typeof mockFetch>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

async function fillNew() {
  await userEvent.type(await screen.findByLabelText(/Código/), "LAB-1");
  await userEvent.type(field(/Descripción/), "Laboratorio");
  await userEvent.type(field(/Capacidad máxima/), "25");
  await userEvent.click(field(/Múltiples secciones/));
}

describe("create classroom", () => {
  it("sends the form, shows 'Se ha creado el aula con éxito' and goes back to the list", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/classrooms" && init.method === "POST")
        return jsonResponse(201, { data: classroom(9) });
      if (url.startsWith("/api/classrooms?")) return jsonResponse(200, listAnswer([classroom(9)]));
    });
    const { router } = renderApp("/classrooms/create");
    const trail = await screen.findByRole("navigation", { name: "Ruta de navegación" });
    expect(within(trail).getByRole("link", { name: "Listado de aulas" })).toHaveAttribute(
      "href",
      "/classrooms",
    );
    expect(await within(trail).findByText("Crear aula")).toBeInTheDocument();
    await fillNew();
    expect(screen.getByText("5/20")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/classrooms"));
    expect(bodyOf(fetch, "POST")).toEqual([
      { code: "LAB-1", description: "Laboratorio", max_capacity: 25, multiple_sections: true, enabled: true },
    ]);
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Se ha creado el aula con éxito", color: "green" }),
    );
  });

  it("shows the server's 422 field errors under the inputs", async () => {
    loginAs(Role.admin);
    mockFetch((url, init) =>
      url === "/api/classrooms" && init.method === "POST"
        ? jsonResponse(422, {
            message: "validation_failed",
            errors: {
              code: ["El valor del campo código ya está en uso."],
              max_capacity: ["El campo máxima capacidad no debe ser mayor que 500.", "otro"],
            },
          })
        : undefined,
    );
    const { router } = renderApp("/classrooms/create");
    await fillNew();
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El valor del campo código ya está en uso.")).toBeInTheDocument();
    expect(field(/Código/)).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText("El campo máxima capacidad no debe ser mayor que 500.")).toBeInTheDocument();
    expect(screen.queryByText("otro")).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/classrooms/create");
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Por favor verifique la información ingresada" }),
    );
  });

  it("validates with the shared schema before sending", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch();
    renderApp("/classrooms/create");
    await userEvent.click(await screen.findByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El campo código es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("El campo máxima capacidad es obligatorio.")).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);
  });

  it("Cancelar goes back to the list", async () => {
    loginAs(Role.admin);
    mockFetch((url) => (url.startsWith("/api/classrooms?") ? jsonResponse(200, listAnswer([])) : undefined));
    const { router } = renderApp("/classrooms/create");
    await userEvent.click(await screen.findByRole("link", { name: "Cancelar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/classrooms"));
  });
});

describe("edit classroom", () => {
  it("loads the classroom, shows its code in the breadcrumb and saves with PATCH", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/classrooms/3" && init.method === "GET")
        return jsonResponse(200, { data: classroom(3) });
      if (url === "/api/classrooms/3" && init.method === "PATCH")
        return jsonResponse(200, { data: classroom(3, { max_capacity: 40, enabled: false, state: false }) });
      if (url.startsWith("/api/classrooms?")) return jsonResponse(200, listAnswer([classroom(3)]));
    });
    const { router } = renderApp("/classrooms/3/edit");
    const trail = await screen.findByRole("navigation", { name: "Ruta de navegación" });
    await waitFor(() =>
      expect(
        within(trail)
          .getAllByText(/.+/)
          .map((n) => n.textContent),
      ).toEqual(expect.arrayContaining(["Listado de aulas", "A-3", "Editar aula"])),
    );
    const capacity = await screen.findByLabelText(/Capacidad máxima/);
    expect(capacity).toHaveValue("33");
    await userEvent.clear(capacity);
    await userEvent.type(capacity, "40");
    await userEvent.click(field(/Habilitada/));
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/classrooms"));
    expect(bodyOf(fetch, "PATCH")).toEqual([
      { code: "A-3", description: "Aula 3", max_capacity: 40, multiple_sections: false, enabled: false },
    ]);
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Se ha actualizado el aula con éxito" }),
    );
  });
});
