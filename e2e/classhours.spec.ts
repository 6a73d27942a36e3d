import type { Page } from "@playwright/test";
import { expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

const bodyRows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("rowgroup")
    .nth(1)
    .getByRole("row")
    .filter({ has: page.getByRole("cell").nth(1) });

/** The 24-hour HH:MM field "Hora de inicio" or "Hora de fin". */
const timeInput = (page: Page, label: string) => page.getByRole("textbox", { name: new RegExp(`^${label}`) });

/** A retry runs on the same database: the class hour the first try created would be refused as a duplicate. */
async function removeClassHourFromEarlierTry(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const answer = await page.request.get("/api/class-hours?search=21:05&per_page=100", { headers });
  const { data } = (await answer.json()) as { data: { id: number; start_time: string }[] };
  for (const hour of data.filter((h) => h.start_time.startsWith("21:05"))) {
    await page.request.delete(`/api/class-hours/${hour.id}`, { headers });
  }
  if (data.length > 0) await page.reload();
}

test("un administrador crea una hora de clase escrita HH:MM: una hora imposible o el fin antes del inicio se rechazan en español, y se ve en 24 horas", async ({
  page,
}) => {
  const { access_token } = await loginViaApi(page, "admin", "/classhours");
  await removeClassHourFromEarlierTry(page, access_token);
  await expect(page.getByRole("heading", { name: "Horas de clase", level: 1 })).toBeVisible();
  // The demo's school day, in start order, on a 24-hour clock (HH:MM).
  await expect(bodyRows(page).first()).toContainText(/^\d{2}:\d{2}/);
  await expect(bodyRows(page).first()).not.toContainText(/AM|PM/);
  await expectAccessible(page, "horas de clase");

  await page.getByRole("link", { name: "Crear hora de clase" }).click();
  await expect(page).toHaveURL(/\/classhours\/create$/);
  const start = timeInput(page, "Hora de inicio");
  const end = timeInput(page, "Hora de fin");
  await expect(start).toHaveAttribute("placeholder", "HH:MM");

  // An impossible time stays as typed, with an error under it, and nothing is sent.
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/class-hours")) posted = true;
  });
  await start.fill("25:00");
  await end.fill("7:75");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("Escriba la hora de 00:00 a 23:59, por ejemplo 14:30.")).toHaveCount(2);
  await expect(start).toHaveValue("25:00");
  await expect(end).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(/\/classhours\/create$/);
  expect(posted).toBe(false);

  await start.fill("21:05");
  await end.fill("20:00");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page.getByText("La hora de fin debe ser posterior a la hora de inicio.")).toBeVisible();
  await expect(start).toHaveValue("21:05");
  await expectAccessible(page, "crear hora de clase (con error)", "con error");

  await end.fill("21:50");
  await page.getByRole("button", { name: "Guardar" }).click();
  await expect(page).toHaveURL(/\/classhours(\?.*)?$/);
  await page.getByRole("searchbox", { name: "Buscar..." }).fill("21:05");
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("21:05");
  await expect(bodyRows(page).first()).toContainText("21:50");
  await screenshot(page, "classhours-admin", { fullPage: true });

  // A class hour the demo's schedules use cannot be deleted, and the dialog says why.
  await page.getByRole("searchbox", { name: "Buscar..." }).fill("");
  await page.getByRole("button", { name: /^Eliminar 07:00/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Sí" }).click();
  const refusal = page.getByRole("dialog", { name: "No se puede eliminar la hora de clase" });
  await expect(refusal).toContainText("La hora de clase está en uso en algún horario y no puede eliminarse.");
  await expectAccessible(page, "hora de clase en uso");
});
