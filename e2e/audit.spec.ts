import type { Page } from "@playwright/test";
import {
  accounts,
  breadcrumbs,
  expect,
  expectAccessible,
  loginThroughUi,
  storedSession,
  test,
} from "./support";

const admin = accounts.admin;
const temporaryEmail = "admin.auditoria@demo.edu.ve";

/** Changes the logged-in person's e-mail on /profile, proving it with the current password. */
async function changeOwnEmail(page: Page, email: string) {
  const card = page.getByRole("region", { name: "Correo electrónico" });
  await card.getByRole("textbox", { name: "Nuevo correo electrónico" }).fill(email);
  await card.getByRole("textbox", { name: "Contraseña actual" }).fill(admin.password);
  const saved = page.waitForResponse((r) => r.url().includes("/email") && r.request().method() === "PATCH");
  await card.getByRole("button", { name: "Cambiar correo" }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText("Su email ha sido actualizado").first()).toBeVisible();
}

test.describe("registro de auditoría", () => {
  test("el administrador cambia su correo en el perfil y lo ve en el registro, con valores y filtros", async ({
    page,
  }) => {
    await page.goto("/");
    await loginThroughUi(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/home$/);

    await page.getByRole("button", { name: "Menú de usuario" }).click();
    await page.getByRole("menuitem", { name: "Perfil" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    // There and back again: other journeys sign in with the demo address.
    await changeOwnEmail(page, temporaryEmail);
    await changeOwnEmail(page, admin.email);

    // A visitor asks for a recovery link for a student: recorded without an author.
    const reset = await page.request.post("/api/password-reset/estudiante12@demo.edu.ve");
    expect(reset.status()).toBe(200);

    await page.getByRole("button", { name: "Menú de usuario" }).click();
    await page.getByRole("menuitem", { name: "Registro de auditoría" }).click();
    await expect(page).toHaveURL(/\/audit-log$/);
    await expect(page.getByRole("heading", { name: "Registro de auditoría" })).toBeVisible();
    await expect(breadcrumbs(page).getByText("Registro de auditoría")).toBeVisible();

    const rows = page.getByRole("table").first().locator("tbody tr");
    // The recovery request is handled after its answer: the list shows it once it is written.
    await expect(rows.filter({ hasText: "Recuperación de contraseña solicitada" })).toHaveCount(1, {
      timeout: 15_000,
    });
    const emailRows = rows.filter({ hasText: "Correo electrónico cambiado" });
    await expect(emailRows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Recuperación de contraseña solicitada" })).toContainText(
      "Sistema (sin sesión)",
    );
    // Newest first: the change back to the demo address, made by the admin under the temporary address.
    await expect(emailRows.first()).toContainText(`Administrador Demo · ${temporaryEmail}`);
    await expect(emailRows.last()).toContainText(`Administrador Demo · ${admin.email}`);
    await expectAccessible(page, "registro de auditoría");

    await emailRows
      .first()
      .getByRole("button", { name: /Ver detalles del registro/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Detalle del registro de auditoría" });
    const changes = dialog.getByRole("table", { name: "Cambios" });
    await expect(changes.locator("tbody tr")).toHaveText([
      /Correo electrónico\s*admin\.auditoria@demo\.edu\.ve\s*admin@demo\.edu\.ve/,
    ]);
    await expectAccessible(page, "detalle del registro de auditoría");
    await dialog.getByRole("button", { name: "Cerrar" }).click();
    await expect(dialog).toBeHidden();

    // Filter by action: only the e-mail changes remain, and the filter is in the address.
    await page
      .getByRole("combobox", { name: "Acción" })
      .selectOption({ label: "Correo electrónico cambiado" });
    await expect(page).toHaveURL(/action=user\.email_changed/);
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "Recuperación de contraseña solicitada" })).toHaveCount(0);

    // The old address no longer signs in; the demo one does (the change back worked).
    const old = await page.request.post("/api/login", {
      data: { email: temporaryEmail, password: admin.password },
    });
    expect(old.status()).toBe(401);
  });

  test("el asistente no ve el registro: ni en su menú ni por la dirección", async ({ page }) => {
    await page.goto("/");
    await loginThroughUi(page, accounts.lowAdmin.email, accounts.lowAdmin.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole("button", { name: "Menú de usuario" }).click();
    await expect(page.getByRole("menuitem", { name: "Perfil" })).toBeVisible();
    await expect(page.getByRole("menuitem", { name: "Registro de auditoría" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    await page.goto("/audit-log");
    await expect(page.getByRole("dialog", { name: "Acceso denegado" })).toBeVisible();
  });
});

test.describe("campana de notificaciones", () => {
  test("un estudiante ve sus notificaciones sin leer y marca una como leída", async ({ page }) => {
    const notFound: string[] = [];
    page.on("response", (r) => {
      if (r.url().includes("/api/notifications") && r.status() === 404) notFound.push(r.url());
    });
    await page.goto("/");
    await loginThroughUi(page, accounts.student.email, accounts.student.password);
    await expect(page).toHaveURL(/\/home$/);
    // The bell is opened over the profile page, the same on any day. On the home page it would lie over
    // the list of today's classes, whose links only a day with classes shows (axe then finds the part of a
    // link the bell leaves uncovered too small a target: WCAG 2.5.8).
    await page.goto("/profile");
    await expect(page.getByRole("region", { name: "Contraseña" })).toBeVisible();

    // What the server says is unread for this student (the bell's own call).
    const session = await storedSession(page);
    const unread = await page.request.get("/api/notifications?page=1&limit=0&with=sender&unread=true", {
      headers: { authorization: `Bearer ${session!.token}` },
    });
    expect(unread.status()).toBe(200);
    const count = ((await unread.json()) as { data: unknown[] }).data.length;
    expect(count, "the demo school leaves the student unread notifications").toBeGreaterThan(0);

    await page.getByRole("button", { name: "Notificaciones" }).click();
    const items = page.getByTestId("notification-item");
    await expect(items).toHaveCount(count);
    await expect(items.first()).toContainText(/\d{2}\/\d{2}\/\d{4} a las \d{2}:\d{2}/);
    await expectAccessible(page, "campana de notificaciones");
    const marked = page.waitForResponse((r) => r.url().includes("/mark-as-read"));
    await items.first().getByRole("button", { name: "Marcar como leída" }).click();
    expect((await marked).status()).toBe(200);
    await expect(items).toHaveCount(count - 1);

    // The server kept it: after a reload the bell still lists one fewer.
    await page.reload();
    await page.getByRole("button", { name: "Notificaciones" }).click();
    await expect(page.getByTestId("notification-item")).toHaveCount(count - 1);
    expect(notFound).toEqual([]);
  });
});
