import { accounts, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

type StudentRow = {
  id: number;
  email?: string;
  latest_inscription?: { section: { id: number; code: string } } | null;
};

/**
 * An admin sends a message to a section; a student of it, already on /home in another browser, sees it
 * in the bell without reloading (the live stream), opens the bell and marks it read.
 */
test("an admin's message to a section reaches a student of it live, in the bell", async ({ browser }) => {
  const adminContext = await browser.newContext();
  const studentContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const student = await studentContext.newPage();

  const { access_token } = await loginViaApi(admin, "admin", "/notifications");
  // The student's section in the enabled period, from the students list.
  const found = await admin.request.get(`/api/students?search=${accounts.student.email}&limit=5`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(found.status()).toBe(200);
  const rows = (await found.json()).data as StudentRow[];
  const section = rows[0]?.latest_inscription?.section;
  expect(section, "the demo student has a section").toBeTruthy();

  // The live stream is open (its answer has begun) before the message is sent.
  const streamOpen = student.waitForResponse(
    (r) => r.url().endsWith("/api/notifications/stream") && r.status() === 200,
  );
  await loginViaApi(student, "student", "/home");
  const bell = student.getByRole("button", { name: "Notificaciones" });
  await expect(bell).toBeVisible();
  await streamOpen;

  await expect(admin.getByRole("heading", { name: "Notificaciones" })).toBeVisible();
  await expectAccessible(admin, "/notifications");
  await admin.getByRole("link", { name: "Enviar notificación" }).click();
  await expect(admin).toHaveURL(/\/notifications\/create$/);
  await admin.getByRole("combobox", { name: /^Audiencia/ }).click();
  // Every audience of spec.md §9 an admin may use, verbatim.
  for (const label of [
    "Enviar a todos",
    "Enviar a administradores",
    "Enviar a coordinadores",
    "Enviar a profesores",
    "Enviar a estudiantes",
    "Envía a:",
    "Estudiantes de una sección",
    "Estudiantes de una materia/sección",
  ])
    await expect(admin.getByRole("option", { name: label, exact: true })).toBeVisible();
  await admin.getByRole("option", { name: "Estudiantes de una sección", exact: true }).click();
  await admin.getByRole("combobox", { name: /^Estudiantes de una sección/ }).click();
  await admin.getByRole("option", { name: new RegExp(`^${section!.code} \\(`) }).click();
  const message = `Mañana la sección ${section!.code} sale temprano (${Date.now()})`;
  await admin.getByRole("textbox", { name: /^Mensaje/ }).fill(message);
  await expectAccessible(admin, "/notifications/create");
  await screenshot(admin, "notifications-create", { fullPage: true });
  await admin.getByRole("button", { name: "Enviar", exact: true }).click();
  await expect(
    admin.getByRole("alert").filter({ hasText: /Notificación enviada a \d+ persona/ }),
  ).toBeVisible();
  await expect(admin).toHaveURL(/\/notifications$/);

  // The student: a toast and the bell, without reloading.
  await expect(student.getByRole("alert").filter({ hasText: message })).toBeVisible({ timeout: 5000 });
  await bell.click();
  const item = student.getByTestId("notification-item").filter({ hasText: message });
  await expect(item).toBeVisible();
  await expect(item).toHaveText(/\d\d\/\d\d\/\d{4} a las \d\d:\d\d/);
  await screenshot(student, "notifications-bell", { fullPage: true });
  await item.getByRole("button", { name: "Marcar como leída" }).click();
  await expect(item).toHaveCount(0);

  // The student's /notifications lists it as read; a student may not compose.
  await student.goto("/notifications");
  await expect(student.getByText(message)).toBeVisible();
  await expectAccessible(student, "/notifications (student)");
  await student.goto("/notifications/create");
  await expect(student.getByText("No puede acceder a esta vista")).toBeVisible();

  await adminContext.close();
  await studentContext.close();
});

/** The system's notifications are stored with a code and its parameters: an English reader gets English. */
test("a student reading in English sees the system's notifications in English", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("aula.language", "en"));
  const { access_token } = await loginViaApi(page, "student", "/notifications");
  // The bell lists unread ones: the newest payment notice is made unread again (another journey may have
  // read it), through the notification's own resource.
  const headers = { authorization: `Bearer ${access_token}` };
  const mine = (await (await page.request.get("/api/notifications?limit=50", { headers })).json()).data as {
    id: number;
    code: string | null;
  }[];
  const payment = mine.find((n) => n.code?.startsWith("payment_"));
  expect(payment, "a payment notice of the demo").toBeTruthy();
  const unread = await page.request.patch(`/api/notifications/${payment!.id}`, {
    headers,
    data: { read: false },
  });
  expect(unread.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
  // The demo tells its first students about their payments (server/db/seed/communication.ts).
  await expect(
    page.getByText(/^Your payment of 125,00 made on \d\d\/\d\d\/\d{4} was (approved|rejected)\./).first(),
  ).toBeVisible();
  await expect(page.getByText(/^Su pago de/)).toHaveCount(0);
  await page.getByRole("button", { name: "Notifications" }).click();
  await expect(
    page
      .getByTestId("notification-item")
      .filter({ hasText: /^System/ })
      .first(),
  ).toContainText("Your payment of 125,00");
  await screenshot(page, "notifications-english");
});
