import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { Administrator } from "../../api/administrators";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => {
  resetAppState();
  URL.createObjectURL = vi.fn(() => "blob:preview-1");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const account = (id: number, overrides: Partial<Administrator> = {}): Administrator => ({
  id,
  type: Role.lowAdmin,
  name: `Persona ${id}`,
  email: `persona${id}@colegio.test`,
  profile_picture: null,
  disabled: false,
  confirmed: true,
  created_at: "2026-11-20T12:00:00.000Z",
  ...overrides,
});

const listAnswer = (rows: Administrator[]) => ({
  data: rows,
  meta: { total: rows.length, per_page: 10, current_page: 1, last_page: 1 },
});

const queryOf = (url: string) => Object.fromEntries(new URL(url, "http://x").searchParams);
const rows = () => within(screen.getByRole("table")).getAllByRole("row").slice(1);
const calls = (fetch: ReturnType<typeof mockFetch>, method: string, prefix: string) =>
  fetch.mock.calls.filter(
    ([url, init]) => (init?.method ?? "GET") === method && String(url).startsWith(prefix),
  );

describe("administrators list", () => {
  it("shows roles, Activo/Inactivo badges and the actions each account allows", async () => {
    // The logged-in administrator is user 1.
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/users?")
        ? jsonResponse(
            200,
            listAnswer([
              account(1, { type: Role.admin, name: "Carlos Administrador" }),
              account(2, { name: "Ana Asistente", disabled: true, confirmed: false }),
              account(3, { type: Role.god, name: "Gran Jefe" }),
            ]),
          )
        : undefined,
    );
    renderApp("/administrators");
    // The first test of the file imports the lazy area cold (slow on a busy machine).
    expect(await screen.findByText("Ana Asistente", {}, { timeout: 30_000 })).toBeInTheDocument();
    const [me, assistant, god] = rows();
    expect(me).toHaveTextContent(/Carlos Administrador.*Administrador.*Activo.*Confirmada/);
    expect(assistant).toHaveTextContent(
      /Ana Asistente.*persona2@colegio\.test.*Asistente.*Inactivo.*Sin confirmar/,
    );
    expect(god).toHaveTextContent(/Gran Jefe.*Administrador general/);
    // Nobody disables themself; god's account is not changed by an administrator.
    expect(within(me!).queryByRole("button", { name: /Deshabilitar/ })).not.toBeInTheDocument();
    expect(within(god!).queryByRole("button", { name: /Deshabilitar/ })).not.toBeInTheDocument();
    expect(within(assistant!).getByRole("button", { name: "Habilitar Ana Asistente" })).toBeInTheDocument();
    expect(within(assistant!).getByRole("link", { name: "Ver Ana Asistente" })).toHaveAttribute(
      "href",
      "/administrators/2",
    );
    expect(screen.getByRole("button", { name: "Exportar CSV" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Crear administrador" })).toHaveAttribute(
      "href",
      "/administrators/create",
    );
    const trail = screen.getByRole("navigation", { name: "Ruta de navegación" });
    expect(within(trail).getByText("Listado de administradores")).toBeInTheDocument();
    expect(queryOf(String(calls(fetch, "GET", "/api/users?")[0]![0]))).toEqual({ page: "1", limit: "10" });
  });

  it("filters by role and state through the URL and the request", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url) =>
      url.startsWith("/api/users?") ? jsonResponse(200, listAnswer([account(2)])) : undefined,
    );
    const { router } = renderApp("/administrators");
    await screen.findByText("Persona 2");
    await userEvent.click(screen.getByRole("combobox", { name: "Filtrar por rol" }));
    await userEvent.click(await screen.findByRole("option", { name: "Asistente" }));
    await waitFor(() => expect(router.state.location.search).toContain("type=4"));
    await userEvent.click(screen.getByRole("combobox", { name: "Filtrar por estado" }));
    await userEvent.click(await screen.findByRole("option", { name: "Inactivo" }));
    await waitFor(() =>
      expect(queryOf(String(calls(fetch, "GET", "/api/users?").at(-1)![0]))).toEqual({
        page: "1",
        limit: "10",
        type: "4",
        enabled: "0",
      }),
    );
  });

  it("disables an account after Sí in the confirmation", async () => {
    loginAs(Role.admin);
    let disabled = false;
    const fetch = mockFetch((url, init) => {
      if (url === "/api/users/2/enabled" && init.method === "PATCH") {
        disabled = true;
        return jsonResponse(200, { data: account(2, { disabled: true }) });
      }
      if (url.startsWith("/api/users?")) return jsonResponse(200, listAnswer([account(2, { disabled })]));
    });
    renderApp("/administrators");
    await userEvent.click(await screen.findByRole("button", { name: "Deshabilitar Persona 2" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent("¿Desea deshabilitar la cuenta de Persona 2?");
    await userEvent.click(within(dialog).getByRole("button", { name: "Sí" }));
    await waitFor(() => expect(calls(fetch, "PATCH", "/api/users/2/enabled")).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, "PATCH", "/api/users/2/enabled")[0]![1]!.body))).toEqual({
      enabled: false,
    });
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({ message: "Se ha deshabilitado la cuenta con éxito" }),
      ),
    );
    expect(await screen.findByRole("button", { name: "Habilitar Persona 2" })).toBeInTheDocument();
  });
});

describe("create administrator", () => {
  it("validates in Spanish with the shared schema before sending anything", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch();
    renderApp("/administrators/create");
    await userEvent.click(await screen.findByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("El campo nombre es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("El campo correo electrónico es obligatorio.")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("textbox", { name: /Correo electrónico/ }), "no-es-correo");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(
      await screen.findByText("El campo correo electrónico no es un correo válido."),
    ).toBeInTheDocument();
    expect(calls(fetch, "POST", "/api/users")).toHaveLength(0);
  });

  it("sends a multipart form with the photo and the role, then opens the new account", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/users" && init.method === "POST")
        return jsonResponse(201, {
          data: account(9, { name: "Nueva Persona", type: Role.admin, confirmed: false }),
        });
      if (url === "/api/users/9")
        return jsonResponse(200, { data: account(9, { name: "Nueva Persona", confirmed: false }) });
    });
    const { router, container } = renderApp("/administrators/create");
    await userEvent.type(await screen.findByRole("textbox", { name: /Nombre/ }), "Nueva Persona");
    await userEvent.type(screen.getByRole("textbox", { name: /Correo electrónico/ }), "nueva@colegio.test");
    await userEvent.click(screen.getByRole("combobox", { name: /Rol/ }));
    await userEvent.click(await screen.findByRole("option", { name: "Administrador" }));
    const photo = new File(["png"], "foto.png", { type: "image/png" });
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, photo);
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/administrators/9"));
    const body = calls(fetch, "POST", "/api/users")[0]![1]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([k]) => k !== "profile_picture"))).toEqual({
      name: "Nueva Persona",
      email: "nueva@colegio.test",
      type: "5",
    });
    expect((body.get("profile_picture") as File).name).toBe("foto.png");
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Se ha creado el administrador con éxito" }),
    );
  });

  it("shows the server's refusal of a duplicate e-mail and of a photo that is not an image", async () => {
    loginAs(Role.admin);
    mockFetch((url, init) =>
      url === "/api/users" && init.method === "POST"
        ? jsonResponse(422, {
            message: "validation_failed",
            errors: {
              email: ["El valor del campo correo electrónico ya está en uso."],
              profile_picture: ["El campo foto de perfil debe ser una imagen."],
            },
          })
        : undefined,
    );
    renderApp("/administrators/create");
    await userEvent.type(await screen.findByRole("textbox", { name: /Nombre/ }), "Repetida");
    await userEvent.type(screen.getByRole("textbox", { name: /Correo electrónico/ }), "admin@colegio.test");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(
      await screen.findByText("El valor del campo correo electrónico ya está en uso."),
    ).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Correo electrónico/ })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(screen.getByText("El campo foto de perfil debe ser una imagen.")).toBeInTheDocument();
  });
});

describe("administrator detail", () => {
  it("resends the confirmation e-mail of an unconfirmed account and saves changes", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/users/2/send-account-confirm" && init.method === "POST")
        return jsonResponse(200, { message: "account_confirmation_sent" });
      if (url === "/api/users/2" && init.method === "PATCH")
        return jsonResponse(200, {
          data: account(2, { confirmed: false, name: "Nombre Cambiado", type: Role.admin }),
        });
      if (url === "/api/users/2") return jsonResponse(200, { data: account(2, { confirmed: false }) });
    });
    renderApp("/administrators/2");
    expect(await screen.findByRole("heading", { level: 1, name: "Persona 2" })).toBeInTheDocument();
    expect(screen.getByText("Sin confirmar")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Reenviar correo de confirmación" }));
    await waitFor(() => expect(calls(fetch, "POST", "/api/users/2/send-account-confirm")).toHaveLength(1));
    await waitFor(() =>
      expect(shownNotifications()).toContainEqual(
        expect.objectContaining({ message: "Se ha enviado el correo de confirmación" }),
      ),
    );

    const name = screen.getByRole("textbox", { name: /Nombre/ });
    await userEvent.clear(name);
    await userEvent.type(name, "Nombre Cambiado");
    await userEvent.click(screen.getByRole("combobox", { name: /Rol/ }));
    await userEvent.click(await screen.findByRole("option", { name: "Administrador" }));
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(calls(fetch, "PATCH", "/api/users/2")).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, "PATCH", "/api/users/2")[0]![1]!.body))).toEqual({
      name: "Nombre Cambiado",
      email: "persona2@colegio.test",
      type: 5,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Nombre Cambiado" })).toBeInTheDocument();
  });

  it("on one's own account: no disabling, e-mail and role locked, only the name is sent", async () => {
    loginAs(Role.admin);
    const me = account(1, { type: Role.admin, name: "Carlos Administrador", email: "admin@example.com" });
    const fetch = mockFetch((url, init) => {
      if (url === "/api/users/1" && init.method === "PATCH")
        return jsonResponse(200, { data: { ...me, name: "Carlos A." } });
      if (url === "/api/users/1") return jsonResponse(200, { data: me });
    });
    renderApp("/administrators/1");
    await screen.findByRole("heading", { level: 1, name: "Carlos Administrador" });
    expect(screen.queryByRole("button", { name: /Deshabilitar/ })).not.toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Correo electrónico/ })).toBeDisabled();
    expect(screen.getByText("No puede cambiar su propio rol.")).toBeInTheDocument();
    const name = screen.getByRole("textbox", { name: /Nombre/ });
    await userEvent.clear(name);
    await userEvent.type(name, "Carlos A.");
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(calls(fetch, "PATCH", "/api/users/1")).toHaveLength(1));
    expect(JSON.parse(String(calls(fetch, "PATCH", "/api/users/1")[0]![1]!.body))).toEqual({
      name: "Carlos A.",
    });
  });

  it("god's account is read-only for an administrator", async () => {
    loginAs(Role.admin);
    mockFetch((url) =>
      url === "/api/users/3"
        ? jsonResponse(200, { data: account(3, { type: Role.god, name: "Gran Jefe" }) })
        : undefined,
    );
    renderApp("/administrators/3");
    expect(
      await screen.findByText("Solo el administrador general puede modificar esta cuenta."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Guardar" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Deshabilitar/ })).not.toBeInTheDocument();
  });

  it("is refused to an assistant (admin-only screens)", async () => {
    loginAs(Role.lowAdmin);
    mockFetch();
    const { router } = renderApp("/administrators");
    await waitFor(() => expect(router.state.location.pathname).toBe("/access-denied"));
  });
});
