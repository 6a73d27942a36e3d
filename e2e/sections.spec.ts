import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { breadcrumbs, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

/** The course table of a section's detail page (its body rows). */
const courseRows = (page: Page) => page.getByRole("table").locator("tbody tr");

/** Clicks "Exportar CSV" and answers the downloaded file's name and text (BOM checked and dropped). */
async function exportCsv(page: Page) {
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar CSV" }).click();
  const file = await download;
  const bytes = await readFile(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return { name: file.suggestedFilename(), text: bytes.subarray(3).toString("utf8") };
}

test.describe("sections", () => {
  test("an admin creates a section, sees its course sections, assigns a teacher and exports the list as CSV", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await loginViaApi(page, "admin", "/sections");
    // The first visit loads the page's code: a busy machine may take a while.
    await expect(page.getByRole("heading", { name: "Secciones", level: 1 })).toBeVisible({ timeout: 30_000 });
    // The current period is chosen by itself and its sections are listed (the demo has 12).
    await expect(page.getByRole("combobox", { name: "Período" })).not.toHaveValue("");
    await expect(page.getByRole("cell", { name: "INF-S1A", exact: true })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page, "/sections");
    await screenshot(page, "sections-list", { fullPage: true });

    // Create section C of the first semester of Informática.
    await page.getByRole("link", { name: "Crear sección" }).click();
    await expect(page.getByRole("heading", { name: "Crear sección" })).toBeVisible({ timeout: 20_000 });
    await expect(breadcrumbs(page).getByRole("link", { name: "Secciones" })).toBeVisible();
    // Saving empty shows the Spanish field messages.
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByText("El campo letra es obligatorio.")).toBeVisible();
    await page.getByRole("combobox", { name: "Semestre" }).click();
    await page.getByRole("option", { name: /^INF-S1 — semestre 1$/ }).click();
    await page.getByRole("textbox", { name: "Letra" }).fill("c");
    await expect(page.getByRole("textbox", { name: "Código" })).toHaveValue("INF-S1C");
    await page.getByRole("textbox", { name: "Título" }).fill("Sección C (nocturna)");
    await page.getByRole("combobox", { name: "Turno" }).click();
    await page.getByRole("option", { name: "Mixto" }).click();
    await page.getByRole("textbox", { name: "Límite de varones" }).fill("12");
    await page.getByRole("textbox", { name: "Límite de hembras" }).fill("13");
    await expectAccessible(page, "/sections/create");
    await screenshot(page, "sections-create", { fullPage: true });
    await page.getByRole("button", { name: "Guardar" }).click();

    // The detail shows the course sections created with it, none with a teacher yet.
    await expect(page.getByRole("heading", { name: "Sección INF-S1C" })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(/\/sections\/\d+$/);
    await expect(courseRows(page)).toHaveCount(4);
    await expect(courseRows(page).filter({ hasText: "Sin profesor asignado" })).toHaveCount(4);
    await expect(page.getByText("Mixto")).toBeVisible();
    await expectAccessible(page, "/sections/{id}");

    // Assign a teacher to the first course.
    const first = courseRows(page).first();
    const course = (await first.locator("td").nth(1).textContent())?.trim() ?? "";
    await first.getByRole("button", { name: `Acciones de ${course}` }).click();
    await page.getByRole("menuitem", { name: "Asignar profesor" }).click();
    const dialog = page.getByRole("dialog", { name: `Asignar profesor — ${course}` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("combobox", { name: "Profesores" }).click();
    const option = page.getByRole("option").first();
    const teacher = (await option.textContent())?.trim() ?? "";
    expect(teacher).not.toBe("");
    await option.click();
    await page.keyboard.press("Escape");
    await expectAccessible(page, "assign teacher dialog");
    await dialog.getByRole("button", { name: "Guardar" }).click();
    await expect(dialog).toBeHidden();
    await expect(first).toContainText(teacher);
    await expect(courseRows(page).filter({ hasText: "Sin profesor asignado" })).toHaveCount(3);
    await screenshot(page, "sections-detail", { fullPage: true });

    // Students and notes pages answer with their empty states.
    await page.getByRole("main").getByRole("link", { name: "Estudiantes" }).click();
    await expect(page.getByRole("heading", { name: "Estudiantes de la sección INF-S1C" })).toBeVisible();
    await expect(page.getByText("No hay resultados encontrados")).toBeVisible();
    await expectAccessible(page, "/sections/{id}/students");

    // Back to the list: the new section is there, and the CSV has every section of the period.
    await page.goto("/sections?search=INF-S1");
    await expect(page.getByRole("cell", { name: "INF-S1C", exact: true })).toBeVisible({ timeout: 20_000 });
    const csv = await exportCsv(page);
    expect(csv.name).toMatch(/^secciones-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = csv.text.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      "Código,Letra,Título,Período,Especialización,Semestre,Turno,Límite de varones,Límite de hembras,Varones inscritos,Hembras inscritas,Materias",
    );
    // The search and the order apply to the file too: only INF-S1 sections, by code, the new one among them.
    const codes = lines.slice(1).map((l) => l.split(",")[0]);
    expect(codes).toEqual(expect.arrayContaining(["INF-S1A", "INF-S1C"]));
    expect(codes.every((c) => c?.startsWith("INF-S1"))).toBe(true);
    expect(codes).toEqual([...codes].sort());
    expect(lines.find((l) => l.startsWith("INF-S1C,"))).toContain(",C,Sección C (nocturna),");
    expect(lines.find((l) => l.startsWith("INF-S1C,"))).toContain(",Mixto,12,13,0,0,4");
  });

  test("a coordinator sees the sections of their specialization; a student is refused", async ({ page }) => {
    await loginViaApi(page, "coordinator", "/sections");
    await expect(page.getByRole("heading", { name: "Secciones", level: 1 })).toBeVisible({ timeout: 30_000 });
    // The period selector is filled and the current period chosen (its list was refused to coordinators:
    // an empty selector, an empty table and "No tiene permiso…"; issue 26).
    await expect(page.getByRole("combobox", { name: "Período" })).not.toHaveValue("", { timeout: 20_000 });
    // coordinador1 coordinates Informática: its sections, none of the basic cycle's or Administración's.
    await expect(page.getByRole("cell", { name: "INF-S1A", exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("No tiene permiso", { exact: false })).toHaveCount(0);
    const codes = await page.getByRole("table").locator("tbody tr td:first-child").allTextContents();
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.map((c) => c.trim().split("-")[0])).toEqual(codes.map(() => "INF"));
    await expect(page.getByRole("link", { name: "Crear sección" })).toHaveCount(0);
    await expectAccessible(page, "/sections as coordinator");
    // The detail of one of them opens.
    await page.getByRole("link", { name: "Ver la sección INF-S1A" }).click();
    await expect(page.getByRole("heading", { name: "Sección INF-S1A", level: 1 })).toBeVisible({
      timeout: 20_000,
    });

    // A student is refused the page, and the API refuses the call.
    await page.context().clearCookies();
    await loginViaApi(page, "student", "/sections");
    await expect(page).toHaveURL(/\/access-denied$/, { timeout: 30_000 });
    await expect(page.getByRole("heading", { name: "Secciones", level: 1 })).toHaveCount(0);
  });
});
