import { banner, findLateStudent, loginStudent, schoolTodayTyped } from "./payments-support";
import { accounts, expect, expectAccessible, loginThroughUi, loginViaApi, screenshot, test } from "./support";

/**
 * The README's short tour: the login, an administrator's home and the classrooms list at 1280×720, each
 * checked for accessibility. With UPDATE_SCREENSHOTS=1 the pictures are written to docs/screenshots/.
 */

test.use({ viewport: { width: 1280, height: 720 } });

test("recorrido: inicio de sesión, inicio del administrador y listado de aulas", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  await expectAccessible(page, "login");
  await screenshot(page, "login", { readme: true });

  await loginThroughUi(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The dashboard's numbers and charts, not their loading placeholders.
  await expect(
    page.getByRole("region", { name: "Tablero" }).getByTestId("chart").first().locator("svg").first(),
  ).toBeVisible();
  await screenshot(page, "admin-home", { readme: true });

  await page.goto("/classrooms");
  await expect(page.getByRole("cell", { name: "A-101" })).toBeVisible();
  await expectAccessible(page, "classrooms");
  await screenshot(page, "classrooms-list", { readme: true });
});

test("recorrido: un pensum en columnas de semestres con sus prelaciones", async ({ page }) => {
  await page.goto("/login");
  await loginThroughUi(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/pensums?search=Informática&sort_by=version,desc");
  await page.getByRole("link", { name: "Pensum Informática" }).first().click();
  await expect(page.getByTestId("curriculum-semester")).toHaveCount(3);
  await expect(
    page.locator('[data-testid="curriculum-arrows"] path[data-prelation-type]').first(),
  ).toBeAttached();
  await expectAccessible(page, "pensum");
  await screenshot(page, "pensum-view", { fullPage: true, readme: true });
});

test("recorrido: el horario semanal de una sección", async ({ page }) => {
  await page.goto("/login");
  await loginThroughUi(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/schedules/show");
  const period = page.getByRole("combobox", { name: "Período" });
  await expect(period).not.toHaveValue("");
  await page.getByRole("combobox", { name: "Sección" }).click();
  await page.getByRole("option", { name: "CB-S1A", exact: true }).click();
  const grid = page.getByTestId("weekly-grid");
  await expect(grid.getByText("Matemática I").first()).toBeVisible();
  await expectAccessible(page, "weekly grid");
  await screenshot(page, "weekly-grid", { fullPage: true, readme: true });
});

test("recorrido: el listado de estudiantes y el formulario de inscripción", async ({ page }) => {
  await page.goto("/login");
  await loginThroughUi(page, accounts.admin.email, accounts.admin.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/students?search=gonzalez");
  await expect(page.getByRole("cell", { name: /González/ }).first()).toBeVisible();
  await expectAccessible(page, "students");
  await screenshot(page, "students-list", { readme: true });

  await page.goto("/inscriptions/create");
  await expect(page.getByText(/^Período de inscripción: \d{4}-\d$/)).toBeVisible();
  await expectAccessible(page, "inscription form");
  await screenshot(page, "inscription-form", { fullPage: true, readme: true });
});

test("recorrido: la asistencia de una clase y la nota de una materia vista por el estudiante", async ({
  page,
}) => {
  await page.goto("/login");
  await loginThroughUi(page, accounts.teacher.email, accounts.teacher.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/lessons");
  await page
    .getByRole("table")
    .getByRole("rowgroup")
    .nth(1)
    .getByRole("row")
    .first()
    .getByRole("link", { name: /^Ver clases de / })
    .click();
  await page
    .getByRole("table")
    .first()
    .getByRole("rowgroup")
    .nth(1)
    .getByRole("row")
    .first()
    .getByRole("link", { name: /^Asistencia del / })
    .click();
  await expect(page.getByRole("status", { name: "Resumen de la asistencia" })).toBeVisible();
  // One key per student: absent, present, late, present, absent (not saved: the picture shows the marks).
  await page
    .getByRole("button", { name: /^.+: (Presente|Ausente|Retraso)$/ })
    .first()
    .focus();
  for (const key of ["a", "p", "r", "p", "a"]) await page.keyboard.press(key);
  await page.mouse.move(0, 0);
  await expectAccessible(page, "attendance sheet");
  await screenshot(page, "attendance-sheet", { readme: true });

  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await page.goto("/login");
  await loginThroughUi(page, accounts.student.email, accounts.student.password);
  await expect(page).toHaveURL(/\/home$/);
  await page.goto("/profile");
  await page.getByRole("link", { name: "Historial académico" }).click();
  await page
    .getByRole("link", { name: /^Ver la nota de / })
    .last()
    .click();
  await expect(page.getByRole("heading", { name: "Evaluaciones" })).toBeVisible();
  await expect(page.getByText(/\d+ inasistencias? y \d+ retrasos?/)).toBeVisible();
  await expectAccessible(page, "student course note");
  await screenshot(page, "student-course-note", { fullPage: true, readme: true });
});

test("recorrido: el aviso de pago, los dos pasos del reporte de pago y el reporte de deudores", async ({
  page,
}) => {
  const student = await findLateStudent(page.request);
  await loginStudent(page, student.email);
  await expect(banner(page)).toContainText("La cuota está atrasada");
  await screenshot(page, "payment-banner", { readme: true });
  await banner(page).getByRole("button", { name: "Reportar pago" }).click();
  const wizard = page.getByRole("dialog", { name: "Datos de pago" });
  await wizard.getByRole("combobox", { name: /Tipo de pago/ }).click();
  await page.getByRole("option", { name: "Transferencia Bancaria" }).click();
  await wizard.getByLabel(/Fecha de pago/).fill(await schoolTodayTyped(page));
  await wizard.getByLabel(/Número de recibo/).fill("000123456");
  await wizard.getByLabel(/^Monto/).fill("150");
  await screenshot(page, "payment-wizard-step1", { readme: true });
  await wizard.getByRole("button", { name: "Siguiente" }).click();
  await expect(page.getByRole("dialog", { name: "Resumen de pago" })).toContainText("Monto a pagar: 150,00");
  await screenshot(page, "payment-wizard-step2", { readme: true });
  await page.getByRole("button", { name: "Anterior" }).click();

  await loginViaApi(page, "admin", "/payments?tab=debtors");
  await expect(page.getByTestId("debtors-total")).not.toHaveText("0,00");
  await expectAccessible(page, "reporte de deudores");
  await screenshot(page, "debtors-report", { readme: true });
});
