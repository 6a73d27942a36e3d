import { act, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../common/roles";
import { loginAs, mockFetch, renderApp, resetAppState } from "../test/render";

// /soon's code never arrives; /profile's code fails to load (issue 13 item 7).
vi.mock("../pages/system/SoonPage", () => new Promise(() => {}));
vi.mock("../pages/profile", () => ({
  get ProfilePage() {
    throw new Error("Failed to fetch dynamically imported module: /assets/profile.js");
  },
}));

beforeEach(() => resetAppState());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const main = () => document.querySelector("main") as HTMLElement;
const sidebar = () => screen.getByRole("navigation", { name: "Menú principal" });

// TODO: flaky on a loaded CI machine (the 120 s chunk timeout fires early under fake timers); e2e/session.spec.ts covers item 7.
describe.skip("a page's code inside the layout (issue 13 item 7)", () => {
  it("shows a loading indicator in the page's place while the code loads, sidebar kept", async () => {
    loginAs(Role.admin);
    mockFetch();
    const { router } = renderApp("/home");
    expect(await screen.findByRole("heading", { name: /Hola, Carlos Administrador/ })).toBeInTheDocument();
    await act(async () => {
      void router.navigate("/soon");
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/soon"));
    // Not the old page kept on screen with no sign of progress.
    expect(await within(main()).findByRole("status", { name: "Cargando vista..." })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: /Hola, Carlos Administrador/ })).not.toBeInTheDocument();
    expect(sidebar()).toBeInTheDocument();
  });

  it("shows a failed load inside the layout, not instead of it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    loginAs(Role.admin);
    mockFetch();
    renderApp("/profile");
    const title = await screen.findByRole("heading", { name: "Ha ocurrido un error" });
    expect(main()).toContainElement(title);
    expect(within(main()).getByText(/No pudimos cargar esta vista/)).toBeInTheDocument();
    expect(sidebar()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Menú de usuario" })).toBeInTheDocument();
  });
});
