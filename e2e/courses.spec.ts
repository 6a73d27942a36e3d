import type { Page } from "@playwright/test";
import { breadcrumbs, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

test.describe("materias", () => {
  test("el administrador ve las materias por especialización, sus secciones y profesores, y asigna profesores", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginViaApi(page, "admin", "/courses");
    await expect(page.getByRole("heading", { level: 1, name: "Materias" })).toBeVisible({ timeout: 30_000 });
    // The current period is chosen: one card per specialization with the pensum it follows.
    const card = page.locator(".mantine-Card-root").filter({ hasText: "Informática" });
    await expect(card).toContainText("Pensum Informática (versión 2)");
    await expectAccessible(page, "materias por especialización");

    await card.getByRole("link", { name: "Ver secciones y profesores" }).click();
    await expect(page).toHaveURL(/\/courses\/periods\/\d+\/specializations\/\d+\/pensum\/\d+\/show$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Secciones y profesores del pensum" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Semestre 1/ })).toBeVisible();
    await expect(page.getByRole("cell", { name: "PRO-201", exact: true })).toBeVisible();
    await expectAccessible(page, "secciones y profesores del pensum");
    await screenshot(page, "courses-pensum-show", { fullPage: true });

    await page.getByRole("link", { name: "Ver materias" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Materias del pensum" })).toBeVisible();
    const row = page
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "PRO-201", exact: true }) });
    await row.getByRole("link", { name: "Asignar profesor" }).click();
    await expect(page).toHaveURL(/\/courses\/\d+\/assign$/);
    await expect(page.getByRole("heading", { level: 1, name: "Asignar profesores" })).toBeVisible();
    await expect(breadcrumbs(page)).toContainText("PRO-201");
    // Each section of the course in the period, with its teachers; saving is possible only after a change.
    const save = page.getByRole("button", { name: "Guardar" }).first();
    await expect(save).toBeDisabled();
    await expectAccessible(page, "asignar profesores");
    await screenshot(page, "courses-assign", { fullPage: true });
  });

  test("el administrador crea una materia y la encuentra entre las materias sin pensum", async ({ page }) => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`.slice(0, 20);
    await loginViaApi(page, "admin", "/courses/make");
    await expect(page.getByRole("heading", { level: 1, name: "Crear materia" })).toBeVisible({
      timeout: 30_000,
    });
    await page.getByRole("textbox", { name: "Código", exact: true }).fill(code);
    await page.getByRole("textbox", { name: "Título", exact: true }).fill("Materia de prueba");
    await page.getByRole("textbox", { name: "Créditos", exact: true }).fill("3");
    // Weekly hours and maximum absences are required: left empty, nothing is saved (no silent 0).
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("El campo horas es obligatorio.")).toBeVisible();
    await expect(page.getByText("El campo máximo de inasistencias es obligatorio.")).toBeVisible();
    await expectAccessible(page, "crear materia");
    await page.getByRole("textbox", { name: "Horas semanales", exact: true }).fill("4");
    await page.getByRole("textbox", { name: "Máximo de inasistencias", exact: true }).fill("6");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Materia creada.")).toBeVisible();
    await page.goto("/courses/all");
    await expect(page.getByRole("heading", { level: 1, name: "Materias sin pensum" })).toBeVisible();
    await expect(page.getByRole("cell", { name: code, exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Exportar CSV" })).toBeVisible();
    await expectAccessible(page, "materias sin pensum");
  });
});
