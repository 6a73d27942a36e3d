import { render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LoginGate } from "./login-entry";
import { sessionStore } from "./session/store";
import { jsonResponse, makeUser, mockFetch, resetAppState } from "./test/render";
import { userEvent } from "./test/user-event";
import { ThemeProvider } from "./theme-provider";

const user = makeUser(1);
const loginAnswer = () =>
  jsonResponse(200, { access_token: "tok", token_type: "bearer", expires_at: null, user });

function renderGate() {
  const openApp = vi.fn();
  render(
    <ThemeProvider env="test">
      <LoginGate openApp={openApp} />
    </ThemeProvider>,
  );
  return openApp;
}

beforeEach(() => resetAppState());
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

describe("the login screen before the app is loaded (web/login-entry.tsx)", () => {
  it("logs in, stores the session and opens the app at /home", async () => {
    mockFetch((url) => (url === "/api/login" ? loginAnswer() : undefined));
    const openApp = renderGate();
    await userEvent.type(await screen.findByLabelText(/Correo electrónico/), "admin@example.com");
    await userEvent.type(screen.getByLabelText(/Contraseña/), "secreto");
    await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    await waitFor(() => expect(openApp).toHaveBeenCalledWith("/home"));
    expect(sessionStore.get()).toMatchObject({ token: "tok", remember: false });
  });

  it("goes back to the deep link a reloaded login screen still carries", async () => {
    window.history.replaceState({ usr: { from: "/classrooms?page=2" }, key: "x", idx: 0 }, "", "/");
    mockFetch((url) => (url === "/api/login" ? loginAnswer() : undefined));
    const openApp = renderGate();
    await userEvent.type(await screen.findByLabelText(/Correo electrónico/), "admin@example.com");
    await userEvent.type(screen.getByLabelText(/Contraseña/), "secreto");
    await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    await waitFor(() => expect(openApp).toHaveBeenCalledWith("/classrooms?page=2"));
  });

  it("opens the app at once for someone already logged in (another tab, or a remembered session)", async () => {
    mockFetch();
    const openApp = renderGate();
    expect(await screen.findByRole("heading", { name: "¡Bienvenido!" })).toBeInTheDocument();
    expect(openApp).not.toHaveBeenCalled();
    sessionStore.start("tok", null, user, true);
    await waitFor(() => expect(openApp).toHaveBeenCalledWith("/home"));
  });
});
