import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { accounts, expect, expectAccessible, loginAs, loginViaApi, screenshot, test } from "./support";

type Inscription = {
  period: { id: number };
  specialization: { id: number; title: string };
  semester: { id: number; number: number; code: string };
  status: string;
};
type StudentItem = { email: string; latest_inscription: Inscription | null };

/** Logs a demo student (any of them) in through the API and opens `path`, as `loginViaApi` does. */
async function loginStudent(page: Page, email: string, path: string) {
  return (await loginAs(page, email, accounts.student.password, path)).access_token;
}

/** A Mantine select's input by its label. */
const selectInput = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).and(page.locator("input"));

const cards = (page: Page) => page.getByRole("list", { name: "Portadas" }).getByRole("listitem");

test("an admin uploads a document with a cover; a student of its specialization sees and downloads it, another does not", async ({
  page,
}) => {
  const title = `Guía de laboratorio ${Date.now().toString(36)}`;
  const admin = await loginViaApi(page, "admin", "/documents");

  // Two students inscribed now: the demo's first student, and one of another specialization.
  const list = await page.request.get("/api/students?limit=100", {
    headers: { authorization: `Bearer ${admin.access_token}` },
  });
  const students = ((await list.json()) as { data: StudentItem[] }).data;
  const first = students.find((s) => s.email === accounts.student.email)!;
  const own = first.latest_inscription!;
  const other = students.find(
    (s) =>
      s.latest_inscription?.status === "active" &&
      s.latest_inscription.period.id === own.period.id &&
      s.latest_inscription.specialization.id !== own.specialization.id,
  )!;
  expect(other, "a student of another specialization").toBeTruthy();

  // The demo library is there, covers and all.
  await expect(cards(page).first()).toBeVisible();
  await expect(page.getByRole("img", { name: /^Portada de / }).first()).toBeVisible();
  await expectAccessible(page, "/documents (admin)");
  await screenshot(page, "documents-admin", { fullPage: true });

  await page.getByRole("link", { name: "Crear documento" }).click();
  await expect(page).toHaveURL(/\/documents\/create$/);
  await page.getByRole("textbox", { name: /Título/ }).fill(title);
  await page.getByRole("textbox", { name: /Descripción/ }).fill("Prácticas del semestre con sus soluciones.");
  const pdf = Buffer.from(
    "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  );
  await page.locator('input[type="file"][accept*=".pdf"]').setInputFiles({
    name: "guia.pdf",
    mimeType: "application/pdf",
    buffer: pdf,
  });
  const cover = await sharp({ create: { width: 300, height: 400, channels: 3, background: "#2f7d5b" } })
    .png()
    .toBuffer();
  await page.locator('input[type="file"][accept^="image/"]').setInputFiles({
    name: "portada.png",
    mimeType: "image/png",
    buffer: cover,
  });
  await expect(page.getByRole("img", { name: "Foto seleccionada" })).toBeVisible();
  await selectInput(page, "Especialidad").click();
  await page.getByRole("option", { name: own.specialization.title, exact: true }).click();
  await selectInput(page, "Semestre").click();
  await page
    .getByRole("option", { name: `Semestre ${own.semester.number} (${own.semester.code})`, exact: true })
    .click();
  await expectAccessible(page, "/documents/create");
  await screenshot(page, "documents-create", { fullPage: true });
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Se ha creado el documento con éxito" }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/documents(\?.*)?$/);

  // The student of that specialization and semester finds it in the covers grid and downloads it.
  await loginStudent(page, accounts.student.email, "/documents");
  await page.getByLabel("Buscar...").fill(title);
  const card = cards(page).filter({ hasText: title });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("img", { name: `Portada de ${title}` })).toBeVisible();
  await expect(page.getByRole("link", { name: "Crear documento" })).toHaveCount(0);
  await expectAccessible(page, "/documents (student)");
  await screenshot(page, "documents-student", { fullPage: true });
  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: `Descargar: ${title}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${title}.pdf`);
  const saved = await download.path();
  expect(readFileSync(saved).subarray(0, 5).toString()).toBe("%PDF-");

  // A student of another specialization neither lists it nor reaches its file.
  const token = await loginStudent(page, other.email, "/documents");
  await expect(cards(page).first()).toBeVisible();
  await page.getByLabel("Buscar...").fill(title);
  await expect(page.getByText("No hay documentos que mostrar.")).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  const adminList = await page.request.get(`/api/documents?search=${encodeURIComponent(title)}`, {
    headers: { authorization: `Bearer ${admin.access_token}` },
  });
  const id = ((await adminList.json()) as { data: { id: number }[] }).data[0]!.id;
  const refused = await page.request.get(`/api/documents/${id}/file`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(404);
});
