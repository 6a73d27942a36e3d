import type { Page } from "@playwright/test";
import { expect, expectAccessible, loginViaApi, sidebar, test } from "./support";

const deniedModal = (page: Page) => page.getByRole("dialog", { name: "Acceso denegado" });

/**
 * An in-app navigation to `path` (as a link would do it): a new history entry the router picks up,
 * without reloading the page. Students have no link to /classrooms, so the test makes one up.
 */
async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    const state = (window.history.state ?? {}) as { idx?: number };
    window.history.pushState({ usr: null, key: `e2e${Date.now()}`, idx: (state.idx ?? 0) + 1 }, "", to);
    window.dispatchEvent(new PopStateEvent("popstate", { state: window.history.state }));
  }, path);
}

test.describe("acceso a vistas", () => {
  test("un estudiante que abre /classrooms ve 'Acceso denegado' y 'Regresar' vuelve atrás", async ({
    page,
  }) => {
    await loginViaApi(page, "student");
    await sidebar(page).getByRole("link", { name: "Días feriados", exact: true }).click();
    await expect(page).toHaveURL(/\/holidays$/);
    await expectAccessible(page, "página pendiente (días feriados)");

    await navigateInApp(page, "/classrooms");
    await expect(page).toHaveURL(/\/access-denied$/);
    const modal = deniedModal(page);
    await expect(modal).toBeVisible();
    await expect(modal.getByText("No puede acceder a esta vista", { exact: true })).toBeVisible();
    await expect(modal.getByRole("button")).toHaveText(["Regresar"]);
    await expectAccessible(page, "acceso denegado");
    // Nothing of the classrooms list leaked through.
    await expect(page.getByRole("heading", { name: "Listado de aulas" })).toHaveCount(0);

    await modal.getByRole("button", { name: "Regresar" }).click();
    await expect(page).toHaveURL(/\/holidays$/);
    await expect(deniedModal(page)).toHaveCount(0);
  });

  test("abierta desde la barra de direcciones, 'Regresar' lleva al inicio", async ({ page }) => {
    await loginViaApi(page, "student", "/classrooms");
    await expect(page).toHaveURL(/\/access-denied$/);
    const modal = deniedModal(page);
    await expect(modal.getByText("No puede acceder a esta vista", { exact: true })).toBeVisible();
    await modal.getByRole("button", { name: "Regresar" }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(deniedModal(page)).toHaveCount(0);
    await expect(page.getByText("Ingresaste como Estudiante", { exact: true })).toBeVisible();
  });

  test("un administrador inferior no puede crear aulas", async ({ page }) => {
    await loginViaApi(page, "lowAdmin", "/classrooms/create");
    await expect(page).toHaveURL(/\/access-denied$/);
    await expect(deniedModal(page)).toBeVisible();
  });

  test("una ruta desconocida muestra la página de error (con sesión)", async ({ page }) => {
    await loginViaApi(page, "student", "/esta-ruta/no-existe");
    await expect(page).toHaveURL(/\/esta-ruta\/no-existe$/);
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(page.getByText("La dirección que buscas no existe o fue movida.")).toBeVisible();
    await expectAccessible(page, "página no encontrada (con sesión)");
    // Inside the shell, with a way home.
    await expect(sidebar(page)).toBeVisible();
    await page.getByRole("link", { name: "Ir al inicio", exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test("una ruta desconocida muestra la página de error (visitante)", async ({ page }) => {
    await page.goto("/esta-ruta/no-existe");
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible();
    await expect(sidebar(page)).toHaveCount(0);
    await expectAccessible(page, "página no encontrada (visitante)");
    await page.getByRole("link", { name: "Ir al inicio de sesión", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "¡Bienvenido!" })).toBeVisible();
  });
});
