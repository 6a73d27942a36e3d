import { screen, waitFor } from "@testing-library/react";
import { matchRoutes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { guestRoutes, routeAccess } from "../common/access";
import { Role } from "../common/roles";
import { api } from "./api/client";
import { fieldErrorStore } from "./api/field-errors";
import { pendingRequestCount } from "./api/pending";
import es from "./i18n/es.json";
import esAreas from "./i18n/es-areas.json";
import { guestPages, pages } from "./pages/registry";
import { buildRoutes } from "./router";
import { loginAs, mockFetch, renderApp, resetAppState } from "./test/render";
import { userEvent } from "./test/user-event";

beforeEach(() => {
  resetAppState();
  mockFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe("route table", () => {
  it("declares every route of common/access.ts, guest and logged-in", () => {
    const routes = buildRoutes();
    const concrete = (path: string) => path.replace(/:(\w+)\??/g, "1");
    for (const path of [...guestRoutes, ...Object.keys(routeAccess)]) {
      const matches = matchRoutes(routes, concrete(path));
      const leaf = matches?.at(-1)?.route.path;
      expect(leaf, path).toBe(path.replace(/\/:lesson_id\?$/, "/:lesson_id?"));
    }
  });

  it("has a page for every route: no module is left pending", () => {
    const missing = Object.keys(routeAccess).filter((path) => !pages[path] && path !== "/error");
    expect(missing).toEqual([]);
    expect(guestRoutes.filter((path) => !guestPages[path])).toEqual([]);
  });

  it("never says 'próximamente'", () => {
    expect(JSON.stringify([es, esAreas]).toLowerCase()).not.toContain("próximamente");
  });
});

describe("guards", () => {
  it("sends a visitor to the login screen", async () => {
    const { router } = renderApp("/home");
    expect(await screen.findByRole("heading", { name: "¡Bienvenido!" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/");
  });

  it("sends a logged-in user away from guest routes to /home", async () => {
    loginAs(Role.admin);
    const { router } = renderApp("/login");
    expect(await screen.findByRole("heading", { name: /Hola, Carlos Administrador/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/home");
  });

  it("shows the access-denied modal to a student on /classrooms; Regresar leaves it", async () => {
    loginAs(Role.student);
    const { router } = renderApp("/classrooms");
    const dialog = await screen.findByRole("dialog", { name: "Acceso denegado" });
    expect(dialog).toHaveTextContent("No puede acceder a esta vista");
    expect(router.state.location.pathname).toBe("/access-denied");
    await userEvent.click(screen.getByRole("button", { name: "Regresar" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
  });

  it("shows the error page for unknown paths, to visitors and users", async () => {
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Página no encontrada" })).toBeInTheDocument();
  });

  it("shows unknown paths inside the shell for a logged-in user", async () => {
    loginAs(Role.teacher);
    renderApp("/nothing-here");
    expect(await screen.findByRole("heading", { name: "Página no encontrada" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Menú principal" })).toBeInTheDocument();
  });

  it("shows the public preinscription page to visitors", async () => {
    renderApp("/preinscription");
    expect(await screen.findByRole("heading", { name: "Preinscripción" })).toBeInTheDocument();
  });
});

describe("route change", () => {
  it("clears field errors and cancels pending requests", async () => {
    loginAs(Role.admin);
    const { router } = renderApp("/home");
    await screen.findByRole("heading", { name: /Hola/ });
    mockFetch(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        }),
    );
    const call = api.get("/slow").catch((e: unknown) => e);
    fieldErrorStore.set({ email: ["x"] });
    expect(pendingRequestCount()).toBe(1);
    await router.navigate("/soon");
    expect(fieldErrorStore.get()).toEqual({});
    expect(pendingRequestCount()).toBe(0);
    expect(await call).toMatchObject({ kind: "cancelled" });
  });
});
