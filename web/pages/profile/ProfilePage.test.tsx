import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../../common/roles";
import type { UserResource } from "../../../common/schemas/users";
import { sessionStore } from "../../session/store";
import {
  jsonResponse,
  loginAs,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const account = (overrides: Partial<UserResource> = {}): UserResource => ({
  id: 1,
  type: Role.admin,
  name: "Carlos Administrador",
  email: "admin@example.com",
  profile_picture: null,
  disabled: false,
  confirmed: true,
  created_at: "2024-01-01T00:00:00.000Z",
  ...overrides,
});

const section = (name: string) => screen.findByRole("region", { name });
const calls = (fetch: ReturnType<typeof mockFetch>, url: string, method: string) =>
  fetch.mock.calls.filter(([u, init]) => u === url && init?.method === method);
const messages = () => shownNotifications().map((n) => n.message);

describe("profile summary", () => {
  it("shows the avatar, name, e-mail and role, and the breadcrumb", async () => {
    loginAs(Role.lowAdmin);
    mockFetch();
    renderApp("/profile");
    expect(
      await screen.findByRole("heading", { name: "Carlos Administrador", level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getAllByText("admin@example.com").length).toBeGreaterThan(0);
    expect(screen.getByText("Asistente")).toBeInTheDocument();
    const trail = screen.getByRole("navigation", { name: "Ruta de navegación" });
    expect(within(trail).getByText("Perfil")).toBeInTheDocument();
  });

  it("links a student to their own inscriptions; staff get no such section", async () => {
    loginAs(Role.student);
    mockFetch();
    const { unmount } = renderApp("/profile");
    const records = await section("Mis registros");
    expect(within(records).getByRole("link", { name: "Mis inscripciones" })).toHaveAttribute(
      "href",
      "/profile/10/inscriptions",
    );
    unmount();
    loginAs(Role.teacher);
    renderApp("/profile");
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("region", { name: "Mis registros" })).not.toBeInTheDocument();
  });

  it("fetches the picture with the token and shows it", async () => {
    URL.createObjectURL = vi.fn(() => "blob:picture-1");
    URL.revokeObjectURL = vi.fn();
    loginAs(Role.admin, { profile_picture: "/api/users/1/profile-picture?v=abc" });
    const fetch = mockFetch((url) =>
      url === "/api/users/1/profile-picture?v=abc"
        ? new Response(new Blob(["png"], { type: "image/png" }), { headers: { "Content-Type": "image/png" } })
        : undefined,
    );
    const { container } = renderApp("/profile");
    await waitFor(() => expect(container.querySelector('img[src="blob:picture-1"]')).not.toBeNull());
    const [, init] = fetch.mock.calls.find(([u]) => u === "/api/users/1/profile-picture?v=abc")!;
    expect(init?.headers).toMatchObject({ Authorization: "Bearer test-token" });
  });
});

describe("password", () => {
  async function fill(current: string) {
    const box = await section("Contraseña");
    await userEvent.type(within(box).getByLabelText(/^Contraseña actual/), current);
    await userEvent.type(within(box).getByLabelText(/^Nueva contraseña/), "nueva-clave-1");
    await userEvent.type(within(box).getByLabelText(/^Confirmar nueva contraseña/), "nueva-clave-1");
    await userEvent.click(within(box).getByRole("button", { name: "Cambiar contraseña" }));
    return box;
  }

  it("changes it and says 'Su contraseña ha sido cambiada'", async () => {
    loginAs(Role.teacher);
    const fetch = mockFetch((url, init) =>
      url === "/api/users/1/password" && init.method === "PATCH"
        ? jsonResponse(200, { data: account({ type: Role.teacher, email: "ana@example.com" }) })
        : undefined,
    );
    renderApp("/profile");
    const box = await fill("vieja-clave");
    await waitFor(() => expect(messages()).toContain("Su contraseña ha sido cambiada"));
    expect(JSON.parse(String(calls(fetch, "/api/users/1/password", "PATCH")[0]![1]!.body))).toEqual({
      current_password: "vieja-clave",
      password: "nueva-clave-1",
      password_confirmation: "nueva-clave-1",
    });
    expect(within(box).getByLabelText(/^Contraseña actual/)).toHaveValue("");
  });

  it("shows invalid_password under the current password, without the generic 400 notice", async () => {
    loginAs(Role.student);
    mockFetch((url) =>
      url === "/api/users/1/password"
        ? jsonResponse(400, {
            message: "invalid_password",
            description: "La contraseña actual no es correcta.",
          })
        : undefined,
    );
    renderApp("/profile");
    const box = await fill("equivocada");
    expect(await within(box).findByText("La contraseña actual no es correcta.")).toBeInTheDocument();
    expect(within(box).getByLabelText(/^Contraseña actual/)).toHaveAccessibleDescription(
      "La contraseña actual no es correcta.",
    );
    expect(messages()).not.toContain("Consultar logs para más información");
    expect(messages()).not.toContain("Su contraseña ha sido cambiada");
  });

  it("checks the confirmation before sending", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch();
    renderApp("/profile");
    const box = await section("Contraseña");
    await userEvent.type(within(box).getByLabelText(/^Nueva contraseña/), "nueva-clave-1");
    await userEvent.type(within(box).getByLabelText(/^Confirmar nueva contraseña/), "otra-clave-2");
    await userEvent.click(within(box).getByRole("button", { name: "Cambiar contraseña" }));
    expect(await within(box).findByText(/confirmación de (la )?contraseña no coincide/)).toBeInTheDocument();
    expect(within(box).getByText("El campo contraseña actual es obligatorio.")).toBeInTheDocument();
    expect(calls(fetch, "/api/users/1/password", "PATCH")).toHaveLength(0);
  });
});

describe("e-mail and name", () => {
  it("changes the e-mail, says 'Su email ha sido actualizado' and updates the session user", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) =>
      url === "/api/users/1/email" && init.method === "PATCH"
        ? jsonResponse(200, { data: account({ email: "nuevo@example.com" }) })
        : undefined,
    );
    renderApp("/profile");
    const box = await section("Correo electrónico");
    await userEvent.type(within(box).getByLabelText(/^Nuevo correo electrónico/), "nuevo@example.com");
    await userEvent.type(within(box).getByLabelText(/^Contraseña actual/), "secreto");
    await userEvent.click(within(box).getByRole("button", { name: "Cambiar correo" }));
    await waitFor(() => expect(messages()).toContain("Su email ha sido actualizado"));
    expect(JSON.parse(String(calls(fetch, "/api/users/1/email", "PATCH")[0]![1]!.body))).toEqual({
      email: "nuevo@example.com",
      password: "secreto",
    });
    expect(sessionStore.get()?.user.email).toBe("nuevo@example.com");
  });

  it("lets an administrator change the name ('Sus datos han sido actualizados')", async () => {
    loginAs(Role.admin);
    const fetch = mockFetch((url, init) =>
      url === "/api/users/1" && init.method === "PATCH"
        ? jsonResponse(200, { data: account({ name: "Carla Admin" }) })
        : undefined,
    );
    renderApp("/profile");
    const box = await section("Datos personales");
    const input = within(box).getByLabelText(/^Nombre/);
    await userEvent.clear(input);
    await userEvent.type(input, "Carla Admin");
    await userEvent.click(within(box).getByRole("button", { name: "Guardar" }));
    await waitFor(() => expect(messages()).toContain("Sus datos han sido actualizados"));
    expect(JSON.parse(String(calls(fetch, "/api/users/1", "PATCH")[0]![1]!.body))).toEqual({
      name: "Carla Admin",
    });
    expect(sessionStore.get()?.user.name).toBe("Carla Admin");
    expect(await screen.findByRole("heading", { name: "Carla Admin", level: 1 })).toBeInTheDocument();
  });

  it("shows a teacher's name read-only with a note", async () => {
    loginAs(Role.coordinator);
    mockFetch();
    renderApp("/profile");
    const box = await section("Datos personales");
    expect(within(box).getByLabelText("Nombre")).toHaveAttribute("readonly");
    expect(within(box).getByText(/ficha de profesor/)).toBeInTheDocument();
    expect(within(box).queryByRole("button", { name: "Guardar" })).not.toBeInTheDocument();
  });
});

describe("photo", () => {
  it("uploads the chosen picture as multipart and stores the new address", async () => {
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    loginAs(Role.student);
    const fetch = mockFetch((url, init) =>
      url === "/api/users/1/profile-picture" && init.method === "POST"
        ? jsonResponse(200, {
            data: account({ type: Role.student, profile_picture: "/api/users/1/profile-picture?v=new" }),
          })
        : undefined,
    );
    const { container } = renderApp("/profile");
    const box = await section("Foto de perfil");
    const file = new File(["png"], "yo.png", { type: "image/png" });
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, file);
    await userEvent.click(within(box).getByRole("button", { name: "Guardar foto" }));
    await waitFor(() => expect(messages()).toContain("Sus datos han sido actualizados"));
    const body = calls(fetch, "/api/users/1/profile-picture", "POST")[0]![1]!.body as FormData;
    expect((body.get("profile_picture") as File).name).toBe("yo.png");
    expect(sessionStore.get()?.user.profile_picture).toBe("/api/users/1/profile-picture?v=new");
    expect(within(box).queryByRole("button", { name: "Guardar foto" })).not.toBeInTheDocument();
  });
});

describe("photo refused", () => {
  it("a refused picture leaves no preview behind, only the reason", async () => {
    URL.createObjectURL = vi.fn(() => "blob:refused");
    URL.revokeObjectURL = vi.fn();
    loginAs(Role.student);
    mockFetch((url, init) =>
      url === "/api/users/1/profile-picture" && init.method === "POST"
        ? jsonResponse(422, {
            message: "validation_failed",
            errors: { profile_picture: ["El campo foto de perfil debe ser una imagen."] },
          })
        : undefined,
    );
    const { container } = renderApp("/profile");
    const box = await section("Foto de perfil");
    const file = new File(["<html>"], "falsa.png", { type: "image/png" });
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, file);
    expect(container.querySelector('img[src="blob:refused"]')).not.toBeNull();
    await userEvent.click(within(box).getByRole("button", { name: "Guardar foto" }));
    expect(await within(box).findByText("El campo foto de perfil debe ser una imagen.")).toBeInTheDocument();
    expect(container.querySelector('img[src="blob:refused"]')).toBeNull();
    expect(within(box).queryByRole("button", { name: "Guardar foto" })).not.toBeInTheDocument();
  });
});
