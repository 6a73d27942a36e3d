import type { Page } from "@playwright/test";
import { expect, expectAccessible, loginViaApi, schoolDate, screenshot, sidebar, test } from "./support";

const deniedModal = (page: Page) => page.getByRole("dialog", { name: "Acceso denegado" });

/** The data rows of the page's table (mantine-datatable keeps a one-cell row when empty). */
const bodyRows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("rowgroup")
    .nth(1)
    .getByRole("row")
    .filter({ has: page.getByRole("cell").nth(1) });

/** Moves the calendar forward, a month at a time, until it shows December. */
async function goToDecember(page: Page, calendar: string) {
  const region = page.getByRole("region", { name: calendar });
  const months = [
    "enero",
    "febrero",
    "marzo",
    "abril",
    "mayo",
    "junio",
    "julio",
    "agosto",
    "septiembre",
    "octubre",
    "noviembre",
    "diciembre",
  ];
  // The calendar opens on the school's month (the browser's zone), not the machine's: on the last evening
  // of a month it is already the next one in UTC.
  const [year, month] = schoolDate().split("-").map(Number) as [number, number];
  for (let m = month - 1; m < 11; m++) {
    await expect(region.getByText(new RegExp(`^${months[m]} ${year}$`, "i"))).toBeVisible();
    await region.getByRole("button", { name: "Mes siguiente" }).click();
  }
  await expect(region.getByText(new RegExp(`^diciembre ${year}$`, "i"))).toBeVisible();
  return year;
}

test.describe("calendario: un estudiante ve feriados y actividades y nada más", () => {
  test("días feriados: tabla y calendario del mes, sin botones de escritura", async ({ page }) => {
    await loginViaApi(page, "student");
    await sidebar(page).getByRole("link", { name: "Días feriados", exact: true }).click();
    await expect(page).toHaveURL(/\/holidays(\?.*)?$/);
    await expect(page.getByRole("heading", { name: "Días feriados", level: 1 })).toBeVisible();

    // The table: the demo's Venezuelan holidays, searchable on the server.
    await expect(bodyRows(page).first()).toBeVisible();
    await page.getByRole("searchbox", { name: "Buscar..." }).fill("Navidad");
    await expect(bodyRows(page).first()).toContainText("Navidad");
    await expect(page.getByRole("button", { name: "Crear día feriado" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Eliminar / })).toHaveCount(0);

    // The calendar: Spanish month names, today marked, Christmas on its day.
    const region = page.getByRole("region", { name: "Calendario de días feriados" });
    await expect(region.getByRole("button", { name: /: hoy/ })).toHaveCount(1);
    const year = await goToDecember(page, "Calendario de días feriados");
    await expect(page).toHaveURL(new RegExp(`month=${year}-12`));
    const christmas = region.getByRole("button", {
      name: new RegExp(`, 25 de diciembre de ${year}: Navidad$`),
    });
    await expect(region.getByRole("listitem").filter({ hasText: "Navidad" })).toBeVisible();
    await christmas.click();
    await expect(
      region.getByRole("heading", { name: /^jueves|^viernes|^sábado|^domingo|^lunes|^martes|^miércoles/ }),
    ).toContainText("25 de diciembre");
    // Keyboard: the days are buttons reached with the arrow keys.
    await christmas.focus();
    await page.keyboard.press("ArrowRight");
    await expect(
      region.getByRole("button", { name: new RegExp(`, 26 de diciembre de ${year}`) }),
    ).toBeFocused();
    await screenshot(page, "holidays-student", { fullPage: true });
    await expectAccessible(page, "días feriados (estudiante)", "un día de diciembre elegido");
  });

  test("cronograma de actividades: tabla con sus columnas y calendario con el mes lleno", async ({
    page,
  }) => {
    await loginViaApi(page, "student", "/activities");
    await expect(page.getByRole("heading", { name: "Cronograma de actividades", level: 1 })).toBeVisible();
    const headers = page.getByRole("table").getByRole("columnheader");
    for (const title of ["Título", "Descripción", "Observación", "Fecha de inicio", "Fecha de cierre"])
      await expect(headers.filter({ hasText: title })).toHaveCount(1);
    await expect(bodyRows(page).first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Crear actividad" })).toHaveCount(0);
    // The demo fills the month around today: this month's list is not empty.
    const region = page.getByRole("region", { name: "Calendario de actividades" });
    await expect(region.getByRole("heading", { name: "Eventos del mes" })).toBeVisible();
    await expect(region.getByRole("listitem").first()).toBeVisible();
    await expect(region.getByRole("button", { name: /: hoy/ })).toHaveCount(1);
    // "Exportar CSV": every activity as a file.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Exportar CSV" }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^cronograma-de-actividades-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    await screenshot(page, "activities-student", { fullPage: true });
    await expectAccessible(page, "cronograma de actividades (estudiante)");
  });

  test("lo demás le es negado: vistas de administración y escrituras por la API", async ({ page }) => {
    const { access_token } = await loginViaApi(page, "student");
    for (const path of ["/periods", "/classhours", "/classhours/create", "/activities/create"]) {
      await page.goto(path);
      await expect(deniedModal(page), path).toBeVisible();
      await expect(page.getByRole("heading", { name: "Horas de clase" })).toHaveCount(0);
    }
    await expectAccessible(page, "acceso denegado (estudiante)");

    const headers = { authorization: `Bearer ${access_token}` };
    const holiday = { description: "Feriado falso", start_date: "2030-01-02" };
    const activity = { title: "Actividad falsa", start_date: "2030-01-02", end_date: "2030-01-02" };
    const hour = { start_hour: 6, start_minute: 0, end_hour: 6, end_minute: 45 };
    const refused = [
      await page.request.post("/api/holidays", { headers, data: holiday }),
      await page.request.post("/api/activities", { headers, data: activity }),
      await page.request.post("/api/class-hours", { headers, data: hour }),
      await page.request.get("/api/class-hours", { headers }),
    ];
    expect(refused.map((r) => r.status())).toEqual([403, 403, 403, 403]);
    const list = await page.request.get("/api/holidays?search=falso", { headers });
    expect(list.status()).toBe(200);
    expect((await list.json()).meta.total).toBe(0);
  });
});
