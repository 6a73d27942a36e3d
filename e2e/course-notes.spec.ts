import { expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

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
  await screenshot(page, "course-notes-section", { fullPage: true });

  // A student's name opens their note and the audit trail of their attendance and notes.
  await table
    .getByRole("button", { name: /^Ver la nota y el historial de / })
    .first()
    .click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("heading", { name: "Historial de cambios" })).toBeVisible();
  // "Nota hasta ahora" while the course is not fully evaluated (the demo's period is in progress).
  await expect(drawer.getByText(/^(Nota final|Nota hasta ahora)$/)).toBeVisible();
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

  // The lessons register beside it: a PDF to sign, and its CSV.
  const register = page.waitForEvent("download");
  await page.getByRole("button", { name: "Registro de lecciones (PDF)" }).click();
  expect((await register).suggestedFilename()).toMatch(/^registro-de-clases-.+\.pdf$/);
  const registerCsv = page.waitForEvent("download");
  await page.getByRole("button", { name: "Registro de lecciones (CSV)" }).click();
  expect((await registerCsv).suggestedFilename()).toMatch(/^registro-de-clases-.+\.csv$/);

  // A student's name opens the staff's page of that student in the course: the note and its history.
  await table.getByRole("rowgroup").nth(1).getByRole("row").first().getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/students/\\d+/${sectionId}/${courseId}$`));
  await expect(page.getByRole("heading", { name: "Evaluaciones" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Historial de cambios" })).toBeVisible();
  await expect(page.getByText(/\d+ inasistencias? y \d+ retrasos?/)).toBeVisible();
  await expectAccessible(page, "/students/{student}/{section}/{course}");
  await screenshot(page, "course-notes-staff-student", { fullPage: true });

  const tabs = page.getByRole("navigation", { name: "Secciones del estudiante" });
  await tabs.getByRole("link", { name: "Inasistencias" }).click();
  await expect(page).toHaveURL(/\/absences$/);
  await expect(page.getByText(/\d+ inasistencias? y \d+ retrasos?/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Exportar CSV" })).toBeVisible();
  await expectAccessible(page, "/students/{student}/{section}/{course}/absences");

  await tabs.getByRole("link", { name: "Clases" }).click();
  await expect(page).toHaveURL(/\/lessons$/);
  const lessons = page.getByRole("table", { name: "Clases" });
  await expect(lessons.getByRole("row").nth(1)).toBeVisible();
  await expect(lessons.getByRole("columnheader", { name: "Peso" })).toBeVisible();
  await expectAccessible(page, "/students/{student}/{section}/{course}/lessons");
  await screenshot(page, "course-notes-staff-lessons", { fullPage: true });
});

const courseLessonsLink = 'a[href^="/courses/periods/"][href$="/lessons"]';

test("an administrator reaches a course section's notes and its lessons page from the lists", async ({
  page,
}) => {
  await loginViaApi(page, "admin", "/lessons");
  const rows = page.getByRole("table").getByRole("rowgroup").nth(1).getByRole("row");
  await rows
    .first()
    .getByRole("link", { name: /^Notas de / })
    .click();
  await expect(page).toHaveURL(/\/lessons\/\d+\/\d+\/section-notes$/);
  const [, , sectionId] = /\/lessons\/(\d+)\/(\d+)\//.exec(page.url()) ?? [];
  await expect(page.getByRole("heading", { name: /^Notas de / })).toBeVisible();
  await expect(page.getByRole("button", { name: "Registro de lecciones (PDF)" })).toBeVisible();
  await expectAccessible(page, "section-notes as an administrator");

  // An administrator does not open a lesson's pages (spec.md §6): "Ver clases" is the course lessons page.
  await page.getByRole("link", { name: "Ver clases" }).click();
  await expect(page).toHaveURL(/\/courses\/periods\/\d+\/section\/\d+\/course\/\d+\/teacher\/\d+\/lessons$/);
  const teacherId = /\/teacher\/(\d+)\//.exec(page.url())?.[1];
  await expect(page.getByRole("heading", { name: /^Clases de / })).toBeVisible();

  // The section's course rows lead there too…
  await page.goto(`/sections/${sectionId}`);
  await page.locator(courseLessonsLink).first().click();
  await expect(page).toHaveURL(
    new RegExp(`/courses/periods/\\d+/section/${sectionId}/course/\\d+/teacher/\\d+/lessons$`),
  );
  await expect(page.getByRole("heading", { name: /^Clases de / })).toBeVisible();

  // …and so do the teacher's courses.
  await page.goto(`/teachers/${teacherId}/courses`);
  await page.locator(courseLessonsLink).first().click();
  await expect(page).toHaveURL(new RegExp(`/teacher/${teacherId}/lessons$`));
  await expect(page.getByRole("heading", { name: /^Clases de / })).toBeVisible();
  await expectAccessible(page, "course lessons page");
});

test("a student sees their academic history, a course's notes and absences", async ({ page }) => {
  await loginViaApi(page, "student", "/profile");
  await page.getByRole("link", { name: "Historial académico" }).click();
  await expect(page).toHaveURL(/\/profile\/\d+\/historic$/);
  await expect(page.getByRole("heading", { name: "Historial académico", level: 1 })).toBeVisible();
  await expect(page.getByText("Promedio ponderado por créditos")).toBeVisible();
  await expectAccessible(page, "/profile/{id}/historic");
  await screenshot(page, "course-notes-historic", { fullPage: true });

  await page
    .getByRole("link", { name: /^Ver la nota de / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/profile\/courseNote\/\d+\/\d+$/);
  await expect(page.getByText(/^(Nota final|Nota hasta ahora)$/)).toBeVisible();
  await expect(page.getByText(/\d+ inasistencias? y \d+ retrasos?/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Evaluaciones" })).toBeVisible();
  // The audit trail is for staff only.
  await expect(page.getByRole("heading", { name: "Historial de cambios" })).toHaveCount(0);
  await expectAccessible(page, "/profile/courseNote/{section}/{course}");
  await screenshot(page, "course-notes-student", { fullPage: true });
});
