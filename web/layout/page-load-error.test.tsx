import { screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../common/roles";
import { lazyPage } from "../pages/lazy";
import { pages } from "../pages/registry";
import { loginAs, mockFetch, renderApp, resetAppState } from "../test/render";

// /profile's code fails to load (issue 13 item 7): its registry entry is swapped for a lazy page whose import
// rejects like a chunk the browser could not fetch. Its own file, see page-loading.test.tsx.
pages["/profile"] = lazyPage(() =>
  Promise.reject(new Error("Failed to fetch dynamically imported module: /assets/profile.js")),
);

beforeEach(() => resetAppState());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const main = () => document.querySelector("main") as HTMLElement;
const sidebar = () => screen.getByRole("navigation", { name: "Menú principal" });

describe("a page's code failing inside the layout (issue 13 item 7)", () => {
  it("shows a failed load inside the layout, not instead of it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    loginAs(Role.admin);
    mockFetch();
    renderApp("/profile");
    const title = await screen.findByRole("heading", { name: "Ha ocurrido un error" }, { timeout: 10_000 });
    expect(main()).toContainElement(title);
    expect(within(main()).getByText(/No pudimos cargar esta vista/)).toBeInTheDocument();
    expect(sidebar()).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Menú de usuario" })).toBeInTheDocument();
  });
});
