import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n";
import { sessionStore } from "../../session/store";
import {
  jsonResponse,
  makeUser,
  mockFetch,
  renderApp,
  resetAppState,
  shownNotifications,
} from "../../test/render";
import { userEvent } from "../../test/user-event";

beforeEach(() => resetAppState());
afterEach(() => vi.unstubAllGlobals());

async function fillLogin(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText(/Correo electrónico/), email);
  await userEvent.type(screen.getByLabelText(/Contraseña/), password);
  await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
}

describe("login", () => {
  it("shows the welcome, remember-me and the forgotten-password link", async () => {
    mockFetch();
    const { router } = renderApp("/");
    expect(await screen.findByRole("heading", { name: "¡Bienvenido!" })).toBeInTheDocument();
    expect(screen.getByRole("checkbox", { name: "Recordarme" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("link", { name: "¿Olvidó su contraseña?" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/recover-account"));
    expect(await screen.findByRole("heading", { name: "Recuperar cuenta" })).toBeInTheDocument();
  });

  it("logs in, stores the session and goes to /home", async () => {
    const user = makeUser(5);
    const fetch = mockFetch((url, init) => {
      if (url === "/api/login") {
        expect(JSON.parse(String(init.body))).toEqual({
          email: "admin@example.com",
          password: "secreto",
          remember_me: true,
        });
        return jsonResponse(200, {
          access_token: "tok",
          token_type: "bearer",
          expires_at: "2099-01-01T00:00:00Z",
          user,
        });
      }
    });
    const { router } = renderApp("/login");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Recordarme" }));
    await fillLogin("admin@example.com", "secreto");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(sessionStore.get()).toMatchObject({ token: "tok", user: { id: user.id } });
    expect(fetch.mock.calls[0]![1]!.headers).not.toHaveProperty("Authorization");
    expect(await screen.findByRole("heading", { name: /Hola, Carlos Administrador/ })).toBeInTheDocument();
  });

  it("shows 'Iniciando sesión' while signing in", async () => {
    let answer: (r: Response) => void = () => {};
    mockFetch((url) =>
      url === "/api/login" ? new Promise<Response>((resolve) => (answer = resolve)) : undefined,
    );
    renderApp("/");
    await fillLogin("a@b.co", "x");
    expect(await screen.findByText("Iniciando sesión")).toBeInTheDocument();
    answer(jsonResponse(401, { message: "auth_failed", description: "Por favor verifique sus datos." }));
    await waitFor(() => expect(screen.queryByText("Iniciando sesión")).not.toBeInTheDocument());
  });

  it("puts the 401 error under the e-mail field", async () => {
    mockFetch((url) =>
      url === "/api/login"
        ? jsonResponse(401, { message: "auth_failed", description: "Por favor verifique sus datos." })
        : undefined,
    );
    const { router } = renderApp("/");
    await fillLogin("a@b.co", "wrong");
    const email = screen.getByLabelText(/Correo electrónico/);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(/Por favor verifique sus datos/);
    // The form says it too, where the eye is (no toast: the login page loads no toast code).
    expect(screen.getByRole("alert")).toHaveTextContent("Por favor verifique sus datos.");
    expect(shownNotifications()).toEqual([]);
    expect(router.state.location.pathname).toBe("/");
    expect(sessionStore.get()).toBeNull();
  });

  it("shows the server's Spanish reason for any other refusal, and a lost server", async () => {
    let answer = jsonResponse(400, {
      message: "user_is_disabled",
      description: "El usuario se encuentra deshabilitado.",
    });
    mockFetch((url) => (url === "/api/login" ? answer : undefined));
    renderApp("/");
    await fillLogin("a@b.co", "clave");
    expect(await screen.findByRole("alert")).toHaveTextContent("El usuario se encuentra deshabilitado.");
    expect(screen.getByLabelText(/Correo electrónico/)).not.toHaveAttribute("aria-invalid", "true");

    answer = jsonResponse(429, { message: "too_many_requests", description: "Demasiados intentos." });
    await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent("Demasiados intentos."));

    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await userEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("No fue posible contactar con el servidor"),
    );
  });

  it("puts a 422's field messages under their fields", async () => {
    mockFetch((url) =>
      url === "/api/login"
        ? jsonResponse(422, {
            message: "validation_failed",
            errors: { password: ["El campo contraseña no debe ser mayor que 255 caracteres."] },
          })
        : undefined,
    );
    renderApp("/");
    await fillLogin("a@b.co", "clave");
    await screen.findByRole("alert");
    expect(screen.getByRole("alert")).toHaveTextContent("Por favor verifique la información ingresada");
    expect(screen.getByLabelText(/^Contraseña/)).toHaveAccessibleDescription(
      "El campo contraseña no debe ser mayor que 255 caracteres.",
    );
  });

  it("validates before sending", async () => {
    const fetch = mockFetch();
    renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: "Iniciar sesión" }));
    // The shared schema's Spanish messages, the same the server's 422 would carry.
    expect(await screen.findByText("El campo correo electrónico es obligatorio.")).toBeInTheDocument();
    expect(screen.getByText("El campo contraseña es obligatorio.")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe("recover account", () => {
  it("asks for the e-mail and says a recovery e-mail will be sent shortly", async () => {
    const fetch = mockFetch((url) =>
      url.startsWith("/api/password-reset/") ? jsonResponse(200, {}) : undefined,
    );
    renderApp("/recover-account");
    await userEvent.type(await screen.findByLabelText(/Correo electrónico/), "ana@example.com");
    await userEvent.click(screen.getByRole("button", { name: "Enviar correo de recuperación" }));
    expect(
      await screen.findByText(/En breve recibirá un correo de recuperación en ana@example.com/),
    ).toBeInTheDocument();
    expect(fetch.mock.calls[0]![0]).toBe("/api/password-reset/ana%40example.com");
  });
});

describe("confirm account and password", () => {
  it("confirms an account with the link's token, then goes to login", async () => {
    const fetch = mockFetch((url) => (url === "/api/confirm-account" ? jsonResponse(200, {}) : undefined));
    const { router } = renderApp("/confirm-account?token=abc");
    await userEvent.type(await screen.findByLabelText(/^Contraseña/), "nueva-clave");
    await userEvent.type(screen.getByLabelText(/Confirmar contraseña/), "nueva-clave");
    await userEvent.click(screen.getByRole("button", { name: "Confirmar cuenta" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      token: "abc",
      password: "nueva-clave",
      password_confirmation: "nueva-clave",
    });
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Su cuenta ha sido confirmada" }),
    );
  });

  it("sets a new password from the recovery link", async () => {
    mockFetch((url) => (url === "/api/recover-password" ? jsonResponse(200, {}) : undefined));
    const { router } = renderApp("/confirm-password?token=xyz");
    await userEvent.type(await screen.findByLabelText(/^Contraseña/), "otra-clave-1");
    await userEvent.type(screen.getByLabelText(/Confirmar contraseña/), "otra-clave-2");
    await userEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
    expect(await screen.findByText("La confirmación de contraseña no coincide.")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/Confirmar contraseña/));
    await userEvent.type(screen.getByLabelText(/Confirmar contraseña/), "otra-clave-1");
    await userEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(shownNotifications()).toContainEqual(
      expect.objectContaining({ message: "Su contraseña ha sido cambiada" }),
    );
  });

  it("explains a link without token", async () => {
    mockFetch();
    renderApp("/confirm-password");
    expect(await screen.findByText(/El enlace no es válido/)).toBeInTheDocument();
  });
});

describe("shell conformance (issues 6 and 13)", () => {
  const loginAnswer = (user = makeUser(5)) =>
    jsonResponse(200, { access_token: "tok", token_type: "bearer", expires_at: null, user });

  it("without Recordarme the session is kept in sessionStorage only (ends with the browser)", async () => {
    mockFetch((url) => (url === "/api/login" ? loginAnswer() : undefined));
    const { router } = renderApp("/");
    await fillLogin("admin@example.com", "secreto");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(sessionStore.get()).toMatchObject({ token: "tok", remember: false });
    expect(sessionStorage.getItem("aula.session")).toContain('"token":"tok"');
    expect(localStorage.getItem("aula.session")).toBeNull();
  });

  it("with Recordarme the session is kept in localStorage", async () => {
    mockFetch((url) => (url === "/api/login" ? loginAnswer() : undefined));
    const { router } = renderApp("/");
    await userEvent.click(await screen.findByRole("checkbox", { name: "Recordarme" }));
    await fillLogin("admin@example.com", "secreto");
    await waitFor(() => expect(router.state.location.pathname).toBe("/home"));
    expect(localStorage.getItem("aula.session")).toContain('"token":"tok"');
    expect(sessionStorage.getItem("aula.session")).toBeNull();
  });

  it("a deep link opened while logged out lands there after login", async () => {
    mockFetch((url) => {
      if (url === "/api/login") return loginAnswer();
      if (url.startsWith("/api/classrooms"))
        return jsonResponse(200, {
          data: [],
          meta: { total: 0, per_page: 10, current_page: 2, last_page: 1 },
        });
    });
    const { router } = renderApp("/classrooms?page=2&search=lab");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    await fillLogin("admin@example.com", "secreto");
    await waitFor(() => expect(router.state.location.pathname).toBe("/classrooms"));
    expect(router.state.location.search).toBe("?page=2&search=lab");
  });

  it("after a 401 in the middle of a session the login screen shows the e-mail field error", async () => {
    sessionStore.start("old", null, makeUser(5));
    mockFetch((url) =>
      url === "/api/users/me"
        ? jsonResponse(401, {
            message: "token_expired",
            description: "Su sesión ha expirado, inicie sesión nuevamente.",
          })
        : undefined,
    );
    const { router } = renderApp("/home");
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    const email = await screen.findByLabelText(/Correo electrónico/);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription("Su sesión ha expirado, inicie sesión nuevamente.");
  });

  it("a reused recovery link shows the server's reason, not 'Consultar logs'", async () => {
    mockFetch((url) =>
      url === "/api/recover-password"
        ? jsonResponse(400, {
            message: "invalid_token",
            description: "El enlace no es válido o ha expirado. Solicite uno nuevo.",
          })
        : undefined,
    );
    renderApp("/confirm-password?token=used");
    await userEvent.type(await screen.findByLabelText(/^Contraseña/), "otra-clave-1");
    await userEvent.type(screen.getByLabelText(/Confirmar contraseña/), "otra-clave-1");
    await userEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
    expect(
      await screen.findByText("El enlace no es válido o ha expirado. Solicite uno nuevo."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Consultar logs para más información")).not.toBeInTheDocument();
  });

  it("with English chosen, validation messages and the tab title are in English", async () => {
    await i18n.changeLanguage("en");
    const fetch = mockFetch();
    renderApp("/");
    await userEvent.click(await screen.findByRole("button", { name: "Sign in" }));
    expect(await screen.findByText("The email field is required.")).toBeInTheDocument();
    expect(screen.getByText("The password field is required.")).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(document.title).toBe("Sign in · Aula"));
  });
});
