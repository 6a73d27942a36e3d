import type { Page } from "@playwright/test";
import { expect, expectAccessible, loginViaApi, schoolDate, screenshot, test } from "./support";

type StudentRow = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  identity_document: string;
};

const authHeaders = async (page: Page) => {
  const raw = await page.evaluate(() => localStorage.getItem("aula.session"));
  return { authorization: `Bearer ${(JSON.parse(raw!) as { token: string }).token}` };
};

test.describe("bitácoras", () => {
  test("un coordinador escribe una bitácora que el estudiante ve", async ({ page, browser }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginViaApi(page, "coordinator", "/binnacles");
    await expect(page.getByRole("heading", { level: 1, name: "Bitácoras" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Exportar CSV/ })).toBeVisible();
    await expectAccessible(page, "listado de bitácoras");

    // A student of the coordinator's specialization (the students list is already scoped to them).
    const headers = await authHeaders(page);
    const students = (
      await (await page.request.get("/api/students?limit=10&sort_by=last_name,asc", { headers })).json()
    ).data as StudentRow[];
    // One who can log in with the demo password (an account may still be unconfirmed).
    let student: StudentRow | undefined;
    let answer: { access_token: string; expires_at?: string | null; user: unknown } | undefined;
    for (const candidate of students) {
      const login = await page.request.post("/api/login", {
        data: { email: candidate.email, password: "Estudiante123*", remember_me: false },
      });
      if (login.status() === 200) {
        student = candidate;
        answer = await login.json();
        break;
      }
    }
    expect(student, "a student of the coordinator's specialization who can log in").toBeDefined();
    const subject = `Conversación con el representante ${Date.now()}`;

    await page.getByRole("link", { name: "Crear bitácora" }).click();
    await expect(page).toHaveURL(/\/binnacles\/create$/);
    const picker = page.getByRole("combobox", { name: /^Estudiante/ });
    await picker.fill(student!.identity_document);
    await page.getByRole("option", { name: new RegExp(student!.identity_document) }).click();
    await page.getByLabel(/^Fecha de incidencia/).fill(schoolDate());
    await page.getByRole("textbox", { name: /^Asunto/ }).fill(subject);
    await page.getByRole("textbox", { name: /^Categoría/ }).fill("Seguimiento");
    await page.getByRole("textbox", { name: /^Descripción/ }).fill("Se acordó una tutoría semanal.");
    await expectAccessible(page, "crear bitácora");
    await screenshot(page, "binnacles-create", { fullPage: true });
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Se ha creado la bitácora con éxito" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/binnacles(\?.*)?$/);
    await expect(page.getByRole("cell", { name: subject })).toBeVisible();
    await screenshot(page, "binnacles-list", { fullPage: true });

    // The student logs in and sees it, on the list and on their own record.
    const context = await browser.newContext();
    const studentPage = await context.newPage();
    await studentPage.goto("/");
    await studentPage.evaluate((a) => {
      localStorage.setItem(
        "aula.session",
        JSON.stringify({ token: a.access_token, expires_at: a.expires_at ?? null, user: a.user }),
      );
    }, answer!);
    await studentPage.goto("/binnacles");
    await expect(studentPage.getByRole("cell", { name: subject })).toBeVisible();
    await expect(studentPage.getByRole("link", { name: "Crear bitácora" })).toHaveCount(0);
    await expectAccessible(studentPage, "bitácoras del estudiante");
    await screenshot(studentPage, "binnacles-student", { fullPage: true });
    const own = await studentPage.request.get(`/api/students/${student!.id}/binnacles`, {
      headers: { authorization: `Bearer ${answer!.access_token}` },
    });
    expect(((await own.json()).data as { subject: string }[]).map((b) => b.subject)).toContain(subject);
    await context.close();

    // Staff see it on the student's "Bitácoras" sub-page too.
    await page.goto(`/students/${student!.id}/binnacles`);
    await expect(page.getByText(subject)).toBeVisible();
    await page.goto("/binnacles");

    // Edit, then delete with the Sí/No question.
    const row = page.getByRole("row").filter({ hasText: subject });
    await row.getByRole("link", { name: "Editar" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Editar bitácora" })).toBeVisible();
    await expectAccessible(page, "editar bitácora");
    await page.getByRole("textbox", { name: /^Categoría/ }).fill("Tutoría");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Se ha actualizado la bitácora con éxito" }),
    ).toBeVisible();
    await page
      .getByRole("row")
      .filter({ hasText: subject })
      .getByRole("button", { name: "Eliminar" })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("¿Desea eliminar la bitácora");
    await expectAccessible(page, "confirmar eliminación");
    await dialog.getByRole("button", { name: "Sí" }).click();
    await expect(page.getByRole("cell", { name: subject })).toHaveCount(0);
  });
});
