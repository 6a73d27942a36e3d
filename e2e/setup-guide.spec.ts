import { freshServer, startServer, stopServer } from "./servers";
import { expect, expectAccessible, loginAs, screenshot, test } from "./support";

/**
 * A new school (issue 26): its first administrator's home is the setup guide — the steps in order, none
 * done, the first one to take now with its link — and a step done elsewhere shows as done on coming back.
 * This journey runs against a server of its own on an empty database, not the worker's demo school.
 */
const admin = { email: "director@escuela-nueva.edu.ve", password: "Director123*" };

const freshTest = test.extend<{ freshSchool: string }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  freshSchool: async ({}, use, testInfo) => {
    const own = freshServer(testInfo.parallelIndex);
    const child = await startServer(own, {
      demo: false,
      env: { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password },
    });
    try {
      await use(own.url);
    } finally {
      await stopServer(child);
    }
  },
  baseURL: async ({ freshSchool }, use) => {
    await use(freshSchool);
  },
});

freshTest(
  "una escuela nueva: la guía de primeros pasos en orden, y un paso hecho queda listo",
  async ({ page }) => {
    freshTest.setTimeout(180_000);
    await loginAs(page, admin.email, admin.password, "/home");
    const guide = page.getByRole("region", { name: "Primeros pasos de la escuela" });
    await expect(guide).toBeVisible();
    await expect(guide).toContainText("0 de 8 pasos listos");
    // No empty charts beside it on a school with nothing yet.
    await expect(page.getByText("Estudiantes por estado")).toHaveCount(0);
    const steps = guide.getByRole("listitem");
    await expect(steps).toHaveCount(8);
    await expect(steps.first()).toHaveAttribute("aria-current", "step");
    await expect(steps.first()).toContainText("Período académico");
    await expect(steps.first()).toContainText("Aún no hay períodos.");
    await expect(steps.first().getByRole("link", { name: "Crear período" })).toBeVisible();
    await expectAccessible(page, "guía de primeros pasos", "escuela nueva");
    await screenshot(page, "setup-guide");

    // The second step, from its link: a specialization.
    const specializations = guide.locator('[data-step="specializations"]');
    await expect(specializations).toContainText("Pendiente");
    await specializations.getByRole("link", { name: "Crear especialidad" }).click();
    await expect(page).toHaveURL(/\/specializations\/create$/);
    await page.getByLabel("Título").fill("Informática");
    await page.getByLabel("Código").fill("INF");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("Se ha creado la especialidad con éxito")).toBeVisible();

    await page.goto("/home");
    await expect(guide).toContainText("1 de 8 pasos listos");
    await expect(specializations).toContainText("Listo");
    await expect(specializations).toContainText("1 especialidad.");
    await expect(specializations.getByRole("link", { name: "Ver especialidades" })).toBeVisible();
    // The period is still the step to take now.
    await expect(steps.first()).toHaveAttribute("aria-current", "step");
  },
);
