import type { Page } from "@playwright/test";
import { breadcrumbs, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

/** Chooses `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

const rowWith = (page: Page, course: string, required: string) =>
  page.getByRole("table").getByRole("row").filter({ hasText: course }).filter({ hasText: required });

test.describe("prelaciones", () => {
  test("el administrador crea una prelación en un pensum y ve rechazada la repetida", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginViaApi(page, "admin", "/prelations");
    await expect(page.getByRole("heading", { level: 1, name: "Prelaciones" })).toBeVisible({
      timeout: 30_000,
    });
    // The demo pensums' prelations are listed for everyone; the admin filters by pensum.
    await expect(rowWith(page, "MAT-102", "MAT-101")).toBeVisible();
    await choose(page, "Especialización", "Informática");
    await choose(page, "Pensum", "Pensum Informática (versión 2)");
    await expect(page).toHaveURL(/pensum_id=\d+/);
    // Only the chosen version's prelations are listed.
    await expect(page.getByRole("cell", { name: /versión 1/ })).toHaveCount(0);
    await expect(rowWith(page, "PRO-202", "PRO-201")).toBeVisible();
    await expectAccessible(page, "listado de prelaciones");

    // Create: the form keeps the chosen pensum; PIN-202 (semester 2) requires BDD-201 (semester 1), partial.
    await page.getByRole("link", { name: "Crear prelación" }).click();
    await expect(page).toHaveURL(/\/prelations\/create\?pensum_id=\d+/);
    await expect(breadcrumbs(page)).toHaveText(/^Prelaciones\s*\/\s*Crear prelación$/);
    await choose(page, "Materia", /^PIN-202 — Proyecto Informático/);
    await choose(page, "Materia requerida", /^BDD-201 — Bases de Datos I /);
    await page.getByText("Parcial", { exact: true }).click();
    await expectAccessible(page, "crear prelación");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Prelación guardada.")).toBeVisible();
    await expect(page).toHaveURL(/\/prelations\?specialization_id=\d+&pensum_id=\d+/);
    const created = rowWith(page, "PIN-202", "BDD-201");
    await expect(created).toBeVisible();
    await expect(created).toContainText("Parcial");
    await screenshot(page, "prelations-list", { fullPage: true });

    // The same prelation again: refused, and the web says so in Spanish.
    await page.getByRole("link", { name: "Crear prelación" }).click();
    await choose(page, "Materia", /^PIN-202 — Proyecto Informático/);
    await choose(page, "Materia requerida", /^BDD-201 — Bases de Datos I /);
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "La prelación ya existe")).toBeVisible();
    await expect(page).toHaveURL(/\/prelations\/create/);

    // The course's edit page lists what it requires.
    await page.goto(`/prelations`);
    await choose(page, "Especialización", "Informática");
    await choose(page, "Pensum", "Pensum Informática (versión 2)");
    await rowWith(page, "PIN-202", "BDD-201").getByRole("link", { name: "Editar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Prelaciones de PIN-202/ })).toBeVisible();
    await expect(page.getByRole("cell", { name: /BDD-201 — Bases de Datos I/ })).toBeVisible();
    await expectAccessible(page, "editar prelaciones");
    await screenshot(page, "prelations-edit", { fullPage: true });
  });

  test("un estudiante ve las prelaciones sin poder modificarlas", async ({ page }) => {
    await loginViaApi(page, "student", "/prelations");
    await expect(page.getByRole("heading", { level: 1, name: "Prelaciones" })).toBeVisible();
    await expect(rowWith(page, "MAT-102", "MAT-101")).toBeVisible();
    await expect(page.getByRole("link", { name: "Crear prelación" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Eliminar" })).toHaveCount(0);
    await expectAccessible(page, "prelaciones (estudiante)");
  });
});
