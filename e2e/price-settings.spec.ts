import type { Page } from "@playwright/test";
import { breadcrumbs, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/**
 * The demo's current period has a price setting of four installments of 125,00 (server/db/seed/money.ts),
 * already copied into every inscribed student's fee; the next period has none.
 */
test.describe("configuración de pagos por período", () => {
  test("el administrador la consulta, la edita sin tocar las cuotas ya copiadas, no puede eliminarla y crea la del próximo período", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginViaApi(page, "admin", "/periods");
    await page.getByRole("link", { name: "Configuración de pagos" }).click();
    await expect(page).toHaveURL(/\/periods\/payment/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Configuración de pagos por período" }),
    ).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: "125,00" });
    await expect(row).toBeVisible();
    await expect(row).toContainText("500,00");
    await expect(row).toContainText("Efectivo, 100% Banco, Transferencia Bancaria, Zelle");
    await expect(page.getByRole("button", { name: /Exportar CSV/ })).toBeVisible();
    await expectAccessible(page, "listado de configuraciones de pago");
    await screenshot(page, "price-settings-list", { fullPage: true });

    // Detail of the current period's setting.
    await row.getByRole("link", { name: "Ver" }).click();
    await expect(page).toHaveURL(/\/periods\/detailsPayments\/\d+$/);
    await expect(
      page.getByRole("heading", { level: 1, name: /^Configuración de pagos del período / }),
    ).toBeVisible();
    await expect(page.getByRole("cell", { name: "500,00" })).toBeVisible();
    await expectAccessible(page, "detalle de la configuración de pagos");

    // Delete is refused: students' fees were copied from it.
    await page.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("button", { name: "Sí" }).click();
    await expect(toast(page, "Ocurrió un error al eliminar la configuración")).toBeVisible();
    await expect(toast(page, "ya se copió en las cuotas de")).toBeVisible();

    // Edit: the late extra changes for the setting only; the dialog asks first.
    await page.getByRole("link", { name: "Editar" }).click();
    await expect(page).toHaveURL(/\/periods\/updatePaymentSetting\/\d+$/);
    await expect(breadcrumbs(page)).toContainText("Editar configuración de pagos");
    await expect(page.getByRole("textbox", { name: "Monto de la cuota 4" })).toHaveValue("125");
    await expectAccessible(page, "editar configuración de pagos");
    const extra = page.getByRole("textbox", { name: "Recargo por atraso" });
    await extra.fill("15,5");
    await page.getByRole("button", { name: "Guardar" }).click();
    const dialog = page.getByRole("dialog", { name: "Cuotas de estudiantes" });
    await expect(dialog).toContainText(
      "¿Desea aplicar los cambios también a las cuotas que aún no tienen pagos?",
    );
    await expectAccessible(page, "pregunta de aplicar a las cuotas");
    await screenshot(page, "price-settings-apply-question");
    await dialog.getByRole("button", { name: "Solo a la configuración" }).click();
    await expect(toast(page, "Se ha actualizado la configuración con éxito")).toBeVisible();
    await expect(page).toHaveURL(/\/periods\/detailsPayments\/\d+$/);
    await expect(page.getByText("15,50")).toBeVisible();

    // Create the next period's setting (the newest period, first in the selector).
    await page.goto("/periods/payment");
    const selector = page.getByRole("combobox", { name: "Período" });
    await expect(selector).toBeEnabled();
    await selector.click();
    await page.getByRole("option").first().click();
    const periodAnswer = page.waitForResponse((r) => /\/api\/periods\/\d+$/.test(r.url()));
    await page.getByRole("link", { name: "Crear configuración de pagos" }).click();
    await expect(page).toHaveURL(/\/periods\/createPayments\/\d+$/);
    const next = ((await (await periodAnswer).json()) as { data: { start_date: string } }).data;
    // Installments fall from 30 days before the period's start to its end: a date years away is refused.
    const typed = (offset: number) => {
      const d = new Date(Date.parse(`${next.start_date}T12:00:00Z`) + offset * 86_400_000);
      return d.toISOString().slice(0, 10).split("-").reverse().join("/");
    };
    await page.getByRole("textbox", { name: "Fecha de la cuota 1" }).fill("15/01/2040");
    await page.getByRole("textbox", { name: "Monto de la cuota 1" }).fill("300,25");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText(/^La fecha (no puede ser posterior|debe estar entre)/).first()).toBeVisible();
    await expect(page).toHaveURL(/\/periods\/createPayments\/\d+$/);
    await page.getByRole("textbox", { name: "Fecha de la cuota 1" }).fill(typed(-14));
    await page.keyboard.press("Tab"); // closes the calendar
    await page.getByRole("button", { name: "Agregar cuota" }).click();
    await page.getByRole("textbox", { name: "Fecha de la cuota 2" }).fill(typed(30));
    await page.getByRole("textbox", { name: "Monto de la cuota 2" }).fill("300");
    const perInstallment = page.getByRole("group", { name: /Métodos de pago por cuota/ });
    await perInstallment.getByRole("checkbox", { name: "Transferencia Bancaria" }).check();
    await perInstallment.getByRole("checkbox", { name: "Zelle" }).check();
    await page
      .getByRole("group", { name: /Métodos de pago completo/ })
      .getByRole("checkbox", { name: "Zelle" })
      .check();
    await expect(page.getByText("600,25")).toBeVisible();
    await expectAccessible(page, "crear configuración de pagos");
    await screenshot(page, "price-settings-create", { fullPage: true });
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Se ha creado la configuración con éxito")).toBeVisible();
    await expect(page).toHaveURL(/\/periods\/detailsPayments\/\d+$/);
    await expect(page.getByRole("cell", { name: "600,25" })).toBeVisible();
    await expect(page.getByText("Transferencia Bancaria, Zelle")).toBeVisible();
  });
});
