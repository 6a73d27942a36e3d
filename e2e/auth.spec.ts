import {
  accounts,
  expect,
  expectAccessible,
  loginThroughUi,
  screenshot,
  storedSession,
  test,
} from "./support";

const loginHeading = (page: import("@playwright/test").Page) =>
  page.getByRole("heading", { level: 1, name: "¡Bienvenido!" });

test.describe("autenticación", () => {
  test("un visitante que abre /home llega al inicio de sesión", async ({ page }) => {
    await page.goto("/home");
    await expect(page).toHaveURL(/\/$/);
    await expect(loginHeading(page)).toBeVisible();
    await expect(page.getByText("Ingrese sus datos para acceder al sistema.")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Recordarme" })).toBeVisible();
    await expect(page.getByRole("link", { name: "¿Olvidó su contraseña?" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
    await expectAccessible(page, "inicio de sesión");
    // No shell for a visitor.
    await expect(page.getByRole("navigation", { name: "Menú principal" })).toHaveCount(0);
    await screenshot(page, "login", { fullPage: true });
  });

  test("una contraseña errada marca el correo con 'Por favor verifique sus datos.'", async ({ page }) => {
    await page.goto("/");
    const email = page.getByRole("textbox", { name: "Correo electrónico", exact: true });
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
    const loginAnswer = page.waitForResponse((r) => r.url().endsWith("/api/login"));
    await loginThroughUi(page, accounts.admin.email, "ContraseñaErrada1*");
    const answer = await loginAnswer;
    expect(answer.status()).toBe(401);
    expect(((await answer.json()) as { message: string }).message).toBe("auth_failed");

    // The error sits under the e-mail field (and a warning toast says the same).
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("Por favor verifique sus datos.");
    await expectAccessible(page, "inicio de sesión con error", "con error");
    await expect(page.getByRole("alert").filter({ hasText: "Por favor verifique sus datos." })).toBeVisible();
    // Still on the login screen, no session stored.
    await expect(page).toHaveURL(/\/$/);
    await expect(loginHeading(page)).toBeVisible();
    expect(await storedSession(page)).toBeNull();
  });

  test("el administrador inicia sesión, cierra sesión y se despide por su nombre", async ({ page }) => {
    await page.goto("/login");
    await loginThroughUi(page, accounts.admin.email, accounts.admin.password);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hola, Administrador Demo" })).toBeVisible();
    await expect(page.getByText("Ingresaste como Administrador")).toBeVisible();
    await expect(page.getByTestId("header-user-name")).toHaveText("Administrador De…");
    await expectAccessible(page, "inicio (administrador)");
    // Without "Recordarme" the session is kept for this browser session only.
    expect(await storedSession(page)).toMatchObject({ where: "tab" });
    await screenshot(page, "admin-home", { fullPage: true });

    // A logged-in user who opens a guest route (/) is sent to /home.
    await page.goto("/");
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Hola, Administrador Demo" })).toBeVisible();

    await page.getByRole("button", { name: "Menú de usuario" }).click();
    await expect(page.getByRole("menuitem", { name: "Perfil" })).toBeVisible();
    await expectAccessible(page, "menú de usuario abierto");
    await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();

    await expect(
      page.getByRole("alert").filter({ hasText: `Nos vemos luego ${accounts.admin.firstName}` }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(loginHeading(page)).toBeVisible();
    expect(await storedSession(page)).toBeNull();

    // The session is over: /home goes back to login.
    await page.goto("/home");
    await expect(page).toHaveURL(/\/$/);
    await expect(loginHeading(page)).toBeVisible();
  });
});
