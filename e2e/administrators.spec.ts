import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { breadcrumbs, expect, expectAccessible, loginViaApi, outboxDir, screenshot, test } from "./support";

/** The confirmation token of the e-mail written to the outbox for `to`, once it is there. */
async function confirmationTokenFor(to: string): Promise<string | null> {
  const files = (await readdir(outboxDir()).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"));
  for (const file of files.sort().reverse()) {
    // Quoted-printable: joined soft line breaks, "=3D" back to "=".
    const text = (await readFile(path.join(outboxDir(), file), "utf8"))
      .replace(/=\r?\n/g, "")
      .replace(/=3D/gi, "=");
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "im").test(text)) continue;
    const match = text.match(/\/confirm-account\?token=([A-Za-z0-9_-]+)/);
    if (match) return match[1]!;
  }
  return null;
}

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

const login = (page: Page, email: string, password: string) =>
  page.request.post("/api/login", { data: { email, password, remember_me: false } });

test.describe("administradores", () => {
  test("el administrador crea una asistente con foto, que confirma su cuenta; la deshabilita y la vuelve a habilitar", async ({
    page,
  }) => {
    const stamp = Date.now().toString(36);
    const email = `asistente.${stamp}@demo.edu.ve`;
    const name = `Lucía Fernández ${stamp}`;
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginViaApi(page, "admin", "/administrators");
    await expect(page.getByRole("heading", { level: 1, name: "Listado de administradores" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "asistente@demo.edu.ve" })).toBeVisible();
    await expectAccessible(page, "listado de administradores");

    // Create: the photo, the name, the e-mail and the role.
    await page.getByRole("link", { name: "Crear administrador" }).click();
    await expect(page).toHaveURL(/\/administrators\/create$/);
    await expect(breadcrumbs(page)).toHaveText(/^Listado de administradores\s*\/\s*Crear administrador$/);
    // A duplicate e-mail is refused under its field, in Spanish.
    await page.getByRole("textbox", { name: "Nombre", exact: true }).fill(name);
    await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill("ADMIN@demo.edu.ve");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("El valor del campo correo electrónico ya está en uso.")).toBeVisible();

    const photo = await sharp({ create: { width: 160, height: 160, channels: 3, background: "#2a6f97" } })
      .png()
      .toBuffer();
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: "lucia.png", mimeType: "image/png", buffer: photo });
    await expect(page.getByRole("img", { name: "Foto seleccionada" })).toBeVisible();
    await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
    const role = page
      .getByRole("textbox", { name: "Rol", exact: true })
      .or(page.getByRole("combobox", { name: "Rol", exact: true }));
    await expect(role).toHaveValue("Asistente");
    await expectAccessible(page, "crear administrador");
    await screenshot(page, "administrators-create", { fullPage: true });
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Se ha creado el administrador con éxito")).toBeVisible();
    await expect(page).toHaveURL(/\/administrators\/\d+$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("Sin confirmar")).toBeVisible();
    // The photo is shown (fetched with the session), not the letter circle.
    await expect(page.locator("img[src^='blob:']").first()).toBeVisible();

    // The confirmation e-mail is in the outbox; resending writes another one.
    await expect.poll(() => confirmationTokenFor(email)).not.toBeNull();
    const first = await confirmationTokenFor(email);
    await page.getByRole("button", { name: "Reenviar correo de confirmación" }).click();
    await expect(toast(page, "Se ha enviado el correo de confirmación")).toBeVisible();
    await expect.poll(() => confirmationTokenFor(email)).not.toBe(first);
    const token = await confirmationTokenFor(email);

    // The assistant confirms the account from the e-mail's link and chooses a password.
    const password = "Lucia-2026*";
    const confirmed = await page.request.post("/api/confirm-account", {
      data: { token, password, password_confirmation: password },
    });
    expect(confirmed.status()).toBe(200);
    expect((await login(page, email, password)).status()).toBe(200);
    await page.reload();
    await expect(page.getByText("Confirmada")).toBeVisible();
    await expectAccessible(page, "detalle del administrador");
    await screenshot(page, "administrators-detail", { fullPage: true });

    // Disable, after Sí: she cannot log in any more.
    await page.getByRole("button", { name: "Deshabilitar", exact: true }).click();
    let dialog = page.getByRole("dialog", { name: "Deshabilitar cuenta" });
    await expect(dialog).toContainText(`¿Desea deshabilitar la cuenta de ${name}?`);
    await expectAccessible(page, "confirmación de deshabilitar");
    await dialog.getByRole("button", { name: "Sí", exact: true }).click();
    await expect(toast(page, "Se ha deshabilitado la cuenta con éxito")).toBeVisible();
    await expect(page.getByText("Inactivo", { exact: true })).toBeVisible();
    const refused = await login(page, email, password);
    expect(refused.status()).toBe(401);
    expect((await refused.json()).message).toBe("user_is_disabled");

    // The list shows her as Inactivo under the state filter, and enables her again.
    await page.goto(`/administrators?enabled=0&search=${encodeURIComponent(email)}`);
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText("Inactivo");
    await expectAccessible(page, "listado filtrado", "cuenta inactiva");
    await row.getByRole("button", { name: `Habilitar ${name}` }).click();
    dialog = page.getByRole("dialog", { name: "Habilitar cuenta" });
    await dialog.getByRole("button", { name: "Sí", exact: true }).click();
    await expect(toast(page, "Se ha habilitado la cuenta con éxito")).toBeVisible();
    expect((await login(page, email, password)).status()).toBe(200);
    await page.goto(`/administrators?search=${encodeURIComponent(email)}`);
    await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Activo");
    await screenshot(page, "administrators-list", { fullPage: true });
  });

  test("una asistente no abre las pantallas de administradores", async ({ page }) => {
    await loginViaApi(page, "lowAdmin", "/administrators");
    await expect(page.getByRole("dialog", { name: "Acceso denegado" })).toBeVisible();
  });
});
