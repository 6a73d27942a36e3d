import { expect, expectAccessible, loginThroughUi, test } from "./support";

// Accounts of their own, so the password and picture changes touch no other spec.
const student = { email: "estudiante7@demo.edu.ve", password: "Estudiante123*" };
const teacher = { email: "profesor3@demo.edu.ve", password: "Profesor123*" };
const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("perfil", () => {
  test("un estudiante cambia su contraseña, sigue en sesión y entra luego con la nueva", async ({ page }) => {
    await page.goto("/");
    await loginThroughUi(page, student.email, student.password);
    await expect(page).toHaveURL(/\/home$/);

    await page.getByRole("button", { name: "Menú de usuario" }).click();
    await page.getByRole("menuitem", { name: "Perfil" }).click();
    await expect(page).toHaveURL(/\/profile$/);

    const card = page.getByRole("region", { name: "Contraseña" });
    await card.getByRole("textbox", { name: "Contraseña actual" }).fill("equivocada-1");
    await card.getByRole("textbox", { name: "Nueva contraseña", exact: true }).fill("Nueva-clave-2026");
    await card.getByRole("textbox", { name: "Confirmar nueva contraseña" }).fill("Nueva-clave-2026");
    await card.getByRole("button", { name: "Cambiar contraseña" }).click();
    await expect(card.getByText("La contraseña actual no es correcta.")).toBeVisible();
    await expectAccessible(page, "perfil con error de contraseña", "con error");

    await card.getByRole("textbox", { name: "Contraseña actual" }).fill(student.password);
    await card.getByRole("button", { name: "Cambiar contraseña" }).click();
    await expect(page.getByText("Su contraseña ha sido cambiada")).toBeVisible();

    // The change ended the older sessions; the page carries on with the fresh token it was handed.
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("region", { name: "Correo electrónico" })).toBeVisible();

    await page.goto("/home");
    await page.getByRole("button", { name: "Menú de usuario" }).click();
    await page.getByRole("menuitem", { name: "Cerrar sesión" }).click();
    await expect(page).toHaveURL(/\/$/);
    await loginThroughUi(page, student.email, student.password);
    await expect(page.getByText("Por favor verifique sus datos.").first()).toBeVisible();
    await loginThroughUi(page, student.email, "Nueva-clave-2026");
    await expect(page).toHaveURL(/\/home$/);
  });

  test("un profesor sube su foto de perfil y la ve en la cabecera al volver a entrar", async ({
    page,
    browser,
  }) => {
    await page.goto("/");
    await loginThroughUi(page, teacher.email, teacher.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/profile");

    const card = page.getByRole("region", { name: "Foto de perfil" });
    await card.locator("input[type=file]").setInputFiles({
      name: "foto.png",
      mimeType: "image/png",
      buffer: onePixelPng,
    });
    const upload = page.waitForResponse(
      (r) => r.url().includes("/profile-picture") && r.request().method() === "POST",
    );
    await card.getByRole("button", { name: "Guardar foto" }).click();
    expect((await upload).status()).toBe(200);
    await expect(page.getByText("Sus datos han sido actualizados")).toBeVisible();
    await expectAccessible(page, "perfil con foto nueva");

    // A new browser (empty cache) on the home page: the picture is served only with the session's
    // token, so the header must fetch it with the token to really show it.
    const fresh = await browser.newContext();
    const other = await fresh.newPage();
    await other.goto("/");
    await loginThroughUi(other, teacher.email, teacher.password);
    await expect(other).toHaveURL(/\/home$/);
    const headerPicture = other.locator("header img");
    await expect
      .poll(() =>
        headerPicture.evaluateAll((imgs) =>
          imgs.some(
            (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    await fresh.close();
  });
});
