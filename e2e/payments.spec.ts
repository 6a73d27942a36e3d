import { readFile } from "node:fs/promises";
import { banner, findLateStudent, loginStudent, schoolTodayTyped } from "./payments-support";
import { expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

/**
 * Money journey (issue 10): a student with a late installment sees the banner, reports a transfer through the
 * wizard (installment mode, partial amount), an administrator approves it, the student's banner and payments
 * page follow and the receipt PDF downloads; the debtors report lists a late student. Axe on every screen.
 */
test("un estudiante atrasado reporta un pago parcial, el administrador lo aprueba y el recibo se descarga", async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const student = await findLateStudent(page.request);
  const receipt = `E2E-${Date.now()}`;

  // The banner, 200 ms after the layout loads: greeting, pending installments, the late message.
  const session = await loginStudent(page, student.email);
  const bar = banner(page);
  await expect(bar).toBeVisible();
  await expect(bar).toContainText(/Bienvenid[ao], /);
  await expect(bar).toContainText(/Tiene \d+ cuota\(s\) pendiente\(s\)/);
  await expect(bar).toContainText("La cuota está atrasada, por lo que se le cobrará un extra de 10,00");
  const nextBefore = (await bar.getByText(/^Próxima cuota:/).textContent()) ?? "";
  await expectAccessible(page, "banner de pago", "aviso de pago");
  await screenshot(page, "payments-banner");

  // Step 1 "Datos de pago".
  await bar.getByRole("button", { name: "Reportar pago" }).click();
  const wizard = page.getByRole("dialog", { name: "Datos de pago" });
  await expect(wizard).toBeVisible();
  const next = wizard.getByRole("button", { name: "Siguiente" });
  await expect(next).toBeDisabled();
  await wizard.getByRole("combobox", { name: /Tipo de pago/ }).click();
  await page.getByRole("option", { name: "Transferencia Bancaria" }).click();
  // The Spanish date picker: today typed DD/MM/YYYY (the school's day), shown the same after leaving it.
  const today = await schoolTodayTyped(page);
  const date = wizard.getByLabel(/Fecha de pago/);
  await date.fill(today);
  // Its calendar, in Spanish: today chosen, no later day to pick.
  await expect(page.getByRole("button", { name: "Mes anterior" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Mes siguiente" })).toBeDisabled();
  await screenshot(page, "payments-wizard-date");
  await expectAccessible(page, "asistente de pago, calendario de la fecha", "calendario de la fecha abierto");
  await date.press("Tab");
  await expect(date).toHaveValue(today);
  await wizard.getByLabel(/Número de recibo/).fill(receipt);
  await wizard.getByLabel(/^Monto/).fill("30");
  await expect(next).toBeEnabled();
  await expectAccessible(page, "asistente de pago, paso 1");
  await next.click();

  // Step 2 "Resumen de pago": 30,00 go to the late installment, which keeps a remainder.
  const summary = page.getByRole("dialog", { name: "Resumen de pago" });
  await expect(summary).toContainText("Monto a pagar: 30,00");
  await expect(summary.getByText(/^Abono: 30,00 · Resta: /)).toBeVisible();
  await expect(summary.getByText("Aprobada").first()).toBeVisible();
  await expectAccessible(page, "asistente de pago, paso 2");
  await summary.getByRole("button", { name: "Reportar pago" }).click();
  const confirm = page.getByRole("dialog", { name: "¿Está seguro?" });
  await expect(confirm).toContainText("¿Desea reportar el pago? Esta acción no se puede deshacer");
  await confirm.getByRole("button", { name: "Sí" }).click();
  await expect(summary).toBeHidden();
  await expect(confirm).toBeHidden();

  // The administrator finds it pending, approves it after the question, and reads its history.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await loginViaApi(admin, "admin", `/payments?status=1&student_id=${student.student_id}`);
  const row = admin.getByRole("row").filter({ hasText: receipt });
  await expect(row).toBeVisible();
  await expect(row).toContainText("30,00");
  await expect(row).toContainText("Pendiente");
  await expectAccessible(admin, "listado de pagos");
  await row.getByRole("button", { name: "Aprobar" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Sí" }).click();
  await expect(admin.getByText("Se ha aprobado el pago")).toBeVisible();
  await admin.goto(`/payments?student_id=${student.student_id}`);
  const approved = admin.getByRole("row").filter({ hasText: receipt });
  await expect(approved).toContainText("Aprobado");
  await approved.getByRole("button", { name: /Ver el pago/ }).click();
  const detail = admin.getByRole("dialog", { name: /^Pago \d+/ });
  await expect(detail.getByRole("table", { name: "Historial de cambios" })).toContainText(
    "Pendiente → Aprobado",
  );
  await expectAccessible(admin, "detalle del pago");
  await admin.keyboard.press("Escape");

  // The debtors report lists the late student, with a total.
  await admin.goto("/payments?tab=debtors&limit=100");
  await expect(admin.getByRole("row").filter({ hasText: student.last_name }).first()).toBeVisible();
  await expect(admin.getByTestId("debtors-total")).not.toHaveText("0,00");
  await expectAccessible(admin, "reporte de deudores");
  await screenshot(admin, "payments-debtors");
  // The debtor's name leads to their payments: the list filtered by them, their name in the filter.
  await admin
    .getByRole("link", { name: `${student.last_name}, ${student.first_name}`, exact: true })
    .first()
    .click();
  await expect(admin).toHaveURL(new RegExp(`/payments\\?student_id=${student.student_id}$`));
  const studentFilter = admin.getByRole("combobox", { name: "Estudiante" });
  await expect(studentFilter).toHaveValue(new RegExp(`^${student.last_name}, ${student.first_name} — `));
  await expect(admin.getByRole("row").filter({ hasText: receipt })).toBeVisible();
  await admin.getByRole("button", { name: "Quitar el filtro de estudiante" }).click();
  await expect(admin).not.toHaveURL(/student_id=/);
  await expect(studentFilter).toHaveValue("");

  // The desk payment form.
  await admin.goto("/payments/create");
  await expect(admin.getByRole("heading", { name: "Registrar pago" })).toBeVisible();
  // Its date starts on today, in the Spanish date picker too.
  await expect(admin.getByLabel(/Fecha de pago/)).toHaveValue(today);
  await expectAccessible(admin, "registrar pago");
  await adminContext.close();

  // The student's banner follows: the next installment owes 30,00 less.
  await page.reload();
  await expect(bar).toBeVisible();
  await expect(bar.getByText(/^Próxima cuota:/)).not.toHaveText(nextBefore);

  // Mis pagos: the approved payment with its receipt.
  const studentId = (session.user as { student: { id: number } }).student.id;
  await page.goto(`/profile/${studentId}/payments`);
  await expect(page.getByRole("heading", { name: "Mis pagos" })).toBeVisible();
  const mine = page.getByRole("row").filter({ hasText: receipt });
  await expect(mine).toContainText("Aprobado");
  await expect(page.getByRole("region", { name: "Cuotas" })).toContainText("Atrasada");
  await expectAccessible(page, "mis pagos");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    mine.getByRole("button", { name: "Descargar recibo" }).click(),
  ]);
  const file = await download.path();
  expect((await readFile(file)).subarray(0, 4).toString()).toBe("%PDF");
});

test("el listado de pagos cabe en una pantalla de 1280 px sin desplazarse de lado", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Pending payments: every row has its view, approve and reject buttons.
  await loginViaApi(page, "admin", "/payments?status=1&limit=20");
  const table = page.getByRole("table");
  const row = table.getByRole("row").nth(1);
  await expect(row).toBeVisible();
  const headers = table.getByRole("columnheader");
  for (const name of [
    "Pagado / reportado",
    "Estudiante",
    "Período",
    "Tipo de pago",
    "Número de recibo",
    "Monto",
    "Estado / origen",
    "Acciones",
  ])
    await expect(headers.filter({ hasText: name }), name).toHaveCount(1);
  await expect(row).toContainText("Pendiente");
  await expect(row).toContainText(/Reportado|En caja/);
  // The day the student says they paid, and under it the day they reported it (a back-dated report shows).
  await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}\s*Reportado el \d{2}\/\d{2}\/\d{4}/);
  for (const name of [/^Ver el pago \d+$/, /^Aprobar el pago \d+$/, /^Rechazar el pago \d+$/])
    await expect(row.getByRole("button", { name })).toBeInViewport({ ratio: 1 });
  // The icon's word shows on keyboard focus too.
  await row.getByRole("button", { name: /^Aprobar el pago/ }).focus();
  await expect(page.getByRole("tooltip", { name: "Aprobar" })).toBeVisible();
  await screenshot(page, "payments-list-1280");
  const viewport = page.locator(".mantine-datatable-scroll-area .mantine-ScrollArea-viewport").first();
  const sizes = await viewport.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll, "the table's scroll container").toBeLessThanOrEqual(sizes.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});

test("el reporte de deudores cabe en una pantalla de 1280 px sin desplazarse de lado", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Every debtor on one page: the longest names, sections and specializations of the demo.
  await loginViaApi(page, "admin", "/payments?tab=debtors&limit=100");
  const table = page.getByRole("table");
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByTestId("debtors-total")).not.toHaveText("0,00");
  // Every figure of a debtor is on screen: the overdue amount with its number of installments, since when,
  // the late extras, the pending total.
  const headers = table.getByRole("columnheader");
  for (const name of [
    "Estudiante",
    "Sección",
    "Especialidad",
    "Vencida desde",
    "Recargos",
    "Monto vencido",
    "Total pendiente",
  ])
    await expect(headers.filter({ hasText: name }), name).toHaveCount(1);
  await expect(table.getByRole("row").nth(1)).toContainText(/\d+ cuotas? vencidas?/);
  await screenshot(page, "payments-debtors-1280");
  const viewport = page.locator(".mantine-datatable-scroll-area .mantine-ScrollArea-viewport").first();
  const sizes = await viewport.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(sizes.scroll, "the table's scroll container").toBeLessThanOrEqual(sizes.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await expect(headers.filter({ hasText: "Total pendiente" })).toBeInViewport({ ratio: 1 });
});
