import { readFile } from "node:fs/promises";
import { expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

/**
 * Documents journey (issue 11): a student asks for a grades certificate, an administrator generates it
 * (PDF e-mailed, request marked generated), the student downloads it, and the public page
 * /verify/{code}, opened without logging in, confirms it and that the downloaded file is the one issued.
 * Axe on every screen.
 */
test("un estudiante pide su constancia de notas, el administrador la genera, el estudiante la descarga y la verificación pública la confirma", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);

  // The student asks.
  await loginViaApi(page, "student", "/document-requests");
  await expect(page.getByRole("heading", { name: "Solicitudes de documentos" })).toBeVisible();
  await expectAccessible(page, "solicitudes de documentos (estudiante)");
  await page.getByRole("button", { name: "Solicitar documento" }).click();
  const dialog = page.getByRole("dialog", { name: "Solicitar documento" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: "Constancia de notas" }).check();
  await dialog.getByRole("textbox", { name: /Observación/ }).fill("Para la universidad");
  await expectAccessible(page, "diálogo Solicitar documento");
  const [created] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith("/api/document-requests") && r.request().method() === "POST",
    ),
    dialog.getByRole("button", { name: "Enviar solicitud" }).click(),
  ]);
  expect(created.status()).toBe(201);
  const { data: request } = (await created.json()) as { data: { id: number } };
  await expect(dialog).toBeHidden();
  const mine = page.getByRole("row").filter({ hasText: `#${request.id}` });
  await expect(mine).toContainText("Constancia de notas");
  await expect(mine).toContainText("Pendiente");

  // An administrator generates it.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginViaApi(admin, "admin", "/document-requests");
  await admin.getByRole("combobox", { name: "Estado" }).click();
  await admin.getByRole("option", { name: "Pendiente" }).click();
  const row = admin.getByRole("row").filter({ hasText: `#${request.id}` });
  await expect(row).toContainText("Pendiente");
  await expectAccessible(admin, "solicitudes de documentos (administrador)");
  await row.getByRole("button", { name: `Generar el documento de la solicitud ${request.id}` }).click();
  const question = admin.getByRole("dialog");
  await expect(question).toContainText("Se generará la Constancia de notas");
  await question.getByRole("button", { name: "Sí" }).click();
  await expect(admin.getByText("Constancia de notas: generada y enviada al estudiante")).toBeVisible();
  await admin.getByRole("combobox", { name: "Estado" }).click();
  await admin.getByRole("option", { name: "Generada" }).click();
  const generated = admin.getByRole("row").filter({ hasText: `#${request.id}` });
  await expect(generated).toContainText("Generada");
  const code = ((await generated.getByRole("link").textContent()) ?? "").trim();
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
  await adminContext.close();

  // The student downloads it.
  await page.reload();
  await expect(mine).toContainText("Generada");
  await expect(mine).toContainText(code);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    mine.getByRole("button", { name: `Descargar el documento de la solicitud ${request.id}` }).click(),
  ]);
  const file = await download.path();
  expect((await readFile(file)).subarray(0, 5).toString()).toBe("%PDF-");
  await screenshot(page, "document-requests-student");

  // Anyone, logged out, verifies it.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/verify/${code}`);
  await expect(visitor.getByRole("heading", { name: "Verificación de documentos" })).toBeVisible();
  await expect(visitor.getByText("Documento válido")).toBeVisible();
  await expect(visitor.getByRole("cell", { name: "Constancia de notas" })).toBeVisible();
  await expect(visitor.getByRole("cell", { name: code })).toBeVisible();
  await expect(visitor.getByText(/•/)).toBeVisible();
  await expectAccessible(visitor, "verificación pública");
  await visitor.locator('input[type="file"]').setInputFiles({
    name: "constancia.pdf",
    mimeType: "application/pdf",
    buffer: await readFile(file),
  });
  await visitor.getByRole("button", { name: "Comprobar el archivo" }).click();
  await expect(visitor.getByText("El archivo es exactamente el documento emitido.")).toBeVisible();
  await expectAccessible(visitor, "verificación pública con el archivo comprobado", "archivo comprobado");
  await screenshot(visitor, "verify-page", { fullPage: true });

  // An edited copy does not match.
  const edited = Buffer.from(await readFile(file));
  const at = Math.floor(edited.length / 2);
  edited[at] = edited[at]! ^ 1;
  await visitor.locator('input[type="file"]').setInputFiles({
    name: "editada.pdf",
    mimeType: "application/pdf",
    buffer: edited,
  });
  await visitor.getByRole("button", { name: "Comprobar el archivo" }).click();
  await expect(visitor.getByText(/El archivo no es el documento emitido/)).toBeVisible();

  // An unknown code.
  await visitor.goto("/verify/ZZZZZZZZZZ");
  await expect(visitor.getByRole("alert")).toContainText("No existe un documento emitido con ese código");
  await visitorContext.close();
});
