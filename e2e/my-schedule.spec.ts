import type { Page } from "@playwright/test";
import {
  type AccountName,
  expect,
  expectAccessible,
  loginViaApi,
  schoolWeekday,
  screenshot,
  sidebar,
  test,
} from "./support";

const dayNames = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"];

/** Today's day of the week in the school's time zone (the browser context runs in America/Caracas). */
const todayName = () => dayNames[schoolWeekday() - 1]!;

async function openMySchedule(page: Page, account: AccountName) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginViaApi(page, account, "/home");
  await sidebar(page).getByRole("link", { name: "Mi horario" }).click();
  await expect(page).toHaveURL(/\/profile\/schedule$/);
  await expect(page.getByRole("heading", { level: 1, name: "Mi horario" })).toBeVisible();
  const grid = page.getByTestId("weekly-grid");
  await expect(grid).toBeVisible();
  await expect(grid.getByText("Mi horario semanal")).toBeVisible();
  // Their classes are there, each with its classroom.
  await expect(grid.getByText(/^Aula /).first()).toBeVisible();
  const today = todayName();
  await expect(page.getByText(`Hoy es ${today.toLowerCase()}: su columna está resaltada.`)).toBeVisible();
  const marked = grid.locator('th[aria-current="date"]');
  if (today === "Domingo") {
    // The week shown is Monday to Saturday: nothing to mark on a Sunday.
    await expect(marked).toHaveCount(0);
  } else {
    await expect(marked).toHaveCount(1);
    await expect(marked).toContainText(today);
    await expect(marked).toContainText("Hoy");
  }
  return grid;
}

test.describe("mi horario", () => {
  test("un estudiante abre Mi horario: sus materias de la semana, hoy marcado", async ({ page }) => {
    const grid = await openMySchedule(page, "student");
    // A student's cells name the course and the section (no teacher's "sección — materia" titles).
    await expect(grid.getByText(/ — /)).toHaveCount(0);
    await expectAccessible(page, "Mi horario (estudiante)");
    await screenshot(page, "mi-horario-estudiante", { fullPage: true });
  });

  test("un profesor abre Mi horario: sus secciones y materias, hoy marcado", async ({ page }) => {
    const grid = await openMySchedule(page, "teacher");
    await expect(grid.getByText(/ — /).first()).toBeVisible();
    await expectAccessible(page, "Mi horario (profesor)");
    await screenshot(page, "mi-horario-profesor", { fullPage: true });
  });
});
