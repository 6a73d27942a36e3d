import { expect, type Locator, type Page, test } from "@playwright/test";
import { artifact, breadcrumbs, loginViaApi } from "./support";

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

const sortHeader = (page: Page, title: string) =>
  page.getByRole("table").getByRole("button", { name: new RegExp(`^${title}\\b`) });

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

test.describe("aulas", () => {
  test("el administrador crea, busca, edita y elimina un aula", async ({ page }) => {
    const code = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await loginViaApi(page, "admin", "/classrooms");
    await expect(page.getByRole("heading", { level: 1, name: "Listado de aulas" })).toBeVisible();
    await expect(rowOf(page, "A-101")).toBeVisible();

    // Create: a duplicate code is refused under the field (422), then the new one is saved.
    await page.getByRole("link", { name: "Crear aula" }).click();
    await expect(page).toHaveURL(/\/classrooms\/create$/);
    await expect(breadcrumbs(page)).toHaveText(/^Listado de aulas\s*\/\s*Crear aula$/);
    const codeInput = page.getByRole("textbox", { name: "Código", exact: true });
    await codeInput.fill("A-101");
    await page.getByRole("textbox", { name: "Descripción", exact: true }).fill("Aula creada por Playwright");
    await page.getByRole("textbox", { name: "Capacidad máxima", exact: true }).fill("24");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Por favor verifique la información ingresada")).toBeVisible();
    await expect(codeInput).toHaveAttribute("aria-invalid", "true");
    await expect(codeInput).toHaveAccessibleDescription(/El valor del campo código ya está en uso\./);
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
    await page.getByRole("textbox", { name: "Descripción", exact: true }).fill("Aula editada por Playwright");
    await page.getByRole("textbox", { name: "Capacidad máxima", exact: true }).fill("42");
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
      "Inactiva",
      /^Editar\s*Eliminar$/,
    ]);

    // Delete: "No" keeps it, "Sí" removes it.
    await row.getByRole("button", { name: "Eliminar" }).click();
    let dialog = page.getByRole("dialog", { name: "Eliminar aula" });
    await expect(dialog).toContainText(`¿Desea eliminar el aula ${code}?`);
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
  });

  test("eliminar un aula con horarios muestra el diálogo classroom_has_schedules", async ({ page }) => {
    await loginViaApi(page, "admin", "/classrooms");
    const row = rowOf(page, "A-101");
    await row.getByRole("button", { name: "Eliminar" }).click();
    await page.getByRole("dialog", { name: "Eliminar aula" }).getByRole("button", { name: "Sí" }).click();

    const refusal = page.getByRole("dialog", { name: "No se puede eliminar el aula" });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText("El aula tiene horarios asignados y no puede eliminarse.");
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
    await page.screenshot({ path: artifact("classrooms-list"), fullPage: true });

    // Capacity ascending, then descending (same header toggles).
    let answer = listAnswer(page, "sort_by=max_capacity,asc");
    await sortHeader(page, "Capacidad máxima").click();
    let expected = (await answer).data.map((c) => String(c.max_capacity));
    await expect(page).toHaveURL(/sort_by=max_capacity%2Casc/);
    await expect.poll(() => columnTexts(page, 2)).toEqual(expected);
    const ascending = expected.map(Number);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThanOrEqual(25); // LAB-1 is the smallest demo classroom

    answer = listAnswer(page, "sort_by=max_capacity,desc");
    await sortHeader(page, "Capacidad máxima").click();
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
    const headerCells = page
      .getByRole("table")
      .getByRole("rowgroup")
      .first()
      .getByRole("row")
      .evaluate((row) => Array.from((row as HTMLTableRowElement).cells, (cell) => cell.textContent?.trim()));
    expect(await headerCells).toEqual([
      "Código",
      "Descripción",
      "Capacidad máxima",
      "Múltiples secciones",
      "Estado",
    ]);
    await expect(page.getByRole("table").getByRole("button", { name: /^Estado\b/ })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Acciones" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Crear aula" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Editar" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Eliminar" })).toHaveCount(0);
    await expect(bodyRows(page).first().getByRole("cell")).toHaveCount(5);
  });
});
