import type { Page } from "@playwright/test";
import { expect, expectAccessible, loginAs, loginViaApi, screenshot, test } from "./support";

const toast = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });

type LessonAnswer = {
  data: {
    id: number;
    date: string;
    weight: number;
    students: {
      id: number;
      last_name: string;
      first_name: string;
      attendance: string;
      note: number | null;
    }[];
  };
};

test("a teacher generates lessons, takes attendance with the keyboard, evaluates and enters notes; the student sees them", async ({
  page,
}) => {
  const teacher = await loginViaApi(page, "teacher", "/lessons");
  await expect(page.getByRole("heading", { name: "Mis lecciones" })).toBeVisible();
  const rows = page.getByRole("table").getByRole("rowgroup").nth(1).getByRole("row");
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Exportar CSV" })).toBeVisible();
  await expectAccessible(page, "/lessons");
  // A teacher's screen calls nothing a teacher may not call (no "No tiene permiso" notice).
  await expect(toast(page, "No tiene permiso")).toHaveCount(0);
  await screenshot(page, "lessons-list", { fullPage: true });

  // Generate the rest of the period for the first course section: a progress spinner, then the answer.
  const generated = page.waitForResponse((r) => r.url().endsWith("/api/lessons/generate"));
  await rows
    .first()
    .getByRole("button", { name: /^Generar lecciones de / })
    .click();
  expect((await generated).status()).toBe(200);
  await expect(toast(page, /Se generaron \d+ clases?\.|No se generaron clases nuevas/)).toBeVisible();

  // The course section's lessons; the first one's attendance opens below the list.
  await rows
    .first()
    .getByRole("link", { name: /^Ver clases de / })
    .click();
  await expect(page).toHaveURL(/\/lessons\/\d+\/\d+$/);
  const lessonRows = page.getByRole("table").first().getByRole("rowgroup").nth(1).getByRole("row");
  await lessonRows
    .first()
    .getByRole("link", { name: /^Asistencia del / })
    .click();
  await expect(page).toHaveURL(/\/lessons\/\d+\/\d+\/\d+$/);
  const [, courseId, sectionId] = /\/lessons\/(\d+)\/(\d+)\//.exec(page.url()) ?? [];
  const counts = page.getByRole("status", { name: "Resumen de la asistencia" });
  await expect(counts).toBeVisible();
  await expectAccessible(page, "/lessons/{course}/{section}/{lesson}");

  // Keyboard only: P, A, R on the first three students (each key moves on to the next one).
  const firstState = page.getByRole("button", { name: /^.+: (Presente|Ausente|Retraso)$/ }).first();
  await firstState.focus();
  await page.keyboard.press("p");
  await page.keyboard.press("a");
  await page.keyboard.press("r");
  await screenshot(page, "lessons-attendance", { fullPage: true });
  const saved = page.waitForResponse((r) => /\/api\/lessons\/\d+\/register$/.test(r.url()));
  await page.getByRole("button", { name: "Guardar asistencia" }).click();
  const answer = (await (await saved).json()) as LessonAnswer;
  expect(answer.data.students.slice(0, 3).map((s) => s.attendance)).toEqual(["present", "absent", "delayed"]);
  await expect(toast(page, "Se guardó la asistencia")).toBeVisible();

  // The lesson detail: evaluate with a weight, then enter notes.
  await page.goto(`/lessons/${answer.data.id}`);
  await page.getByRole("button", { name: "Evaluar" }).click();
  const dialog = page.getByRole("dialog", { name: "Evaluar la clase" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "evaluate dialog");
  await dialog.getByRole("textbox", { name: "Ponderación" }).fill("10");
  const evaluated = page.waitForResponse((r) => r.url().endsWith(`/api/lessons/${answer.data.id}/evaluate`));
  await dialog.getByRole("button", { name: "Guardar" }).click();
  expect((await evaluated).status()).toBe(200);
  await expect(toast(page, "Se guardó la ponderación")).toBeVisible();

  await page.getByRole("tab", { name: "Notas" }).click();
  const noteInputs = page.getByRole("textbox", { name: /^Nota de / });
  await noteInputs.first().fill("15,5");
  await page.keyboard.press("Enter");
  await page.keyboard.type("18");
  await expectAccessible(page, "/lessons/{id} notes", "pestaña Notas");
  await screenshot(page, "lessons-notes", { fullPage: true });
  const notes = page.waitForResponse((r) =>
    r.url().endsWith(`/api/lessons/${answer.data.id}/students/bulk-update`),
  );
  await page.getByRole("button", { name: "Guardar notas" }).click();
  const notesAnswer = (await (await notes).json()) as LessonAnswer;
  expect(notesAnswer.data.weight).toBe(10);
  expect(notesAnswer.data.students.some((s) => s.note === 15.5)).toBe(true);

  // The student marked absent (second row) with the note 18 sees the note with its weight, the absences
  // and their academic history.
  const graded = notesAnswer.data.students[1]!;
  expect(graded.note).toBe(18);
  const person = (await (
    await page.request.get(`/api/students/${graded.id}`, {
      headers: { authorization: `Bearer ${teacher.access_token}` },
    })
  ).json()) as { data: { email: string } };
  const student = await loginAs(
    page,
    person.data.email,
    "Estudiante123*",
    `/profile/courseNote/${sectionId}/${courseId}`,
  );
  const evaluation = page.getByRole("row").filter({ hasText: formatDay(answer.data.date) });
  await expect(evaluation).toContainText("10 %");
  await expect(evaluation).toContainText("18");
  const absences = page.getByText(/(\d+) inasistencias? y (\d+) retrasos?/);
  await expect(absences).toBeVisible();
  expect(Number(/(\d+) inasistencias?/.exec((await absences.textContent()) ?? "")?.[1])).toBeGreaterThan(0);
  await expectAccessible(page, "/profile/courseNote/{section}/{course} after the lesson");
  await screenshot(page, "lessons-student-note", { fullPage: true });

  await page.goto(`/profile/${student.user.student!.id}/historic`);
  await expect(page.getByRole("heading", { name: "Historial académico", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: /^Ver la nota de / }).first()).toBeVisible();
});

const formatDay = (iso: string) => iso.split("-").reverse().join("/");
