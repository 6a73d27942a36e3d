import type { Page } from "@playwright/test";
import { expect, expectAccessible, fillDateTime, loginViaApi, schoolDate, test, typedDate } from "./support";

/**
 * One date field for the whole app (issue 25): every date is typed DD/MM/AAAA — day first, whatever the
 * browser's language — and stored as that day; an impossible date is a field error, never another date.
 * Days ≤ 12 are used on purpose: read month first they would be another valid date.
 */
test.use({ locale: "en-US" });

const stamp = Date.now() % 1_000_000;

type Headers = { authorization: string };
const get = async (page: Page, url: string, headers: Headers) => {
  const res = await page.request.get(url, { headers });
  expect(res.status(), url).toBe(200);
  return res.json();
};

/** The text field of a date (its label carries the asterisk of a required field). */
const dateField = (page: Page, label: string) =>
  page.getByRole("textbox", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}\\s*\\*?$`) });

test.describe("fechas escritas DD/MM/AAAA en cada formulario", () => {
  test("feriado, actividad, bitácora, estudiante y profesor guardan el día escrito", async ({ page }) => {
    test.setTimeout(180_000);
    const { access_token } = await loginViaApi(page, "admin", "/holidays");
    const headers = { authorization: `Bearer ${access_token}` };

    // Días feriados → Crear: 31/02 does not exist and stays in the field with the reason.
    const holiday = `Feriado tecleado ${stamp}`;
    await page.getByRole("button", { name: "Crear día feriado" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: /^Descripción/ }).fill(holiday);
    const start = dialog.getByRole("textbox", { name: /^Fecha de inicio/ });
    await expect(start).toHaveAttribute("placeholder", "DD/MM/AAAA");
    await start.fill("31/02/2027");
    await start.press("Tab");
    await expect(start).toHaveValue("31/02/2027");
    await expect(dialog.getByText(/Escriba una fecha que exista como DD\/MM\/AAAA/)).toBeVisible();
    await expectAccessible(page, "feriado con fecha imposible", "fecha imposible");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeVisible();
    await start.fill("15/01/2027");
    await dialog.getByRole("textbox", { name: /^Fecha de cierre/ }).fill("02/02/2027");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    const holidays = await get(page, `/api/holidays?search=${encodeURIComponent(holiday)}`, headers);
    expect(holidays.data).toMatchObject([{ start_date: "2027-01-15", end_date: "2027-02-02" }]);
    // Listed the same way.
    await page.getByRole("searchbox", { name: "Buscar..." }).fill(holiday);
    await expect(page.getByRole("cell", { name: "15/01/2027" })).toBeVisible();

    // Cronograma → Crear actividad.
    const activity = `Actividad tecleada ${stamp}`;
    await page.goto("/activities/create");
    await page.getByRole("textbox", { name: /^Título/ }).fill(activity);
    await dateField(page, "Fecha de inicio").fill("09/12/2026");
    await dateField(page, "Fecha de cierre").fill("11/12/2026");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/activities(\?.*)?$/);
    const activities = await get(page, `/api/activities?search=${encodeURIComponent(activity)}`, headers);
    expect(activities.data).toMatchObject([{ start_date: "2026-12-09", end_date: "2026-12-11" }]);

    // Bitácoras → Crear: the incidence date, one-digit day and month.
    const students = (await get(page, "/api/students?limit=1", headers)).data as { id: number }[];
    const student = (await get(page, `/api/students/${students[0]!.id}`, headers)).data as {
      id: number;
      identity_document: string;
    };
    const subject = `Fecha tecleada ${stamp}`;
    await page.goto("/binnacles/create");
    await page.getByRole("combobox", { name: /^Estudiante/ }).fill(student.identity_document);
    await page.getByRole("option", { name: new RegExp(student.identity_document) }).click();
    const incidence = dateField(page, "Fecha de incidencia");
    await incidence.fill("3/4/2026");
    await incidence.press("Tab");
    await expect(incidence).toHaveValue("03/04/2026");
    await page.getByRole("textbox", { name: /^Asunto/ }).fill(subject);
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/binnacles(\?.*)?$/);
    const binnacles = await get(page, `/api/binnacles?search=${encodeURIComponent(subject)}`, headers);
    expect(binnacles.data).toMatchObject([{ incidence_date: "2026-04-03" }]);

    // Estudiante → Editar: the birth date; a two-digit year is refused.
    await page.goto(`/students/${student.id}/edit`);
    const birth = dateField(page, "Fecha de nacimiento");
    await birth.fill("05/06/04");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText(/Escriba una fecha que exista como DD\/MM\/AAAA/)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/students/${student.id}/edit$`));
    await birth.fill("05/06/2004");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(new RegExp(`/students/${student.id}$`));
    expect((await get(page, `/api/students/${student.id}`, headers)).data.birth_date).toBe("2004-06-05");
    await expect(page.getByText("05/06/2004")).toBeVisible();

    // Profesor → Editar: the birth date.
    const teachers = (await get(page, "/api/teachers?limit=1", headers)).data as { id: number }[];
    const teacherId = teachers[0]!.id;
    await page.goto(`/teachers/${teacherId}/edit`);
    await dateField(page, "Fecha de nacimiento").fill("07/08/1985");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(new RegExp(`/teachers/${teacherId}$`));
    expect((await get(page, `/api/teachers/${teacherId}`, headers)).data.birth_date).toBe("1985-08-07");

    // Clean up what only this journey made.
    await page.request.delete(`/api/holidays/${holidays.data[0].id}`, { headers });
    await page.request.delete(`/api/activities/${activities.data[0].id}`, { headers });
    await page.request.delete(`/api/binnacles/${binnacles.data[0].id}`, { headers });
  });

  test("período: sus diez fechas se guardan como se escribieron", async ({ page }) => {
    test.setTimeout(120_000);
    const { access_token } = await loginViaApi(page, "admin", "/periods/make");
    const headers = { authorization: `Bearer ${access_token}` };
    // A year no other journey uses.
    await page.getByRole("textbox", { name: "Año", exact: true }).fill("2061");
    await page.getByRole("textbox", { name: "Número", exact: true }).fill(String((stamp % 8) + 1));
    await page.getByRole("textbox", { name: "Precio del semestre", exact: true }).fill("100");
    const typed: [string, string, string][] = [
      ["Fecha de inicio", "05/01/2061", "start_date"],
      ["Fecha de cierre", "10/06/2061", "end_date"],
      ["Inicio del primer corte", "05/01/2061", "first_cut_start_date"],
      ["Cierre del primer corte", "04/03/2061", "first_cut_end_date"],
      ["Inicio del segundo corte", "07/03/2061", "second_cut_start_date"],
      ["Cierre del segundo corte", "10/06/2061", "second_cut_end_date"],
      ["Cierre de la primera mitad", "04/03/2061", "first_half_end_date"],
      ["Cierre de la segunda mitad", "10/06/2061", "second_half_end_date"],
      ["Recordatorio de evaluaciones del primer corte", "01/03/2061", "pending_evaluations_fc_reminder_date"],
      [
        "Recordatorio de evaluaciones del segundo corte",
        "03/06/2061",
        "pending_evaluations_sc_reminder_date",
      ],
    ];
    for (const [label, text] of typed) await dateField(page, label).fill(text);
    await page.getByRole("textbox", { name: "Director(a)", exact: true }).fill("Lcda. Fecha Tecleada");
    await page.getByRole("textbox", { name: "Cargo (Director(a))", exact: true }).fill("Directora");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/periods\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split("/").pop());
    const period = (await get(page, `/api/periods/${id}`, headers)).data as Record<string, string>;
    for (const [label, text, field] of typed)
      expect(period[field], label).toBe(text.split("/").reverse().join("-"));
    await expect(page.getByText("05/01/2061").first()).toBeVisible();
    await page.request.delete(`/api/periods/${id}`, { headers });
  });

  test("filtros de auditoría y de pagos: el día escrito va a la consulta", async ({ page }) => {
    await loginViaApi(page, "admin", "/audit-log");
    const from = dateField(page, "Desde");
    await from.fill("02/11/2026");
    await expect(page).toHaveURL(/[?&]from=2026-11-02/);
    await dateField(page, "Hasta").fill("09/11/2026");
    await expect(page).toHaveURL(/[?&]to=2026-11-09/);
    // An impossible day leaves the filter as it was and says why.
    await from.fill("30/02/2026");
    await from.press("Tab");
    await expect(page.getByText(/Escriba una fecha que exista/)).toBeVisible();
    await expect(page).toHaveURL(/[?&]from=2026-11-02/);

    await page.goto("/payments");
    await dateField(page, "Desde").fill("01/10/2026");
    await expect(page).toHaveURL(/[?&]date_from=2026-10-01/);
    await dateField(page, "Hasta").fill("12/10/2026");
    await expect(page).toHaveURL(/[?&]date_to=2026-10-12/);
  });

  test("preinscripción pública: la fecha de nacimiento escrita", async ({ page, browser }) => {
    await page.goto("/preinscription");
    await expect(page.getByRole("heading", { name: "Preinscripción" })).toBeVisible();
    const email = `fecha.${stamp}@correo.test`;
    await page.getByRole("textbox", { name: /^Nombres/ }).fill("Valeria");
    await page.getByRole("textbox", { name: /^Apellidos/ }).fill(`Fecha${stamp}`);
    await page.getByRole("textbox", { name: /^Cédula/ }).fill(`V-2${String(stamp).padStart(7, "0")}`);
    const birth = dateField(page, "Fecha de nacimiento");
    // The browser's own field would show mm/dd/yyyy here (en-US); this one is DD/MM/AAAA.
    await expect(birth).toHaveAttribute("placeholder", "DD/MM/AAAA");
    await birth.fill("04/09/2008");
    await page.getByRole("radio", { name: "Femenino" }).check();
    await page.getByRole("textbox", { name: /^Correo electrónico/ }).fill(email);
    await page.getByRole("combobox", { name: /^Especialidad deseada/ }).click();
    await page.getByRole("option").first().click();
    await page.getByRole("button", { name: "Enviar preinscripción" }).click();
    await expect(page.getByText(/Su preinscripción fue recibida/)).toBeVisible();

    const admin = await browser.newPage();
    const { access_token } = await loginViaApi(admin, "admin");
    const found = await get(admin, `/api/preregistered-students?search=${encodeURIComponent(email)}`, {
      authorization: `Bearer ${access_token}`,
    });
    expect(found.data).toMatchObject([{ birth_date: "2008-09-04" }]);
    await admin.close();
  });

  test("entrega final: fecha DD/MM/AAAA y hora de 24 horas", async ({ page }) => {
    // The create journey (final-deliveries.spec.ts) types both and reads the stored wall time back; here
    // the field refuses a 12-hour time.
    await loginViaApi(page, "admin", "/final-deliveries/create");
    const group = page.getByRole("group", { name: /^Fecha de entrega/ });
    await fillDateTime(page, /^Fecha de entrega/, `${schoolDate(3)}T14:30`);
    await expect(group.getByRole("textbox", { name: "Fecha", exact: true })).toHaveValue(
      typedDate(schoolDate(3)),
    );
    const time = group.getByRole("textbox", { name: "Hora", exact: true });
    await time.fill("2:30 PM");
    await time.press("Tab");
    await expect(page.getByText(/Escriba la hora de 00:00 a 23:59/)).toBeVisible();
    await expectAccessible(page, "entrega final con hora inválida", "hora inválida");
  });
});
