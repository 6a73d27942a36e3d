import type { Browser, Page } from "@playwright/test";
import {
  accounts,
  expect,
  loginThroughUi,
  loginViaApi,
  sidebar,
  storageKeys,
  storedSession,
  test,
} from "./support";

const loginHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "¡Bienvenido!" });
const homeHeading = (page: Page) => page.getByRole("heading", { level: 1, name: "Hola, Administrador Demo" });

async function logout(page: Page) {
  await page.getByRole("button", { name: "Menú de usuario" }).click();
  await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
}

/** Logs the admin in through the form, with or without "Recordarme". */
async function loginAdmin(page: Page, remember: boolean) {
  await page.goto("/");
  if (remember) await page.getByRole("checkbox", { name: "Recordarme" }).check();
  await loginThroughUi(page, accounts.admin.email, accounts.admin.password);
}

/** A new browser started from what a context keeps on disk (cookies and localStorage, not sessionStorage). */
async function reopenedBrowser(browser: Browser, from: Awaited<ReturnType<Browser["newContext"]>>) {
  return browser.newContext({ storageState: await from.storageState() });
}

test.describe("sesión en varias pestañas (issue 13, punto 1; spec.md §4)", () => {
  for (const remember of [true, false]) {
    test(`iniciar sesión con otra pestaña abierta no la deshace (${remember ? "con" : "sin"} Recordarme)`, async ({
      context,
    }) => {
      const first = await context.newPage();
      const second = await context.newPage();
      await second.goto("/");
      await expect(loginHeading(second)).toBeVisible();

      await loginAdmin(first, remember);
      await expect(first).toHaveURL(/\/home$/);
      await expect(homeHeading(first)).toBeVisible();
      // The other tab follows the login instead of undoing it.
      await expect(second).toHaveURL(/\/home$/);
      await expect(homeHeading(second)).toBeVisible();
      // Both still logged in, the session stored whole, where "Recordarme" says.
      await expect(homeHeading(first)).toBeVisible();
      expect(await storedSession(first)).toMatchObject({ where: remember ? "local" : "tab" });
      await first.reload();
      await expect(homeHeading(first)).toBeVisible();

      // A logout in one tab ends the session in the other.
      await logout(second);
      await expect(second).toHaveURL(/\/$/);
      await expect(first).toHaveURL(/\/$/);
      await expect(loginHeading(first)).toBeVisible();
      expect(await storedSession(first)).toBeNull();
    });
  }

  test("sin Recordarme, una pestaña abierta después recibe la sesión de las abiertas", async ({
    context,
  }) => {
    const first = await context.newPage();
    await loginAdmin(first, false);
    await expect(homeHeading(first)).toBeVisible();

    const later = await context.newPage();
    await later.goto("/classrooms");
    await expect(later).toHaveURL(/\/classrooms$/);
    await expect(sidebar(later)).toBeVisible();
    expect(await storedSession(later)).toMatchObject({ where: "tab" });
  });
});

test.describe("Recordarme (issue 6)", () => {
  test("sin marcar, la sesión termina al cerrar el navegador", async ({ browser }) => {
    const before = await browser.newContext();
    const page = await before.newPage();
    await loginAdmin(page, false);
    await expect(homeHeading(page)).toBeVisible();
    // Nothing that outlives the browser holds the token.
    const saved = await before.storageState();
    expect(JSON.stringify(saved)).not.toContain((await storedSession(page))!.token);

    const after = await reopenedBrowser(browser, before);
    const reopened = await after.newPage();
    await reopened.goto("/home");
    await expect(reopened).toHaveURL(/\/$/);
    await expect(loginHeading(reopened)).toBeVisible();
    await after.close();
    await before.close();
  });

  test("marcado, la sesión sigue al volver a abrir el navegador", async ({ browser }) => {
    const before = await browser.newContext();
    const page = await before.newPage();
    await loginAdmin(page, true);
    await expect(homeHeading(page)).toBeVisible();

    const after = await reopenedBrowser(browser, before);
    const reopened = await after.newPage();
    await reopened.goto("/home");
    await expect(homeHeading(reopened)).toBeVisible();
    expect(await storedSession(reopened)).toMatchObject({ where: "local" });
    await after.close();
    await before.close();
  });
});

test.describe("volver a entrar (issues 6 y 13)", () => {
  test("un enlace abierto sin sesión lleva allí después de iniciar sesión", async ({ page }) => {
    await page.goto("/classrooms?page=2&limit=5");
    await expect(page).toHaveURL(/\/$/);
    await expect(loginHeading(page)).toBeVisible();
    await loginThroughUi(page, accounts.admin.email, accounts.admin.password);
    await expect(page).toHaveURL(/\/classrooms\?page=2&limit=5$/);
    await expect(page.getByRole("heading", { name: "Listado de aulas" }).first()).toBeVisible();
  });

  test("tras un 401 a mitad de sesión, la pantalla de inicio muestra el error del correo", async ({
    page,
  }) => {
    await loginViaApi(page, "admin");
    await expect(homeHeading(page)).toBeVisible();
    // The stored token stops being valid (a forged or outdated one). Changed as the reloaded page starts,
    // after the leaving page has written its session back (the tabs share it), not before.
    await page.addInitScript((key) => {
      const raw = localStorage.getItem(key);
      if (!raw) return;
      const session = JSON.parse(raw) as { token: string };
      if (!session.token.endsWith("x"))
        localStorage.setItem(key, JSON.stringify({ ...session, token: `${session.token}x` }));
    }, storageKeys.session);
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    const email = page.getByRole("textbox", { name: "Correo electrónico", exact: true });
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription("La sesión no es válida, inicie sesión nuevamente.");
  });

  test("un enlace de recuperación inválido dice el motivo del servidor, en un aviso sin botón de cerrar", async ({
    page,
  }) => {
    await page.goto("/confirm-password?token=ya-usado");
    await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill("Nueva-clave-2026");
    await page.getByRole("textbox", { name: "Confirmar contraseña" }).fill("Nueva-clave-2026");
    await page.getByRole("button", { name: "Cambiar contraseña" }).click();
    const notice = page.getByRole("alert").filter({ hasText: "El enlace no es válido o ha expirado" });
    await expect(notice).toBeVisible();
    await expect(page.getByText("Consultar logs para más información")).toHaveCount(0);
    // spec.md §4: a message that closes by itself (5 s) has no close button.
    await expect(notice.getByRole("button")).toHaveCount(0);
  });
});

test.describe("cabecera, palabras e idioma (issues 6 y 13)", () => {
  test("un solo estilo de avatar, el nombre entero al pasar el ratón y el título de la pestaña", async ({
    page,
  }) => {
    await loginViaApi(page, "admin");
    const header = page.getByRole("banner");
    await expect(header.locator(".mantine-Avatar-root")).toHaveText("A");
    await expect(page.getByTestId("header-user-name")).toHaveText("Administrador De…");
    await expect(page.getByTestId("header-user-name")).toHaveAttribute("title", "Administrador Demo");
    await expect(page).toHaveTitle("Inicio · Aula");
    await page.goto("/classrooms");
    await expect(page).toHaveTitle("Listado de aulas · Aula");

    // In English: the tab title and the validation messages too.
    await page.getByRole("button", { name: "Menú de usuario" }).click();
    await page.getByRole("menuitem", { name: "English" }).click();
    await expect(page).toHaveTitle("Classrooms · Aula");
    await page.goto("/profile");
    await expect(page).toHaveTitle("Profile · Aula");
    const card = page.getByRole("region", { name: "Password" });
    await card.getByRole("button", { name: "Change password" }).click();
    await expect(card.getByText("The current password field is required.")).toBeVisible();
    // Back to Spanish for the other journeys of this browser.
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Español" }).click();
    await expect(page).toHaveTitle("Perfil · Aula");
  });

  test("la coordinadora se ve como Coordinadora", async ({ page }) => {
    await loginViaApi(page, "coordinator");
    await expect(page.getByText("Ingresaste como Coordinadora", { exact: true })).toBeVisible();
  });
});

test.describe("carga de una vista (issue 13, punto 7)", () => {
  test("mientras llega el código de la vista se ve un indicador, y si falla el error queda dentro del marco", async ({
    page,
  }) => {
    await loginViaApi(page, "admin");
    await expect(homeHeading(page)).toBeVisible();
    // Hold every script requested from now on: the classrooms page's code.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await held;
      await route.continue();
    });
    await sidebar(page).getByRole("link", { name: "Aulas" }).click();
    await expect(page.getByRole("main").getByRole("status", { name: "Cargando vista..." })).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
    release();
    await expect(page.getByRole("heading", { name: "Listado de aulas" }).first()).toBeVisible();
    await page.unrouteAll({ behavior: "wait" });

    // A page whose code cannot be fetched: the error shows in its place, the sidebar stays.
    await page.goto("/home");
    await expect(homeHeading(page)).toBeVisible();
    await page.route("**/assets/*.js", (route) => route.abort());
    await sidebar(page).getByRole("link", { name: "Aulas" }).click();
    await expect(page.getByRole("main").getByRole("heading", { name: "Ha ocurrido un error" })).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
  });
});
