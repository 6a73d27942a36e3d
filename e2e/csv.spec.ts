import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

/** RFC 4180 records of a CSV text (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i++;
    } else cell += c;
  }
  if (cell !== "" || record.length > 0) records.push([...record, cell]);
  return records;
}

/** Clicks "Exportar CSV" and answers the downloaded file's name and bytes. */
async function exportCsv(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const file = await download;
  const path = await file.path();
  return { name: file.suggestedFilename(), bytes: await readFile(path) };
}

test.describe("CSV export of lists", () => {
  test("an admin exports the classrooms list, searched and sorted, as a CSV Excel opens", async ({
    page,
  }) => {
    await loginViaApi(page, "admin", "/classrooms?sort_by=code,desc");
    // The first visit loads the page's code: a busy machine may take a while.
    await expect(page.getByRole("heading", { name: "Listado de aulas" })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Exportar CSV" })).toBeVisible();
    await expectAccessible(page, "/classrooms con Exportar CSV");
    await screenshot(page, "csv-classrooms-list", { fullPage: true });

    // Every classroom, in the list's order (code descending), whatever the page size.
    const all = await exportCsv(page);
    expect(all.name).toMatch(/^aulas-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...all.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(all.bytes.subarray(3).toString("utf8"));
    expect(header).toEqual(["Código", "Descripción", "Máxima capacidad", "Múltiples secciones", "Estado"]);
    // The same rows, in the same order, as the JSON list with every row.
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem("aula.session")!).token as string,
    );
    const list = await page.request.get("/api/classrooms?limit=0&sort_by=code,desc", {
      headers: { authorization: `Bearer ${token}` },
    });
    const expected = ((await list.json()) as { data: { code: string }[] }).data.map((c) => c.code);
    expect(rows.map((r) => r[0])).toEqual(expected);
    // Accents survive (UTF-8), booleans are Sí/No.
    expect(rows.some((r) => /[áéíóúñ]/i.test(r[1]!))).toBe(true);
    for (const row of rows) expect(["Sí", "No"]).toContain(row[3]);

    // The search of the list is the search of the file.
    await page.getByRole("searchbox", { name: "Buscar..." }).fill("lab");
    await expect(page).toHaveURL(/search=lab/);
    const searched = await exportCsv(page);
    const [, ...found] = parseCsv(searched.bytes.subarray(3).toString("utf8"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(rows.length);
    for (const row of found) expect(`${row[0]} ${row[1]}`.toLowerCase()).toContain("lab");
  });

  test("a failed export says so in Spanish and the button comes back", async ({ page }) => {
    await loginViaApi(page, "admin", "/classrooms");
    await expect(page.getByRole("button", { name: "Exportar CSV" })).toBeVisible({ timeout: 30_000 });
    await page.route("**/api/classrooms?*format=csv*", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "x" }) }),
    );
    await page.getByRole("button", { name: "Exportar CSV" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "No se pudo exportar el listado" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Exportar CSV" })).toBeEnabled();
  });

  test("next to it, Exportar Excel downloads the same list as a workbook with real numbers", async ({
    page,
  }) => {
    await loginViaApi(page, "admin", "/classrooms?sort_by=code,asc");
    const button = page.getByRole("button", { name: "Exportar Excel" });
    await expect(button).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page, "/classrooms con Exportar Excel");
    const download = page.waitForEvent("download");
    await button.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^aulas-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile(await file.path())) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Código",
      "Descripción",
      "Máxima capacidad",
      "Múltiples secciones",
      "Estado",
    ]);
    expect(sheet.rowCount).toBeGreaterThan(1);
    expect(sheet.getCell("C2").type).toBe(ExcelJS.ValueType.Number);
    expect(["Sí", "No"]).toContain(sheet.getCell("D2").value);
  });
});
