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

test.describe("copias de seguridad", () => {
  test("el administrador crea una copia desde el menú de usuario y la ve en la lista", async ({ page }) => {
    await page.goto("/");
    await loginThroughUi(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/home$/);

    await page.getByRole("button", { name: "Menú de usuario" }).click();
    await page.getByRole("menuitem", { name: "Copias de seguridad" }).click();
    await expect(page).toHaveURL(/\/backups$/);
    await expect(page.getByRole("heading", { name: "Copias de seguridad" })).toBeVisible();
    await expect(breadcrumbs(page).getByText("Copias de seguridad")).toBeVisible();
    const list = page.getByRole("table", { name: "Copias guardadas" });
    const rows = list.locator("tbody tr").filter({ hasText: /aula-backup-.*\.tar\.gz/ });
    const before = await rows.count();
    await expectAccessible(page, "backups");

    const started = page.waitForResponse(
      (r) => r.url().endsWith("/api/backups") && r.request().method() === "POST",
    );
    await page.getByRole("button", { name: "Crear copia ahora" }).click();
    expect((await started).status()).toBe(202);
    // Listed once written (the page asks for the progress while it runs).
    await expect(rows).toHaveCount(before + 1, { timeout: 30_000 });
    await expect(page.getByText("Creando la copia de seguridad…")).toHaveCount(0);
    await expect(page.getByTestId("backup-last")).toHaveText(
      /^\d\d\/\d\d\/\d{4} \d\d:\d\d · [\d,]+ (KB|MB)$/,
    );
    await expect(page.getByRole("button", { name: "Crear copia ahora" })).toBeEnabled();
    await expectAccessible(page, "backups after a backup", "con la copia nueva");
  });

  test("un profesor no tiene acceso: el servidor responde 403", async ({ page }) => {
    await page.goto("/");
    await loginThroughUi(page, accounts.teacher.email, accounts.teacher.password);
    await expect(page).toHaveURL(/\/home$/);
    const token = (await storedSession(page))?.token;
    expect(token).not.toBeNull();
    const res = await page.request.get("/api/backups", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status()).toBe(403);
  });
});
