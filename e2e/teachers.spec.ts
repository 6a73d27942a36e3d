import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Page } from "@playwright/test";
import {
  breadcrumbs,
  expect,
  expectAccessible,
  loginAs,
  loginViaApi,
  outboxDir,
  screenshot,
  storedSession,
  test,
} from "./support";

/** The confirmation token of the e-mail written to the outbox for `to`, once it is there. */
async function confirmationTokenFor(to: string): Promise<string | null> {
  const files = (await readdir(outboxDir()).catch(() => [] as string[])).filter((f) => f.endsWith(".eml"));
  for (const file of files.sort().reverse()) {
    const text = (await readFile(path.join(outboxDir(), file), "utf8"))
      .replace(/=\r?\n/g, "")
      .replace(/=3D/gi, "=");
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "im").test(text)) continue;
    const match = text.match(/\/confirm-account\?token=([A-Za-z0-9_-]+)/);
    if (match) return match[1]!;
  }
  return null;
}

const toast = (page: Page, text: string) => page.getByRole("alert").filter({ hasText: text });

/** The data rows of the table (mantine-datatable keeps one empty row with a single cell). */
const bodyRows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("rowgroup")
    .nth(1)
    .getByRole("row")
    .filter({ has: page.getByRole("cell").nth(1) });

test.describe("profesores y coordinadores", () => {
  test("el administrador crea un profesor, lo hace coordinador y le asigna supervisados; el coordinador ve solo a los suyos", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const email = `coordinadora.${stamp}@demo.edu.ve`;
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginViaApi(page, "admin", "/teachers");
    await expect(page.getByRole("heading", { level: 1, name: "Profesores" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "profesor1@demo.edu.ve" })).toBeVisible();
    await expectAccessible(page, "listado de profesores");
    await screenshot(page, "teachers-list", { fullPage: true });

    // A specialization without coordinator, and a teacher to supervise, through the API.
    const token = (await storedSession(page))!.token;
    const headers = { authorization: `Bearer ${token}` };
    const spec = await page.request.post("/api/specializations", {
      headers,
      data: { code: `E${stamp}`.slice(0, 20).toUpperCase(), title: `Especialidad ${stamp}` },
    });
    expect(spec.status(), await spec.text()).toBe(201);
    const specTitle = `Especialidad ${stamp}`;
    const supervised = await page.request.post("/api/teachers", {
      headers,
      data: {
        first_name: "Simón",
        last_name: `Supervisado ${stamp}`,
        identity_document: `V-${(Date.now() % 90_000_000) + 10_000_000}`,
        email: `supervisado.${stamp}@demo.edu.ve`,
        gender: "male",
      },
    });
    expect(supervised.status(), await supervised.text()).toBe(201);
    const supervisedId = ((await supervised.json()) as { data: { id: number } }).data.id;

    // Create through the form.
    await page.getByRole("link", { name: "Crear profesor" }).click();
    await expect(page).toHaveURL(/\/teachers\/create$/);
    await expect(breadcrumbs(page)).toHaveText(/Profesores\s*\/\s*Crear profesor$/);
    await page.getByRole("textbox", { name: "Nombre", exact: true }).fill("Carolina");
    await page.getByRole("textbox", { name: "Apellido", exact: true }).fill(`Coordinadora ${stamp}`);
    await page
      .getByRole("textbox", { name: "Cédula", exact: true })
      .fill(`V-${(Date.now() % 80_000_000) + 5_000_000}`);
    await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
    await page.getByRole("combobox", { name: "Género", exact: true }).click();
    await page.getByRole("option", { name: "Femenino" }).click();
    await expectAccessible(page, "crear profesor");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Se ha creado el profesor con éxito")).toBeVisible();
    await expect(page).toHaveURL(/\/teachers\/\d+$/);
    const coordinatorId = Number(page.url().split("/").pop());
    await expect(
      page.getByRole("heading", { level: 1, name: `Carolina Coordinadora ${stamp}` }),
    ).toBeVisible();
    await expect(page.getByText("Cuenta sin confirmar")).toBeVisible();
    await expectAccessible(page, "profesor");

    // Coordinator of the new specialization.
    await page.getByRole("button", { name: "Hacer coordinador" }).click();
    const dialog = page.getByRole("dialog", { name: "Hacer coordinador" });
    await dialog.getByRole("combobox", { name: "Especialidad que coordina" }).click();
    await page.getByRole("option", { name: specTitle }).click();
    await expectAccessible(page, "hacer coordinador");
    await dialog.getByRole("button", { name: "Confirmar" }).click();
    await expect(toast(page, "Se ha asignado la coordinación con éxito")).toBeVisible();
    await expect(page.getByText(`Coordina: ${specTitle}`)).toBeVisible();

    // Supervised teachers.
    await page.getByRole("link", { name: "Supervisión" }).click();
    await expect(page).toHaveURL(new RegExp(`/coordinators/${coordinatorId}/supervising$`));
    await page.getByRole("textbox", { name: "Filtrar profesores" }).fill(stamp);
    await page.getByRole("checkbox", { name: new RegExp(`Supervisado ${stamp}`) }).check();
    await expectAccessible(page, "supervisión");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(toast(page, "Se han actualizado los profesores supervisados con éxito")).toBeVisible();

    // The other sub-pages answer and pass axe.
    for (const [suffix, tab] of [
      ["/courses", "Materias por período"],
      ["/historic", "Histórico"],
      ["/lessons", "Clases"],
      ["/schedule", "Horario"],
    ] as const) {
      await page.goto(`/teachers/${supervisedId}${suffix}`);
      await expect(page.getByRole("tab", { name: tab, selected: true })).toBeVisible();
      await expectAccessible(page, `profesor ${suffix}`);
    }
    await page.goto(`/teachers/${supervisedId}/edit`);
    await expect(page.getByRole("textbox", { name: "Apellido", exact: true })).toHaveValue(
      `Supervisado ${stamp}`,
    );
    await expectAccessible(page, "editar profesor");
    await page.goto("/coordinators");
    await expect(page.getByRole("heading", { level: 1, name: "Coordinadores" })).toBeVisible();
    await expect(page.getByRole("cell", { name: email })).toBeVisible();
    await expectAccessible(page, "coordinadores");

    // The coordinator confirms the account from the e-mail and logs in.
    let confirmToken: string | null = null;
    await expect.poll(async () => (confirmToken = await confirmationTokenFor(email))).not.toBeNull();
    const password = "Coordina123*x";
    const confirmed = await page.request.post("/api/confirm-account", {
      data: { token: confirmToken, password, password_confirmation: password },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    await page.evaluate(() => localStorage.clear());
    await loginAs(page, email, password, "/teachers");
    await expect(page.getByRole("heading", { level: 1, name: "Profesores" })).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(page.getByRole("cell", { name: `supervisado.${stamp}@demo.edu.ve` })).toBeVisible();
    await expect(page.getByRole("cell", { name: "profesor1@demo.edu.ve" })).toHaveCount(0);
    await expectAccessible(page, "listado del coordinador");
    await screenshot(page, "teachers-coordinator-list", { fullPage: true });

    await page.goto(`/coordinators/${coordinatorId}/supervising`);
    await expect(page.getByRole("link", { name: new RegExp(`Supervisado ${stamp}`) })).toBeVisible();
    await expectAccessible(page, "supervisados del coordinador");

    // A teacher they do not supervise: the server refuses, the page says so.
    const other = await page.request.get("/api/teachers?limit=1&search=profesor1%40demo.edu.ve", { headers });
    const otherId = ((await other.json()) as { data: { id: number }[] }).data[0]!.id;
    await page.goto(`/teachers/${otherId}`);
    await expect(page.getByText("No se encontró el profesor")).toBeVisible();
  });
});
