import type { Page } from "@playwright/test";
import {
  breadcrumbs,
  expect,
  expectAccessible,
  loginViaApi,
  schoolDate,
  screenshot,
  storedSession,
  test,
} from "./support";

type PeriodBrief = { id: number; name: string; state: string; enabled: boolean };

async function authHeaders(page: Page) {
  const session = await storedSession(page);
  expect(session).not.toBeNull();
  return { authorization: `Bearer ${session!.token}` };
}

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

test.describe("períodos", () => {
  // A step that cannot happen fails at that step instead of waiting for the test's time to run out.
  test.use({ actionTimeout: 20_000 });

  test("el administrador crea un período con cortes, asigna un pensum por especialidad, ve qué reemplazaría al activarlo y abre inscripciones", async ({
    page,
  }) => {
    // A long journey (four screens, a pensum per specialization) on a shared, busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginViaApi(page, "admin", "/periods");
    await expect(page.getByRole("heading", { level: 1, name: "Períodos" })).toBeVisible();
    const headers = await authHeaders(page);
    const before = (await (await page.request.get("/api/periods?limit=0", { headers })).json()) as {
      data: PeriodBrief[];
    };
    const demoCurrent = before.data.find((p) => p.enabled)!;
    await expect(page.getByRole("cell", { name: demoCurrent.name, exact: true })).toBeVisible();
    await expectAccessible(page, "listado de períodos");
    await screenshot(page, "periods-list", { fullPage: true });

    // A period that starts next week (its pensums can still be chosen) with a free year-number.
    const year = Number(schoolDate().slice(0, 4));
    const name = `${year}-9`;
    await page.getByRole("link", { name: "Crear período" }).click();
    await expect(page).toHaveURL(/\/periods\/make$/);
    await expect(breadcrumbs(page)).toHaveText(/^Períodos\s*\/\s*Crear período$/);
    await page.getByRole("textbox", { name: "Año", exact: true }).fill(String(year));
    await page.getByRole("textbox", { name: "Número", exact: true }).fill("9");
    await page.getByRole("textbox", { name: "Precio del semestre", exact: true }).fill("250,5");
    // A label's text includes the required asterisk ("Fecha de inicio *").
    const date = (label: string, value: string) =>
      page.getByLabel(new RegExp(`^${label.replace(/[()]/g, "\\$&")}\\s*\\*?$`)).fill(value);
    await date("Fecha de inicio", schoolDate(7));
    await date("Fecha de cierre", schoolDate(117));
    await date("Inicio del primer corte", schoolDate(7));
    await date("Cierre del primer corte", schoolDate(60));
    // Second cut starting before the first one ends: the server refuses the order.
    await date("Inicio del segundo corte", schoolDate(50));
    await date("Cierre del segundo corte", schoolDate(117));
    await date("Cierre de la primera mitad", schoolDate(60));
    await date("Cierre de la segunda mitad", schoolDate(117));
    await date("Recordatorio de evaluaciones del primer corte", schoolDate(53));
    await date("Recordatorio de evaluaciones del segundo corte", schoolDate(110));
    await page.getByRole("textbox", { name: "Director(a)", exact: true }).fill("Lcda. Carmen Playwright");
    await page.getByRole("textbox", { name: "Cargo (Director(a))", exact: true }).fill("Directora");
    await expectAccessible(page, "formulario de período");
    await page.getByRole("button", { name: "Guardar" }).click();
    const refused = page.getByRole("dialog", { name: "No se pudo completar la acción" });
    await expect(refused).toContainText("El rango de fechas no es válido.");
    await refused.getByRole("button", { name: "Entendido" }).click();
    await expect(refused).toBeHidden();

    await date("Inicio del segundo corte", schoolDate(63));
    await screenshot(page, "periods-form", { fullPage: true });
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Se ha creado el período con éxito")).toBeVisible();
    await expect(page).toHaveURL(/\/periods\/\d+$/);
    const periodId = Number(new URL(page.url()).pathname.split("/").pop());
    await expect(page.getByRole("heading", { level: 1, name: `Período ${name}` })).toBeVisible();
    await expect(breadcrumbs(page)).toHaveText(new RegExp(`^Períodos\\s*/\\s*${name}$`));
    await expect(page.getByText("250,50")).toBeVisible();
    await expect(page.getByText("Lcda. Carmen Playwright — Directora")).toBeVisible();
    // It starts before the demo's next period: it is the next one now.
    await expect(page.getByText("Próximo", { exact: true })).toBeVisible();
    await expectAccessible(page, "detalle de período");

    // Enabling asks for the typed confirmation, naming the period enabled and the current one it replaces.
    const enableDialog = page.getByRole("dialog", { name: "Activar período" });
    const confirmEnable = async () => {
      await page.getByRole("button", { name: "Activar período" }).click();
      await expect(enableDialog).toContainText(
        `Va a activar el período ${name} en lugar del ${demoCurrent.name}. El ${demoCurrent.name} pasará a ser un período anterior`,
      );
      const code = (await enableDialog.getByTestId("secure-action-code").textContent()) ?? "";
      await enableDialog.getByRole("textbox", { name: "Texto de confirmación" }).fill(code);
      await enableDialog.getByRole("button", { name: "Confirmar" }).click();
    };
    const inscriptions = page.getByRole("switch", { name: "Inscripciones abiertas", exact: true });
    try {
      // Enabling before every specialization has a pensum is refused with the reason.
      await confirmEnable();
      await expect(refused).toContainText("Todas las especializaciones deben tener un pensum asignado.");
      await refused.getByRole("button", { name: "Entendido" }).click();

      // One pensum per specialization, chosen in a dialog.
      const detail = (await (await page.request.get(`/api/periods/${periodId}`, { headers })).json()) as {
        data: { specializations: { title: string }[] };
      };
      expect(detail.data.specializations.length).toBeGreaterThan(0);
      for (const [i, { title }] of detail.data.specializations.entries()) {
        await page.getByRole("button", { name: `Asignar pensum a ${title}` }).click();
        const dialog = page.getByRole("dialog", { name: `Pensum de ${title}` });
        await expect(dialog).toBeVisible();
        const select = dialog.getByRole("combobox", { name: "Pensum" });
        await expect(select).toBeEnabled();
        if (i === 0) await expectAccessible(page, "asignar pensum");
        await select.click();
        const option = page.getByRole("option").first();
        await expect(option).toBeVisible();
        await option.click();
        await dialog.getByRole("button", { name: "Asignar pensum" }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole("button", { name: `Cambiar el pensum de ${title}` })).toBeVisible();
      }
      await expect(page.getByText("Sin pensum asignado")).toHaveCount(0);

      // Enabling it for good would leave the demo's period behind, read-only: the journey stops at the
      // confirmation and cancels (the API tests enable the next period and check what it closes).
      await page.getByRole("button", { name: "Activar período" }).click();
      await expect(enableDialog).toContainText(`en lugar del ${demoCurrent.name}`);
      await expect(enableDialog.getByRole("button", { name: "Confirmar" })).toBeDisabled();
      await expectAccessible(page, "confirmación de activación", "confirmar activación");
      await enableDialog.getByRole("button", { name: "Cancelar" }).click();
      await expect(enableDialog).toBeHidden();
      await expect(page.getByText("Próximo", { exact: true })).toBeVisible();

      // As the next period, it opens inscriptions.
      await expect(inscriptions).toBeEnabled();
      await expect(inscriptions).not.toBeChecked();
      const opened = page.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/periods/${periodId}/open-inscriptions`) && r.request().method() === "PATCH",
      );
      await inscriptions.click();
      expect((await opened).status()).toBe(200);
      await expect(inscriptions).toBeChecked();
      await screenshot(page, "periods-detail", { fullPage: true });
      await expectAccessible(page, "detalle de período con inscripciones abiertas");

      const open = await page.request.get("/api/enabled-inscription-period", { headers });
      expect(((await open.json()) as { data: PeriodBrief }).data.id).toBe(periodId);
    } finally {
      // Leave the demo school as it was for the other journeys.
      const closed = await page.request.patch(`/api/periods/${periodId}/open-inscriptions`, {
        headers,
        data: { enabled_inscriptions: false },
        timeout: 20_000,
      });
      expect(closed.status(), `closing the journey's period: ${await closed.text()}`).toBe(200);
      const deleted = await page.request.delete(`/api/periods/${periodId}`, { headers, timeout: 20_000 });
      expect(deleted.status(), `deleting the journey's period: ${await deleted.text()}`).toBe(204);
    }
  });
});
