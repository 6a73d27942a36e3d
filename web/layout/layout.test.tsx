import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../common/roles";
import { sessionStore } from "../session/store";
import {
  jsonResponse,
  loginAs,
  makeUser,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../test/render";
import { userEvent } from "../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

describe("user menu", () => {
  it("logs out: calls /api/logout, says goodbye with the first name, clears the session, goes to login", async () => {
    loginAs(Role.teacher);
    const fetch = mockFetch((url) => (url === "/api/logout" ? jsonResponse(204) : undefined));
    const { router } = renderApp("/home");
    await userEvent.click(await screen.findByRole("button", { name: "Menú de usuario" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(fetch.mock.calls.some(([url, init]) => url === "/api/logout" && init?.method === "POST")).toBe(
      true,
    );
    expect(sessionStore.get()).toBeNull();
    expect(shownNotifications()).toContainEqual(expect.objectContaining({ message: "Nos vemos luego Ana" }));
    expect(await screen.findByText("Nos vemos luego Ana")).toBeInTheDocument();
  });

  it("opens the profile and cuts the name at 16 characters", async () => {
    loginAs(Role.admin, { name: "Maximiliano Alejandro Rodríguez" });
    mockFetch();
    const { router } = renderApp("/home");
    expect(await screen.findByTestId("header-user-name")).toHaveTextContent(/^Maximiliano Alej…$/);
    await userEvent.click(screen.getByRole("button", { name: "Menú de usuario" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "Perfil" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/profile"));
  });

  it("switches the language", async () => {
    loginAs(Role.admin);
    mockFetch();
    renderApp("/home");
    await userEvent.click(await screen.findByRole("button", { name: "Menú de usuario" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "English" }));
    // The English texts load on first use (web/i18n/index.ts): the menu turns English a moment later.
    const nav = await screen.findByRole("navigation", { name: "Main menu" });
    expect(await within(nav).findByRole("link", { name: "Classrooms" })).toBeInTheDocument();
  });
});

describe("session refresh", () => {
  it("refreshes the stored user from /api/users/me", async () => {
    const user = loginAs(Role.admin);
    mockFetch((url) =>
      url === "/api/users/me" ? jsonResponse(200, { data: { ...user, name: "Nuevo Nombre" } }) : undefined,
    );
    renderApp("/home");
    await waitFor(() => expect(screen.getByTestId("header-user-name")).toHaveTextContent("Nuevo Nombre"));
    expect(sessionStore.get()?.user.name).toBe("Nuevo Nombre");
  });

  it("ends the session when the token was revoked", async () => {
    loginAs(Role.admin);
    mockFetch((url) =>
      url === "/api/users/me" ? jsonResponse(404, { message: "the_token_has_been_blacklisted" }) : undefined,
    );
    const { router } = renderApp("/home");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(sessionStore.get()).toBeNull();
  });
});

describe("sidebar in the shell", () => {
  it("shows the student's links only", async () => {
    loginAs(Role.student);
    mockFetch();
    renderApp("/home");
    const nav = await screen.findByRole("navigation", { name: "Menú principal" });
    expect(within(nav).getByRole("link", { name: "Mi horario" })).toHaveAttribute(
      "href",
      "/profile/schedule",
    );
    expect(within(nav).queryByRole("link", { name: "Aulas" })).not.toBeInTheDocument();
    expect(within(nav).queryByText("Personal")).not.toBeInTheDocument();
  });

  it("leads an administrator to Retiros (/withdrawals) from the Inscripciones group; nobody else (issue 26)", async () => {
    loginAs(Role.admin);
    mockFetch();
    const { unmount } = renderApp("/home");
    const nav = await screen.findByRole("navigation", { name: "Menú principal" });
    const group = within(nav).getByRole("region", { name: "Inscripciones" });
    expect(within(group).getByRole("link", { name: "Retiros" })).toHaveAttribute("href", "/withdrawals");
    unmount();
    for (const role of [Role.lowAdmin, Role.coordinator, Role.teacher, Role.student]) {
      resetAppState();
      loginAs(role);
      mockFetch();
      const view = renderApp("/home");
      const other = await screen.findByRole("navigation", { name: "Menú principal" });
      expect(within(other).queryByRole("link", { name: "Retiros" }), `role ${role}`).not.toBeInTheDocument();
      view.unmount();
    }
  });
});

describe("breadcrumbs", () => {
  it("shows the trail the page sets", async () => {
    loginAs(Role.admin);
    mockFetch();
    renderApp("/soon");
    const trail = await screen.findByRole("navigation", { name: "Ruta de navegación" });
    expect(await within(trail).findByText("En construcción")).toBeInTheDocument();
  });
});

describe("notification bell", () => {
  const list = [
    {
      id: 1,
      content: "Mensaje antiguo",
      attachment: null,
      created_at: "2024-03-01T10:00:00",
      sender: { name: "Dirección", email: "d@x.co", profile_picture: null },
      pivot: { read_at: null },
      type: 1,
    },
    {
      id: 2,
      content: "Mensaje nuevo del sistema",
      attachment: null,
      created_at: "2024-03-05T08:07:00",
      pivot: { read_at: null },
      type: 6,
    },
  ];

  it("lists unread notifications newest first; 'Marcar como leída' marks one", async () => {
    loginAs(Role.student);
    const read = new Set<number>();
    const fetch = mockFetch((url, init) => {
      if (url.startsWith("/api/notifications?")) {
        expect(url).toBe("/api/notifications?page=1&limit=0&with=sender&unread=true");
        const data = list.filter((n) => !read.has(n.id));
        return jsonResponse(200, {
          data,
          meta: { total: data.length, per_page: data.length, current_page: 1, last_page: 1 },
        });
      }
      if (url === "/api/notifications/2/mark-as-read" && init.method === "PATCH") {
        read.add(2);
        return jsonResponse(204);
      }
    });
    renderApp("/home");
    await userEvent.click(await screen.findByRole("button", { name: "Notificaciones" }));
    const items = await screen.findAllByTestId("notification-item");
    expect(items[0]).toHaveTextContent("Sistema");
    expect(items[0]).toHaveTextContent("05/03/2024 a las 08:07");
    expect(items[0]).toHaveTextContent("Mensaje nuevo del sistema");
    expect(items[1]).toHaveTextContent("Dirección");
    await userEvent.click(within(items[0]!).getByRole("button", { name: "Marcar como leída" }));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => url === "/api/notifications/2/mark-as-read")).toBe(true),
    );
    await waitFor(() => expect(screen.getAllByTestId("notification-item")).toHaveLength(1));
  });

  it("shows an empty list, silently, while the server has no notifications route", async () => {
    loginAs(Role.admin);
    mockFetch();
    renderApp("/home");
    await userEvent.click(await screen.findByRole("button", { name: "Notificaciones" }));
    expect(await screen.findByText("No tiene notificaciones sin leer")).toBeInTheDocument();
    expect(shownNotifications()).toEqual([]);
  });
});

describe("shell conformance (issues 6 and 13)", () => {
  it("the header shows one avatar style: the first letter of the name, not initials", async () => {
    loginAs(Role.admin, { name: "Carlos Administrador" });
    mockFetch();
    renderApp("/home");
    const menu = await screen.findByRole("button", { name: "Menú de usuario" });
    // spec.md §2: a coloured circle with the first letter ("C"), the shared Avatar's fallback.
    await waitFor(() => expect(menu.querySelector(".mantine-Avatar-root")).toHaveTextContent(/^C$/));
    // The home card uses the same avatar.
    const welcome = await screen.findByRole("heading", { name: /Hola, Carlos Administrador/ });
    const card = welcome.closest(".mantine-Card-root") as HTMLElement;
    expect(card.querySelector(".mantine-Avatar-root")).toHaveTextContent(/^C$/);
  });

  it("cuts the header name at 16 characters without a stray space and shows the whole name on hover", async () => {
    loginAs(Role.admin, { name: "Ana María Pérez Gómez" });
    mockFetch();
    renderApp("/home");
    const name = await screen.findByTestId("header-user-name");
    expect(name).toHaveTextContent(/^Ana María Pérez…$/);
    expect(name).toHaveAttribute("title", "Ana María Pérez Gómez");
  });

  it("names the role by gender on the home card (Coordinadora, Profesora)", async () => {
    const base = makeUser(Role.coordinator);
    loginAs(Role.coordinator, { teacher: { ...base.teacher!, gender: "female" } });
    mockFetch();
    renderApp("/home");
    expect(await screen.findByText("Ingresaste como Coordinadora")).toBeInTheDocument();
  });

  it("names the page in the tab title, in the chosen language", async () => {
    loginAs(Role.admin);
    mockFetch();
    renderApp("/soon");
    await waitFor(() => expect(document.title).toBe("En construcción · Aula"));
    await userEvent.click(await screen.findByRole("button", { name: "Menú de usuario" }));
    await userEvent.click(await screen.findByRole("menuitem", { name: "English" }));
    await waitFor(() => expect(document.title).toBe("Under construction · Aula"));
  });

  it("the assistant (low admin) has no Inscripciones group: both its items are admin-only", async () => {
    loginAs(Role.lowAdmin);
    mockFetch();
    renderApp("/home");
    const nav = await screen.findByRole("navigation", { name: "Menú principal" });
    expect(within(nav).getByRole("region", { name: "Personal" })).toBeInTheDocument();
    expect(within(nav).queryByRole("region", { name: "Inscripciones" })).not.toBeInTheDocument();
    expect(within(nav).queryByRole("link", { name: "Reincorporaciones" })).not.toBeInTheDocument();
  });
});
