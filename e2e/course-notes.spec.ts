import { expect, test } from "@playwright/test";
import { artifact, expectAccessible, loginViaApi } from "./support";

test("a teacher reads a course section's notes, a student's history of changes and the grade sheet", async ({
  page,
}) => {
  const login = await loginViaApi(page, "teacher", "/lessons");
  const rows = page.getByRole("table").getByRole("rowgroup").nth(1).getByRole("row");
  await rows
    .first()
    .getByRole("link", { name: /^Ver clases de / })
    .click();
  await expect(page).toHaveURL(/\/lessons\/\d+\/\d+$/);
  await page.getByRole("link", { name: "Notas de la materia" }).click();
  await expect(page).toHaveURL(/\/lessons\/\d+\/\d+\/section-notes$/);
  const [, courseId, sectionId] = /\/lessons\/(\d+)\/(\d+)\//.exec(page.url()) ?? [];
  await expect(page.getByRole("heading", { name: /^Notas de / })).toBeVisible();
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "Nota final" })).toBeVisible();
  await expect(table.getByRole("rowgroup").nth(1).getByRole("row").first()).toBeVisible();
  await expectAccessible(page, "/lessons/{course}/{section}/section-notes");
  await page.screenshot({ path: artifact("course-notes-section"), fullPage: true });

  // A student's name opens their note and the audit trail of their attendance and notes.
  await table
    .getByRole("button", { name: /^Ver la nota y el historial de / })
    .first()
    .click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("heading", { name: "Historial de cambios" })).toBeVisible();
  await expect(drawer.getByText("Nota final", { exact: true })).toBeVisible();
  await expectAccessible(page, "student note drawer");
  await drawer.getByRole("button", { name: "Cerrar" }).click();

  // The grade sheet: the PDF button saves a file; the same call answers a PDF.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Acta de notas (PDF)" }).click();
  expect((await download).suggestedFilename()).toMatch(/^acta-.+\.pdf$/);
  const pdf = await page.request.get(
    `/api/sections/${sectionId}/courses/${courseId}/grade-sheet?format=pdf`,
    {
      headers: { authorization: `Bearer ${login.access_token}` },
    },
  );
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
});

test("a student sees their academic history, a course's notes and absences", async ({ page }) => {
  await loginViaApi(page, "student", "/profile");
  await page.getByRole("link", { name: "Historial académico" }).click();
  await expect(page).toHaveURL(/\/profile\/\d+\/historic$/);
  await expect(page.getByRole("heading", { name: "Historial académico", level: 1 })).toBeVisible();
  await expect(page.getByText("Promedio ponderado por créditos")).toBeVisible();
  await expectAccessible(page, "/profile/{id}/historic");
  await page.screenshot({ path: artifact("course-notes-historic"), fullPage: true });

  await page
    .getByRole("link", { name: /^Ver la nota de / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/profile\/courseNote\/\d+\/\d+$/);
  await expect(page.getByText("Nota final", { exact: true })).toBeVisible();
  await expect(page.getByText(/\d+ inasistencias y \d+ retrasos/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Evaluaciones" })).toBeVisible();
  // The audit trail is for staff only.
  await expect(page.getByRole("heading", { name: "Historial de cambios" })).toHaveCount(0);
  await expectAccessible(page, "/profile/courseNote/{section}/{course}");
  await page.screenshot({ path: artifact("course-notes-student"), fullPage: true });
});
