import type { Locator, Page } from "@playwright/test";
import {
  breadcrumbs,
  expect,
  expectAccessible,
  loginViaApi,
  screenshot,
  storedSession,
  test,
} from "./support";

/** The input of a Mantine select: a textbox, or a combobox when it is searchable. */
const selectInput = (scope: Page | Locator, name: string) =>
  scope.getByRole("textbox", { name, exact: true }).or(scope.getByRole("combobox", { name, exact: true }));

/** Chooses `option` in the Mantine select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await selectInput(page, label).click();
  await page.getByRole("option", { name: option }).click();
}

const toast = (page: Page, text: string | RegExp) => page.getByRole("alert").filter({ hasText: text });

/** The courses drawn in the curriculum, column by column: [["S1 code", ...], ...]. */
const curriculumColumns = (page: Page) =>
  page
    .getByTestId("curriculum-semester")
    .evaluateAll((columns) =>
      columns.map((c) =>
        [...c.querySelectorAll('[data-testid="curriculum-course"]')].map(
          (card) => card.querySelector("p")?.textContent?.trim() ?? "",
        ),
      ),
    );

test.describe("pensums", () => {
  /** The specialization the first journey creates, disabled afterwards (see afterEach). */
  let created: { code: string; token: string } | undefined;

  // An enabled specialization without a pensum in a period keeps that period from being enabled again
  // (all_specializations_must_have_one_pensum): the periods journey, which re-enables the demo's current
  // period when it ends, would then leave its own period as the current one for every later journey.
  test.afterEach(async ({ request }) => {
    if (!created) return;
    const headers = { authorization: `Bearer ${created.token}` };
    const found = await request.get(`/api/specializations?search=${created.code}&limit=0`, { headers });
    const rows = ((await found.json()) as { data: { id: number; code: string }[] }).data;
    for (const row of rows.filter((r) => r.code === created?.code)) {
      const res = await request.patch(`/api/specializations/${row.id}`, {
        headers,
        data: { enabled: false },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    created = undefined;
  });

  test("el administrador crea una especialidad y arma un pensum con semestres, materias, una prelación y una nueva versión", async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const tag = Date.now().toString(36).toUpperCase().slice(-5);
    const specCode = `T${tag}`;
    const specTitle = `Telecomunicaciones ${tag}`;

    // A specialization, through its form.
    await loginViaApi(page, "admin", "/specializations");
    await expect(page.getByRole("heading", { level: 1, name: "Especialidades" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Informática", exact: true })).toBeVisible();
    await expectAccessible(page, "listado de especialidades");
    await page.getByRole("link", { name: "Crear especialidad" }).click();
    await expect(breadcrumbs(page)).toHaveText(/^Especialidades\s*\/\s*Crear especialidad$/);
    await page.getByRole("textbox", { name: "Título", exact: true }).fill(specTitle);
    await page.getByRole("textbox", { name: "Código", exact: true }).fill("INF");
    await page.getByRole("button", { name: "Guardar" }).click();
    // The code is taken: the Spanish message under the field.
    await expect(page.getByText("El valor del campo código ya está en uso.")).toBeVisible();
    await page.getByRole("textbox", { name: "Código", exact: true }).fill(specCode);
    await expectAccessible(page, "crear especialidad");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Se ha creado la especialidad con éxito")).toBeVisible();
    const session = await storedSession(page);
    created = { code: specCode, token: session!.token };
    await expect(page.getByRole("cell", { name: specTitle, exact: true })).toBeVisible();

    // Three courses to place (the courses screens are another journey's).
    const courseCodes = [`${tag}-101`, `${tag}-102`, `${tag}-201`];
    const titles = ["Circuitos I", "Señales y Sistemas", "Circuitos II"];
    for (const [i, code] of courseCodes.entries()) {
      const res = await page.request.post("/api/courses", {
        headers: { authorization: `Bearer ${session!.token}` },
        data: { code, title: titles[i], credits: 3 + i, hours: 4, max_absences_to_fail: 6 },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    // The pensum: two semesters, then its courses on the edit page.
    await page.goto("/pensums");
    await expect(page.getByRole("heading", { level: 1, name: "Pensums" })).toBeVisible();
    await expectAccessible(page, "listado de pensums");
    await page.getByRole("link", { name: "Crear pensum" }).click();
    await expect(breadcrumbs(page)).toHaveText(/^Pensums\s*\/\s*Crear pensum$/);
    await choose(page, "Especialidad", specTitle);
    await page.getByRole("textbox", { name: "Nombre", exact: true }).fill(`Pensum ${specTitle}`);
    await expectAccessible(page, "crear pensum");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(/\/pensums\/\d+\/edit$/);
    const pensumId = Number(/\/pensums\/(\d+)\/edit/.exec(page.url())![1]);
    const editors = page.getByTestId("semester-editor");
    await expect(editors).toHaveCount(2);

    const pick = async (semester: number, code: string) => {
      await selectInput(editors.nth(semester), `Materias del Semestre ${semester + 1}`).click();
      await page.getByRole("option", { name: new RegExp(`^${code} — `) }).click();
      await page.keyboard.press("Escape");
    };
    await pick(0, courseCodes[0]!);
    await pick(0, courseCodes[1]!);
    await editors.nth(0).getByRole("button", { name: "Guardar semestre" }).click();
    await expect(toast(page, "Se ha actualizado el Semestre 1 con éxito")).toBeVisible();
    await pick(1, courseCodes[2]!);
    await editors.nth(1).getByRole("button", { name: "Guardar semestre" }).click();
    await expect(toast(page, "Se ha actualizado el Semestre 2 con éxito")).toBeVisible();
    // A third semester, added and removed again (Sí/No first).
    await page.getByRole("button", { name: "Agregar semestre" }).click();
    await expect(editors).toHaveCount(3);
    await page.getByRole("button", { name: "Eliminar el Semestre 3" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Sí" }).click();
    await expect(editors).toHaveCount(2);
    await expectAccessible(page, "editar pensum");

    // A prelation on the prelations page: Circuitos II requires Circuitos I (total).
    const specializationId = await page.evaluate(async (id) => {
      const raw = localStorage.getItem("aula.session")!;
      const res = await fetch(`/api/pensums/${id}`, {
        headers: { authorization: `Bearer ${(JSON.parse(raw) as { token: string }).token}` },
      });
      return ((await res.json()) as { data: { specialization_id: number } }).data.specialization_id;
    }, pensumId);
    await page.goto(`/prelations/create?specialization_id=${specializationId}&pensum_id=${pensumId}`);
    await choose(page, "Materia", new RegExp(`^${courseCodes[2]} — `));
    await choose(page, "Materia requerida", new RegExp(`^${courseCodes[0]} — `));
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Prelación guardada.")).toBeVisible();

    // The pensum view: semesters in columns, the prelation drawn and listed as text.
    await page.goto(`/pensums/${pensumId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Pensum" })).toBeVisible();
    await expect
      .poll(() => curriculumColumns(page))
      .toEqual([[courseCodes[0], courseCodes[1]], [courseCodes[2]]]);
    await expect(
      page.locator('[data-testid="curriculum-arrows"] path[data-prelation-type="total"]'),
    ).toHaveCount(1);
    await expect(page.getByTestId("prelation-list")).toContainText(
      `${courseCodes[2]} Circuitos II requiere haber aprobado ${courseCodes[0]} Circuitos I (total)`,
    );
    await expectAccessible(page, "vista del pensum");

    // A new version copies semesters, courses and the prelation.
    await page.getByRole("button", { name: "Crear nueva versión" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Sí" }).click();
    await expect(toast(page, "Se ha creado la versión 2 del pensum con éxito")).toBeVisible();
    await expect(page).toHaveURL(/\/pensums\/\d+\/edit$/);
    await page.getByRole("link", { name: "Ver pensum" }).click();
    await expect(page.getByText("Versión 2").first()).toBeVisible();
    await expect
      .poll(() => curriculumColumns(page))
      .toEqual([[courseCodes[0], courseCodes[1]], [courseCodes[2]]]);
    await expect(page.locator('[data-testid="curriculum-arrows"] path[data-prelation-type]')).toHaveCount(1);
    await expect(page.getByRole("link", { name: "Versión 1" })).toBeVisible();

    // A pensum the periods use cannot be deleted: the reason in a dialog.
    await page.goto("/pensums?search=Informática");
    await page.getByRole("button", { name: "Eliminar Pensum Informática v2" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Sí" }).click();
    await expect(page.getByRole("dialog", { name: "No se puede eliminar el pensum" })).toContainText(
      "El pensum está asignado a períodos y no puede eliminarse.",
    );
    await page.getByRole("button", { name: "Entendido" }).click();
  });

  test("la vista de un pensum del demo: semestres en columnas con sus prelaciones", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginViaApi(page, "admin", "/pensums?search=Informática&sort_by=version,desc");
    await page.getByRole("link", { name: "Pensum Informática" }).first().click();
    await expect(page).toHaveURL(/\/pensums\/\d+$/);
    await expect(page.getByTestId("curriculum-semester")).toHaveCount(3);
    await expect(
      page.locator('[data-testid="curriculum-arrows"] path[data-prelation-type="partial"]'),
    ).not.toHaveCount(0);
    await expectAccessible(page, "vista del pensum del demo");
    await screenshot(page, "pensum-view", { fullPage: true });
  });

  test("un asistente ve los pensums sin poder modificarlos", async ({ page }) => {
    await loginViaApi(page, "lowAdmin", "/pensums");
    await expect(page.getByRole("heading", { level: 1, name: "Pensums" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Crear pensum" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Eliminar/ })).toHaveCount(0);
  });
});
