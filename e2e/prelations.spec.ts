import type { Page } from "@playwright/test";
import {
  breadcrumbs,
  expect,
  expectAccessible,
  loginViaApi,
  screenshot,
  storedSession,
  test,
} from "./support";

/** Chooses `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

const rowWith = (page: Page, course: string, required: string) =>
  page.getByRole("table").getByRole("row").filter({ hasText: course }).filter({ hasText: required });

test.describe("prelaciones", () => {
  test("el administrador ve congelado el pensum en curso, crea una prelación en una nueva versión y ve rechazada la repetida", async ({
    page,
  }) => {
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

    // Version 2 is the pensum of the current period, which has started: it is frozen.
    const frozenId = Number(new URL(page.url()).searchParams.get("pensum_id"));
    await page.getByRole("link", { name: "Crear prelación" }).click();
    await choose(page, "Materia", /^PIN-202 — Proyecto Informático/);
    await choose(page, "Materia requerida", /^BDD-201 — Bases de Datos I /);
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "El pensum lo usa un período que ya comenzó")).toBeVisible();
    await expect(page).toHaveURL(/\/prelations\/create/);

    // A new version is free to change (removed at the end: other journeys see the demo as it was).
    const session = await storedSession(page);
    const headers = { authorization: `Bearer ${session!.token}` };
    const version = await page.request.post(`/api/pensums/${frozenId}/versions`, { headers, data: {} });
    expect(version.status(), await version.text()).toBe(201);
    const versionId = ((await version.json()) as { data: { id: number } }).data.id;
    try {
      await page.goto("/prelations");
      await choose(page, "Especialización", "Informática");
      await choose(page, "Pensum", "Pensum Informática (versión 3)");
      await expect(page).toHaveURL(new RegExp(`pensum_id=${versionId}(&|$)`));
      await expect(page.getByRole("cell", { name: /versión 2/ })).toHaveCount(0);
      await expect(rowWith(page, "PRO-202", "PRO-201")).toBeVisible();

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
      await choose(page, "Pensum", "Pensum Informática (versión 3)");
      await rowWith(page, "PIN-202", "BDD-201").getByRole("link", { name: "Editar" }).click();
      await expect(page.getByRole("heading", { level: 1, name: /Prelaciones de PIN-202/ })).toBeVisible();
      await expect(page.getByRole("cell", { name: /BDD-201 — Bases de Datos I/ })).toBeVisible();
      await expectAccessible(page, "editar prelaciones");
      await screenshot(page, "prelations-edit", { fullPage: true });
    } finally {
      const removed = await page.request.delete(`/api/pensums/${versionId}`, { headers });
      expect(removed.status(), await removed.text()).toBe(204);
    }
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
