import type { Page } from "@playwright/test";
import { readOutbox } from "../server/mail/outbox";
import {
  breadcrumbs,
  expect,
  expectAccessible,
  loginAs,
  loginViaApi,
  outboxDir,
  screenshot,
  test,
} from "./support";

/** People nobody in the demo school is: unique cédulas and e-mails per run. */
const stamp = Date.now().toString().slice(-7);
const student = {
  first_name: "Daniela",
  last_name: `Inscrita Prueba${stamp}`,
  identity_document: `V-4${stamp}`,
  email: `daniela.${stamp}@correo.test`,
  gender: "female",
  password: "Daniela-2026*",
};
const filler = {
  first_name: "Carla",
  last_name: `Ocupa Prueba${stamp}`,
  identity_document: `V-5${stamp}`,
  email: `carla.${stamp}@correo.test`,
  gender: "female",
};

type Api = <T = unknown>(
  method: "GET" | "POST",
  url: string,
  data?: unknown,
) => Promise<{ status: number; body: T }>;
type Item<T> = { data: T };
type PeriodAnswer = Item<{ id: number; year: number; number: number }>;
type SpecsAnswer = Item<{ semesters: { id: number; code: string }[] }[]>;
type CreatedAnswer = Item<{ id: number; code: string; student: { id: number } }>;

/** Calls the API with the administrator's token. */
function apiAs(page: Page, token: string): Api {
  return async <T>(method: "GET" | "POST", url: string, data?: unknown) => {
    const response = await page.request.fetch(url, {
      method,
      headers: { authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    const text = await response.text();
    return { status: response.status(), body: (text ? JSON.parse(text) : null) as T };
  };
}

test.describe
  .serial("inscripciones", () => {
    test("el administrador inscribe a un estudiante existente, ve por qué una sección llena lo rechaza, y el estudiante ve su inscripción", async ({
      page,
    }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      const login = await loginViaApi(page, "admin", "/inscriptions");
      const api = apiAs(page, login.access_token);

      // The open period, a first semester of it, and a new section of it with one seat for women,
      // taken by another student: a full section.
      const period = (await api<PeriodAnswer>("GET", "/api/enabled-inscription-period")).body.data;
      const specs = (await api<SpecsAnswer>("GET", `/api/periods/${period.id}/courses-by-specialization`))
        .body.data;
      const semester = specs[0]!.semesters[0]!;
      const section = await api<CreatedAnswer>("POST", "/api/sections", {
        period_id: period.id,
        semester_id: semester.id,
        letter_code: "Z",
        shift: "morning",
        males_limit: 1,
        females_limit: 1,
      });
      expect(section.status).toBe(201);
      const fullCode = section.body.data.code;
      const filled = await api("POST", "/api/inscriptions/", {
        student: filler,
        semester_id: semester.id,
        section_id: section.body.data.id,
      });
      expect(filled.status).toBe(201);
      // An existing student with no inscription this period: created by an inscription, then rolled back.
      const { password: __, ...studentFields } = student;
      const made = await api<CreatedAnswer>("POST", "/api/inscriptions/", {
        student: studentFields,
        semester_id: semester.id,
      });
      expect(made.status).toBe(201);
      const studentId = made.body.data.student.id;
      expect(
        (await api("POST", "/api/inscriptions/rollback", { inscription_id: made.body.data.id })).status,
      ).toBe(204);

      // The list: the period's inscriptions, Exportar CSV, and the way to inscribe.
      await page.reload();
      await expect(page.getByRole("heading", { level: 1, name: "Inscripciones" })).toBeVisible();
      await expect(page.getByRole("button", { name: /Exportar CSV/ })).toBeVisible();
      await expect(page.getByRole("table").getByRole("row").nth(1)).toBeVisible();
      await expectAccessible(page, "listado de inscripciones");
      await screenshot(page, "inscriptions-list", { fullPage: true });

      await page.getByRole("link", { name: "Inscribir estudiante" }).click();
      await expect(page).toHaveURL(/\/inscriptions\/create$/);
      await expect(breadcrumbs(page)).toHaveText(/^Inscripciones\s*\/\s*Inscribir estudiante$/);
      await expect(page.getByText(`Período de inscripción: ${period.year}-${period.number}`)).toBeVisible();

      // The existing student, found by cédula; the semester; the full section.
      await page.getByRole("combobox", { name: /^Estudiante/ }).fill(student.identity_document);
      await page.getByRole("option", { name: new RegExp(student.identity_document) }).click();
      await page.getByRole("combobox", { name: /^Semestre/ }).click();
      await page.getByRole("option", { name: new RegExp(`^${semester.code} — `) }).click();
      await page.getByRole("combobox", { name: /^Sección/ }).click();
      await page.getByRole("option", { name: new RegExp(`^${fullCode} — `) }).click();
      await expectAccessible(page, "formulario de inscripción");
      await page.getByRole("button", { name: "Inscribir", exact: true }).click();

      // The refusal says which section is full for which gender.
      const refusal = page.getByRole("alert").filter({ hasText: "No se pudo inscribir" });
      await expect(refusal).toContainText(
        `La sección ${fullCode} no tiene cupos para hembras: 1 de 1 ocupados.`,
      );
      await expectAccessible(page, "inscripción rechazada", "rechazada");
      await screenshot(page, "inscriptions-refused", { fullPage: true });

      // Without a section the system picks one with a seat: inscribed.
      // Choosing the selected section again deselects it (automatic section).
      await page.getByRole("combobox", { name: /^Sección/ }).click();
      await page.getByRole("option", { name: new RegExp(`^${fullCode} — `) }).click();
      await page.getByRole("button", { name: "Inscribir", exact: true }).click();
      await expect(
        page.getByRole("heading", { name: `${student.first_name} ${student.last_name} quedó inscrita` }),
      ).toBeVisible();
      await expect(page.getByText(/^Inscrita en \d+ materias?:$/)).toBeVisible();
      await expectAccessible(page, "inscripción hecha", "inscrito");
      await screenshot(page, "inscriptions-done", { fullPage: true });

      // The student confirms the account from the e-mail and sees the inscription in their profile.
      await expect
        .poll(async () => (await readOutbox(outboxDir())).filter((m) => m.to.includes(student.email)).length)
        .toBeGreaterThan(0);
      const [mail] = (await readOutbox(outboxDir())).filter((m) => m.to.includes(student.email));
      const confirmed = await page.request.post("/api/confirm-account", {
        data: { token: mail!.token, password: student.password, password_confirmation: student.password },
      });
      expect(confirmed.status()).toBe(200);
      await loginAs(page, student.email, student.password, `/profile/${studentId}/inscriptions`);
      await expect(page.getByRole("heading", { level: 1, name: "Mis inscripciones" })).toBeVisible();
      await expect(
        page.getByRole("heading", { name: `Período ${period.year}-${period.number}` }),
      ).toBeVisible();
      await expect(page.getByText(new RegExp(`semestre ${semester.code} · sección`))).toBeVisible();
      await expectAccessible(page, "mis inscripciones");
      await screenshot(page, "inscriptions-profile", { fullPage: true });
    });
  });
