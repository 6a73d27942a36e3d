import { breadcrumbs, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

const HEADER =
  "Nombres;Apellidos;Cédula;Correo electrónico;Género;Fecha de nacimiento;Teléfono;Dirección;Especialidad;Semestre";
const FIRST_NAMES = ["Ana", "Luis", "María", "José", "Carla", "Pedro", "Rosa", "Omar", "Iris", "Juan"];

/**
 * A school's file of 30 students (semicolons, as Excel in Spanish saves it), each inscribed in the first
 * semester of Informática or Administración (by code or name, two by two); `badLine` asks for a
 * specialization the school does not have.
 */
function schoolFile(run: string, base: number, badLine?: number): Buffer {
  const lines = Array.from({ length: 30 }, (_, i) => {
    const line = i + 2;
    const birth = `${String((i % 28) + 1).padStart(2, "0")}/05/2008`;
    const specialization =
      line === badLine ? "Medicina" : ["INF", "Administración", "informatica", "ADM"][Math.floor(i / 2) % 4];
    return [
      FIRST_NAMES[i % FIRST_NAMES.length],
      `Lote${run} Número${i + 1}`,
      `V-${base + i}`,
      `lote${run}.${i + 1}@colegio.test`,
      i % 2 === 0 ? "F" : "M",
      birth,
      "0412-5550000",
      "Calle Real, Maracay",
      specialization,
      "1",
    ].join(";");
  });
  return Buffer.from(`\uFEFF${[HEADER, ...lines].join("\r\n")}\r\n`, "utf8");
}

test.describe("importar estudiantes", () => {
  test("el administrador importa e inscribe 30 estudiantes: corrige la fila con error y los encuentra en el listado", async ({
    page,
  }) => {
    const run = Date.now().toString(36);
    const base = 80_000_000 + (Date.now() % 9_000_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginViaApi(page, "admin", "/students");
    await page.getByRole("link", { name: "Importar estudiantes" }).click();
    await expect(page).toHaveURL(/\/students\/import$/);
    await expect(page.getByRole("heading", { level: 1, name: "Importar estudiantes" })).toBeVisible();
    await expect(breadcrumbs(page)).toHaveText(/^Estudiantes\s*\/\s*Importar estudiantes$/);
    await expect(page.getByRole("button", { name: "Descargar plantilla" })).toBeVisible();
    await expectAccessible(page, "importar estudiantes");

    // The file with one bad row (an unknown specialization): the preview says which and the import
    // stays disabled.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({
      name: "estudiantes.csv",
      mimeType: "text/csv",
      buffer: schoolFile(run, base, 14),
    });
    await page.getByRole("button", { name: "Revisar archivo" }).click();
    await expect(page.getByText("29 filas válidas")).toBeVisible();
    await expect(page.getByText("1 con errores")).toBeVisible();
    const badRow = page
      .getByRole("row")
      .filter({ hasText: "La especialidad «Medicina» no existe o no está habilitada." });
    await expect(badRow).toHaveCount(1);
    await expect(badRow.getByRole("cell").first()).toHaveText("14");
    await expect(badRow).toContainText("INF (Informática)");
    await expect(badRow.getByRole("cell", { name: "Medicina", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Importar 29 estudiantes" })).toBeDisabled();
    await page.getByRole("switch", { name: "Solo filas con errores" }).check();
    await expect(page.getByRole("table", { name: "Filas del archivo" }).getByRole("row")).toHaveCount(2);
    await screenshot(page, "students-import-errors", { fullPage: true });
    await expectAccessible(page, "vista previa con errores", "vista previa con errores");

    // The fixed file: every row valid, imported after Sí.
    await fileInput.setInputFiles({
      name: "estudiantes-corregido.csv",
      mimeType: "text/csv",
      buffer: schoolFile(run, base),
    });
    await page.getByRole("button", { name: "Revisar archivo" }).click();
    await expect(page.getByText("30 filas válidas")).toBeVisible();
    await expect(page.getByText("0 con errores")).toBeVisible();
    await page.getByRole("button", { name: "Importar 30 estudiantes" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Se crearán 30 estudiantes");
    await expect(dialog).toContainText(
      "30 de ellos quedarán inscritos en el período con inscripciones abiertas.",
    );
    await dialog.getByRole("button", { name: "Sí" }).click();
    await expect(
      page
        .getByText("Se importaron 30 estudiantes. Cada uno recibirá el correo para confirmar su cuenta.")
        .first(),
    ).toBeVisible();
    // Where they went: the first semester of each specialization, section by section.
    await expect(page.getByText(/^30 quedaron inscritos en el período \d{4}-\d:$/)).toBeVisible();
    await expect(
      page.getByRole("listitem").filter({ hasText: /^Informática, semestre 1, sección / }),
    ).not.toHaveCount(0);
    await expect(
      page.getByRole("listitem").filter({ hasText: /^Administración, semestre 1, sección / }),
    ).not.toHaveCount(0);
    await screenshot(page, "students-import-done", { fullPage: true });
    await expectAccessible(page, "importación terminada", "importación terminada");

    // One of them, found by the list's search.
    await page.getByRole("link", { name: "Volver al listado de estudiantes" }).click();
    await expect(page).toHaveURL(/\/students(\?.*)?$/);
    await page.getByRole("searchbox", { name: "Buscar..." }).fill(`V-${base + 6}`);
    const found = page.getByRole("row").filter({ hasText: `lote${run}.7@colegio.test` });
    await expect(found).toHaveCount(1);
    await expect(found).toContainText(`Lote${run} Número7`);
    // The 7th student asked for ADM: the list shows their inscription (period · specialization · section).
    await expect(found).toContainText(/\d{4}-\d · ADM · ADM-S1[A-Z]/);
  });
});
