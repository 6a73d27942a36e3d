import { screen, waitFor, within } from "@testing-library/react";
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
import { userEvent } from "../../test/user-event";
import { classroom, listAnswer } from "./test-data";

beforeEach(() => {
  resetAppState();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const field = (label: RegExp) => screen.getByLabelText(label);
const bodyOf = (fetch: ReturnType<typeof mockFetch>, method: string) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([, init]) => JSON.parse(String(init?.body)));

async function fillNew() {
  await userEvent.type(await screen.findByLabelText(/Código/), "LAB-1");
  await userEvent.type(field(/Descripción/), "Laboratorio");
  await userEvent.type(field(/Máxima capacidad/), "25");
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

describe("capacity out of range", () => {
  it.each([
    ["1000000", "1000000", "El campo máxima capacidad no debe ser mayor que 10000."],
    ["0", "0", "El campo máxima capacidad debe ser al menos 1."],
    ["-5", "-5", "El campo máxima capacidad debe ser al menos 1."],
    ["2.5", "2.5", "El campo máxima capacidad debe ser un número entero."],
  ])("keeps %s as typed and says why it is refused (no silent clamping)", async (typed, shown, message) => {
    loginAs(Role.admin);
    const fetch = mockFetch();
    renderApp("/classrooms/create");
    const capacity = await screen.findByLabelText(/Máxima capacidad/);
    await userEvent.type(capacity, typed);
    await userEvent.tab();
    expect(capacity).toHaveValue(shown);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(capacity).toHaveAttribute("aria-invalid", "true");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(capacity).toHaveValue(shown);
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(0);
  });

  it("names the field in its messages with the words of its label", async () => {
    loginAs(Role.admin);
    mockFetch();
    renderApp("/classrooms/create");
    await userEvent.click(await screen.findByRole("button", { name: "Guardar" }));
    const label = screen.getByText("Máxima capacidad", { selector: "label, label *" }).textContent!;
    const message = await screen.findByText(/capacidad es obligatorio/);
    expect(message.textContent!.toLowerCase()).toContain(label.replace("*", "").trim().toLowerCase());
  });
});

describe("leaving with unsaved changes", () => {
  it("asks first when a link leaves a changed form; No stays, Sí leaves", async () => {
    loginAs(Role.admin);
    mockFetch((url) => (url.startsWith("/api/classrooms?") ? jsonResponse(200, listAnswer([])) : undefined));
    const { router } = renderApp("/classrooms/create");
    await userEvent.type(await screen.findByLabelText(/Código/), "X");
    const trail = screen.getByRole("navigation", { name: "Ruta de navegación" });

    await userEvent.click(within(trail).getByRole("link", { name: "Listado de aulas" }));
    let dialog = await screen.findByRole("dialog", { name: "Cambios sin guardar" });
    expect(dialog).toHaveTextContent(
      "Hay cambios sin guardar en este formulario. ¿Desea salir y descartarlos?",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "No" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe("/classrooms/create");
    expect(screen.getByLabelText(/Código/)).toHaveValue("X");

    await userEvent.click(screen.getByRole("link", { name: "Cancelar" }));
    dialog = await screen.findByRole("dialog", { name: "Cambios sin guardar" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Sí" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/classrooms"));
  });

  it("does not ask for an untouched form, nor for one whose changes were undone", async () => {
    loginAs(Role.admin);
    mockFetch((url) => (url.startsWith("/api/classrooms?") ? jsonResponse(200, listAnswer([])) : undefined));
    const { router } = renderApp("/classrooms/create");
    const code = await screen.findByLabelText(/Código/);
    await userEvent.type(code, "X");
    await userEvent.clear(code);
    await userEvent.click(screen.getByRole("link", { name: "Cancelar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/classrooms"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("makes the browser ask before the tab is closed or reloaded, only while there are changes", async () => {
    loginAs(Role.admin);
    mockFetch();
    renderApp("/classrooms/create");
    const code = await screen.findByLabelText(/Código/);
    const unload = () => {
      const event = new Event("beforeunload", { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await userEvent.type(code, "X");
    expect(unload()).toBe(true);
    await userEvent.clear(code);
    expect(unload()).toBe(false);
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
    const capacity = await screen.findByLabelText(/Máxima capacidad/);
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
