import type { Locator, Page } from "@playwright/test";
import { breadcrumbs, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

/** The demo school's classrooms (server/db/seed/sections.ts); all of them have schedules. */
const DEMO_CODES = ["A-101", "A-102", "A-201", "A-202", "B-101", "B-102", "LAB-1", "AUD"];

type ClassroomList = { data: { code: string; max_capacity: number }[]; meta: { total: number } };

/**
 * The data rows of the table. With no records mantine-datatable keeps one empty row with a single
 * cell, so a data row is one with a second cell.
 */
const bodyRows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("rowgroup")
    .nth(1)
    .getByRole("row")
    .filter({ has: page.getByRole("cell").nth(1) });

/** Text of one column (0-based) of the rows shown. */
const columnTexts = (page: Page, index: number) =>
  bodyRows(page).evaluateAll(
    (rows, i) => rows.map((row) => (row as HTMLTableRowElement).cells[i]?.textContent?.trim() ?? ""),
    index,
  );

const rowOf = (page: Page, code: string): Locator =>
  bodyRows(page).filter({ has: page.getByRole("cell", { name: code, exact: true }) });

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/** What a sortable header's icon says (in Spanish, not mantine-datatable's "Not sorted"). */
const SORT_LABELS = "Sin ordenar|Orden ascendente|Orden descendente";

const sortHeader = (page: Page, title: string) =>
  page.getByRole("table").getByRole("button", { name: new RegExp(`^${title}\\s*(${SORT_LABELS})$`) });

/** Waits for the list call whose query contains `fragment` (URL-decoded) and returns its answer. */
const listAnswer = (page: Page, fragment: string) =>
  page
    .waitForResponse((r) => {
      const url = decodeURIComponent(r.url());
      return url.includes("/api/classrooms?") && url.includes(fragment) && r.request().method() === "GET";
    })
    .then(async (r) => {
      expect(r.status()).toBe(200);
      return (await r.json()) as ClassroomList;
    });

const paginationText = (page: Page) => page.getByText(/^\d+ - \d+ de \d+$/);

/** The element's content is wider than its box (cut with an ellipsis). */
const isCut = (locator: Locator) => locator.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

/** The classroom list call (not /classrooms/{id} nor the availability). */
const isListCall = (url: URL) => url.pathname === "/api/classrooms";

/** "Crear aula" / "Editar aula" form fields. */
const capacityInput = (page: Page) => page.getByRole("textbox", { name: "Máxima capacidad", exact: true });

test.describe("aulas", () => {
  test("el administrador crea, busca, edita y elimina un aula", async ({ page }) => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    // A common laptop screen: the status badge must fit its column there.
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginViaApi(page, "admin", "/classrooms");
    await expect(page.getByRole("heading", { level: 1, name: "Listado de aulas" })).toBeVisible();
    await expect(rowOf(page, "A-101")).toBeVisible();
    await expectAccessible(page, "listado de aulas");

    // Create: a duplicate code is refused under the field (422), then the new one is saved.
    await page.getByRole("link", { name: "Crear aula" }).click();
    await expect(page).toHaveURL(/\/classrooms\/create$/);
    await expect(breadcrumbs(page)).toHaveText(/^Listado de aulas\s*\/\s*Crear aula$/);
    const codeInput = page.getByRole("textbox", { name: "Código", exact: true });
    await codeInput.fill("A-101");
    await page.getByRole("textbox", { name: "Descripción", exact: true }).fill("Aula creada por Playwright");
    await page.getByRole("textbox", { name: "Máxima capacidad", exact: true }).fill("24");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Por favor verifique la información ingresada")).toBeVisible();
    await expect(codeInput).toHaveAttribute("aria-invalid", "true");
    await expect(codeInput).toHaveAccessibleDescription(/El valor del campo código ya está en uso\./);
    await expectAccessible(page, "crear aula con error", "con error");
    await expect(page).toHaveURL(/\/classrooms\/create$/);

    await codeInput.fill(code);
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Se ha creado el aula con éxito")).toBeVisible();
    await expect(page).toHaveURL(/\/classrooms(\?.*)?$/);

    // Search finds it (and only it).
    const searched = listAnswer(page, `search=${code.toLowerCase()}`);
    await page.getByRole("searchbox", { name: "Buscar..." }).fill(code.toLowerCase());
    expect((await searched).meta.total).toBe(1);
    await expect(page).toHaveURL(new RegExp(`search=${code.toLowerCase()}`));
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(rowOf(page, code)).toContainText("Aula creada por Playwright");
    await expect(rowOf(page, code).getByRole("cell").nth(2)).toHaveText("24");
    await expect(paginationText(page)).toHaveText("1 - 1 de 1");

    // Edit: breadcrumb "Listado de aulas" > code > "Editar aula".
    await rowOf(page, code).getByRole("link", { name: "Editar" }).click();
    await expect(page).toHaveURL(/\/classrooms\/\d+\/edit$/);
    await expect(page.getByRole("heading", { level: 1, name: "Editar aula" })).toBeVisible();
    await expect(breadcrumbs(page)).toHaveText(
      new RegExp(`^Listado de aulas\\s*/\\s*${code}\\s*/\\s*Editar aula$`),
    );
    await expect(breadcrumbs(page).getByRole("link")).toHaveText(["Listado de aulas"]);
    await expect(page.getByRole("textbox", { name: "Código", exact: true })).toHaveValue(code);
    await expectAccessible(page, "editar aula");
    await page.getByRole("textbox", { name: "Descripción", exact: true }).fill("Aula editada por Playwright");
    await page.getByRole("textbox", { name: "Máxima capacidad", exact: true }).fill("42");
    await page.getByRole("switch", { name: "Habilitada" }).uncheck({ force: true });
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Se ha actualizado el aula con éxito")).toBeVisible();
    await expect(page).toHaveURL(/\/classrooms(\?.*)?$/);

    await page.getByRole("searchbox", { name: "Buscar..." }).fill(code);
    await expect(bodyRows(page)).toHaveCount(1);
    const row = rowOf(page, code);
    await expect(row.getByRole("cell")).toHaveText([
      code,
      "Aula editada por Playwright",
      "42",
      "No",
      "Deshabilitada",
      /^Editar\s*Eliminar$/,
    ]);
    // The badge shows its whole word (it was cut to "INACTI…").
    const badge = row.getByRole("cell").nth(4).locator(".mantine-Badge-root");
    await expect(badge).toHaveText("Deshabilitada");
    expect(await isCut(badge)).toBe(false);
    expect(await isCut(badge.locator(".mantine-Badge-label"))).toBe(false);
    // And the whole row fits: no sideways scrolling on a laptop, the actions in sight.
    expect(
      await isCut(page.locator(".mantine-datatable-scroll-area .mantine-ScrollArea-viewport").first()),
    ).toBe(false);
    await expect(row.getByRole("button", { name: "Eliminar" })).toBeInViewport();

    // Delete: "No" keeps it, "Sí" removes it.
    await row.getByRole("button", { name: "Eliminar" }).click();
    let dialog = page.getByRole("dialog", { name: "Eliminar aula" });
    await expect(dialog).toContainText(`¿Desea eliminar el aula ${code}?`);
    await expectAccessible(page, "diálogo eliminar aula");
    // Si/No (plus the modal's unlabelled close button).
    await expect(dialog.getByRole("button").filter({ hasText: /\S/ })).toHaveText(["No", "Sí"]);
    await dialog.getByRole("button", { name: "No", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: "Eliminar" }).click();
    dialog = page.getByRole("dialog", { name: "Eliminar aula" });
    await dialog.getByRole("button", { name: "Sí", exact: true }).click();
    await expect(toast(page, "Se ha eliminado el aula con éxito")).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(0);
    await expect(page.getByText("No hay resultados encontrados")).toBeVisible();
    await expectAccessible(page, "listado de aulas vacío", "sin resultados");
  });

  test("eliminar un aula con horarios muestra el diálogo classroom_has_schedules", async ({ page }) => {
    await loginViaApi(page, "admin", "/classrooms");
    const row = rowOf(page, "A-101");
    await row.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("dialog", { name: "Eliminar aula" }).getByRole("button", { name: "Sí" }).click();

    const refusal = page.getByRole("dialog", { name: "No se puede eliminar el aula" });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText("El aula tiene horarios asignados y no puede eliminarse.");
    await expectAccessible(page, "diálogo no se puede eliminar");
    // The dialog replaces the generic 400 toast.
    await expect(toast(page, "Consultar logs para más información")).toHaveCount(0);
    await refusal.getByRole("button", { name: "Entendido" }).click();
    await expect(refusal).toHaveCount(0);
    await expect(row).toBeVisible();
  });

  test("ordenar por columna (asc y desc) y paginar", async ({ page }) => {
    const first = listAnswer(page, "page=1");
    await loginViaApi(page, "admin", "/classrooms");
    const total = (await first).meta.total;
    expect(total).toBeGreaterThanOrEqual(DEMO_CODES.length);
    expect(total).toBeLessThanOrEqual(10); // everything fits on the default page
    await expect(paginationText(page)).toHaveText(`1 - ${total} de ${total}`);
    await expect(bodyRows(page)).toHaveCount(total);
    await screenshot(page, "classrooms-list", { fullPage: true });

    // Capacity ascending, then descending (same header toggles).
    let answer = listAnswer(page, "sort_by=max_capacity,asc");
    await sortHeader(page, "Máxima capacidad").click();
    let expected = (await answer).data.map((c) => String(c.max_capacity));
    await expect(page).toHaveURL(/sort_by=max_capacity%2Casc/);
    await expect.poll(() => columnTexts(page, 2)).toEqual(expected);
    const ascending = expected.map(Number);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThanOrEqual(25); // LAB-1 is the smallest demo classroom

    answer = listAnswer(page, "sort_by=max_capacity,desc");
    await sortHeader(page, "Máxima capacidad").click();
    expected = (await answer).data.map((c) => String(c.max_capacity));
    await expect(page).toHaveURL(/sort_by=max_capacity%2Cdesc/);
    await expect.poll(() => columnTexts(page, 2)).toEqual(expected);
    const descending = expected.map(Number);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    expect(descending[0]).toBeGreaterThanOrEqual(150); // AUD is the largest demo classroom
    expect(descending).not.toEqual(ascending);

    // Code ascending, then descending: the order changes and reverses.
    answer = listAnswer(page, "sort_by=code,asc");
    await sortHeader(page, "Código").click();
    const codesAsc = (await answer).data.map((c) => c.code);
    await expect.poll(() => columnTexts(page, 0)).toEqual(codesAsc);
    answer = listAnswer(page, "sort_by=code,desc");
    await sortHeader(page, "Código").click();
    const codesDesc = (await answer).data.map((c) => c.code);
    await expect.poll(() => columnTexts(page, 0)).toEqual(codesDesc);
    expect(codesDesc).toEqual([...codesAsc].reverse());
    expect(codesDesc).not.toEqual(codesAsc);
    expect(codesAsc).toEqual(expect.arrayContaining(DEMO_CODES));

    // Page size 5: two pages, the order kept across them.
    answer = listAnswer(page, "limit=5");
    await page.getByRole("button", { name: "10", exact: true }).click();
    await page.getByRole("menuitem", { name: "5", exact: true }).click();
    await answer;
    await expect(page).toHaveURL(/limit=5/);
    await expect(bodyRows(page)).toHaveCount(5);
    await expect(paginationText(page)).toHaveText(`1 - 5 de ${total}`);
    await expect.poll(() => columnTexts(page, 0)).toEqual(codesDesc.slice(0, 5));

    answer = listAnswer(page, "page=2");
    await page.getByRole("button", { name: "2", exact: true }).click();
    await answer;
    await expect(page).toHaveURL(/page=2/);
    await expect(paginationText(page)).toHaveText(`6 - ${total} de ${total}`);
    await expect(bodyRows(page)).toHaveCount(total - 5);
    await expect.poll(() => columnTexts(page, 0)).toEqual(codesDesc.slice(5));
    await expect(page.getByRole("button", { name: "Página siguiente" })).toBeDisabled();

    // Page jump back to 1.
    await page.getByRole("textbox", { name: "Ir a la página" }).fill("1");
    await page.getByRole("button", { name: "Ir", exact: true }).click();
    await expect(paginationText(page)).toHaveText(`1 - 5 de ${total}`);
    await expect.poll(() => columnTexts(page, 0)).toEqual(codesDesc.slice(0, 5));
    await expect(page.getByRole("button", { name: "Página anterior" })).toBeDisabled();

    // A search without matches.
    await page.getByRole("searchbox", { name: "Buscar..." }).fill("no-existe-ninguna");
    await expect(bodyRows(page)).toHaveCount(0);
    await expect(page.getByText("No hay resultados encontrados")).toBeVisible();

    await page.getByRole("searchbox", { name: "Buscar..." }).fill("");
    await expect(bodyRows(page)).toHaveCount(5);
  });

  test("el administrador inferior ve el listado sin crear, editar ni eliminar", async ({ page }) => {
    await loginViaApi(page, "lowAdmin", "/classrooms");
    await expect(page.getByRole("heading", { level: 1, name: "Listado de aulas" })).toBeVisible();
    await expect(rowOf(page, "A-101")).toBeVisible();
    await expectAccessible(page, "listado de aulas (administrador inferior)");
    const headerCells = page
      .getByRole("table")
      .getByRole("rowgroup")
      .first()
      .getByRole("row")
      .evaluate((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent?.trim()));
    expect(await headerCells).toEqual([
      "Código",
      "Descripción",
      "Máxima capacidad",
      "Múltiples secciones",
      "Estado",
    ]);
    await expect(
      page.getByRole("table").getByRole("button", { name: /^Estado\s*Sin ordenar$/ }),
    ).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Acciones" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Crear aula" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Eliminar" })).toHaveCount(0);
    await expect(bodyRows(page).first().getByRole("cell")).toHaveCount(5);
  });

  test("un listado que no carga muestra el error y Reintentar lo vuelve a pedir", async ({ page }) => {
    let failures = 0;
    await page.route(isListCall, (route) => {
      failures += 1;
      return route.fulfill({
        status: 500,
        json: { message: "internal_server_error", description: "Error interno del servidor" },
      });
    });
    await loginViaApi(page, "admin", "/classrooms");
    await expect(page.getByText("No se pudo cargar el listado")).toBeVisible();
    await expect(page.getByText("No hay resultados encontrados")).toBeHidden();
    await expect(bodyRows(page)).toHaveCount(0);
    expect(failures).toBeGreaterThanOrEqual(1);
    await expectAccessible(page, "listado de aulas con error", "error de carga");

    await page.unroute(isListCall);
    const answer = listAnswer(page, "page=1");
    await page.getByRole("button", { name: "Reintentar" }).click();
    await answer;
    await expect(rowOf(page, "A-101")).toBeVisible();
    await expect(page.getByText("No se pudo cargar el listado")).toHaveCount(0);
  });

  test("las cabeceras ordenables se anuncian en español", async ({ page }) => {
    await loginViaApi(page, "admin", "/classrooms");
    await expect(rowOf(page, "A-101")).toBeVisible();
    const table = page.getByRole("table");
    await expect(table.getByRole("img", { name: /sorted/i })).toHaveCount(0);
    await expect(table.getByRole("img", { name: "Sin ordenar" })).toHaveCount(5);
    const code = page.getByRole("columnheader", { name: /^Código/ });
    await expect(code).toHaveAttribute("aria-sort", "none");
    const answer = listAnswer(page, "sort_by=code,asc");
    await sortHeader(page, "Código").focus();
    await page.keyboard.press("Enter");
    await answer;
    await expect(code).toHaveAttribute("aria-sort", "ascending");
    await expect(code.getByRole("img", { name: "Orden ascendente" })).toBeVisible();
  });

  test("búsqueda, orden, página, tamaño y columnas sobreviven a crear, editar y recargar", async ({
    page,
  }) => {
    const code = `E2E-S-${Date.now().toString(36).toUpperCase()}`;
    // Every classroom code but AUD has a "-": more than 5 results, so there is a page 2.
    const state = { search: "-", page: "2", limit: "5", sort_by: "code,desc" };
    const first = listAnswer(page, "limit=5");
    await loginViaApi(page, "admin", `/classrooms?${new URLSearchParams(state)}`);
    await first;
    await expect(bodyRows(page).first()).toBeVisible();
    const expectState = async () => {
      await expect(page).toHaveURL(/\/classrooms\?/);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual(state);
      await expect(page.getByRole("searchbox", { name: "Buscar..." })).toHaveValue("-");
      await expect(page.getByRole("columnheader", { name: /^Código/ })).toHaveAttribute(
        "aria-sort",
        "descending",
      );
      await expect(page.getByRole("button", { name: "5", exact: true })).toBeVisible(); // page size
      await expect(paginationText(page)).toHaveText(/^6 - \d+ de \d+$/);
      await expect(page.getByRole("columnheader", { name: /^Descripción/ })).toHaveCount(0);
    };

    // Hide "Descripción".
    await page.getByRole("button", { name: "Columnas" }).click();
    await page.getByRole("checkbox", { name: "Descripción" }).uncheck();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("columnheader", { name: /^Descripción/ })).toHaveCount(0);

    await page.reload();
    await expectState();

    // Create, then back to the same list.
    await page.getByRole("link", { name: "Crear aula" }).click();
    await page.getByRole("textbox", { name: "Código", exact: true }).fill(code);
    await capacityInput(page).fill("12");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Se ha creado el aula con éxito")).toBeVisible();
    await expectState();

    // Edit, then back to the same list; also through "Cancelar".
    await bodyRows(page).first().getByRole("link", { name: "Editar" }).click();
    await expect(page).toHaveURL(/\/classrooms\/\d+\/edit$/);
    await page.getByRole("link", { name: "Cancelar" }).click();
    await expectState();
    await bodyRows(page).first().getByRole("link", { name: "Editar" }).click();
    await capacityInput(page).fill("13");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Se ha actualizado el aula con éxito")).toBeVisible();
    await expectState();
  });

  test("salir de un formulario con cambios pregunta antes", async ({ page }) => {
    await loginViaApi(page, "admin", "/classrooms/create");
    await page.getByRole("textbox", { name: "Código", exact: true }).fill("SIN-GUARDAR");

    // Inside the app: the breadcrumb asks; "No" stays with the text kept.
    await breadcrumbs(page).getByRole("link", { name: "Listado de aulas" }).click();
    const dialog = page.getByRole("dialog", { name: "Cambios sin guardar" });
    await expect(dialog).toContainText(
      "Hay cambios sin guardar en este formulario. ¿Desea salir y descartarlos?",
    );
    await expectAccessible(page, "diálogo cambios sin guardar");
    await dialog.getByRole("button", { name: "No", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/classrooms\/create$/);
    await expect(page.getByRole("textbox", { name: "Código", exact: true })).toHaveValue("SIN-GUARDAR");

    // Closing the tab: the browser's own question (beforeunload); dismissed, the page stays.
    const asked = page.waitForEvent("dialog").then(async (browserDialog) => {
      const type = browserDialog.type();
      await browserDialog.dismiss();
      return type;
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
    expect(page.isClosed()).toBe(false);

    // "Cancelar" asks too; "Sí" leaves without saving.
    await page.getByRole("link", { name: "Cancelar" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Sí", exact: true }).click();
    await expect(page).toHaveURL(/\/classrooms$/);
  });

  test("una capacidad fuera de rango no se corrige sola: el mensaje dice por qué", async ({ page }) => {
    await loginViaApi(page, "admin", "/classrooms/create");
    const capacity = capacityInput(page);
    for (const [typed, message] of [
      ["1000000", "El campo máxima capacidad no debe ser mayor que 10000."],
      ["0", "El campo máxima capacidad debe ser al menos 1."],
      ["-5", "El campo máxima capacidad debe ser al menos 1."],
    ] as const) {
      await capacity.fill(typed);
      await capacity.blur();
      await expect(capacity).toHaveValue(typed);
      await expect(capacity).toHaveAttribute("aria-invalid", "true");
      await expect(capacity).toHaveAccessibleDescription(message);
    }
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(capacity).toHaveValue("-5");
    await expect(page).toHaveURL(/\/classrooms\/create$/);
  });

  test("en un teléfono la tabla se desplaza de lado con el código fijo", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginViaApi(page, "admin", "/classrooms");
    await expect(rowOf(page, "A-101")).toBeVisible();
    await screenshot(page, "classrooms-list-phone", { fullPage: true });
    // The page itself does not scroll sideways; the table does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const viewport = page.locator(".mantine-datatable-scroll-area .mantine-ScrollArea-viewport").first();
    const sizes = await viewport.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll).toBeGreaterThan(sizes.client);

    const row = rowOf(page, "A-101");
    const codeCell = row.getByRole("cell").first();
    const edit = row.getByRole("link", { name: "Editar" });
    const before = (await codeCell.boundingBox())!;
    await viewport.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect(edit).toBeInViewport();
    const after = (await codeCell.boundingBox())!;
    expect(Math.abs(after.x - before.x)).toBeLessThan(2);
    await expect(codeCell).toHaveText("A-101");
    // Cells of short values stay on one line.
    const heights = await row
      .getByRole("cell")
      .evaluateAll((cells) => cells.map((c) => Math.round(c.getBoundingClientRect().height)));
    expect(Math.max(...heights)).toBeLessThan(80);
    await edit.click();
    await expect(page).toHaveURL(/\/classrooms\/\d+\/edit$/);
  });
});
