import type { Browser, Page } from "@playwright/test";
import {
  accounts,
  expect,
  expectAccessible,
  fillDateTime,
  loginViaApi,
  schoolDateTime,
  screenshot,
  test,
} from "./support";

type CourseSection = {
  id: number;
  section_id: number;
  course_id: number;
  course: { code: string; supports_final_delivery: boolean };
};
type Teacher = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  is_coordinator: boolean;
  enabled: boolean;
};

const tokenOf = async (page: Page) => {
  const raw = await page.evaluate(() => localStorage.getItem("aula.session"));
  return (JSON.parse(raw!) as { token: string }).token;
};

async function loginAsEmail(browser: Browser, email: string, password: string, path: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  const login = await page.request.post("/api/login", { data: { email, password, remember_me: false } });
  expect(login.status(), `login of ${email}`).toBe(200);
  const a = (await login.json()) as { access_token: string; expires_at?: string | null; user: unknown };
  await page.goto("/");
  await page.evaluate((x) => {
    localStorage.setItem(
      "aula.session",
      JSON.stringify({ token: x.access_token, expires_at: x.expires_at ?? null, user: x.user }),
    );
  }, a);
  await page.goto(path);
  return { page, context };
}

test.describe("entregas finales", () => {
  test("un coordinador crea una entrega final con jurado, un jurado la califica y pasadas 24 horas se rechaza", async ({
    page,
    browser,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginViaApi(page, "coordinator", "/final-deliveries");
    await expect(page.getByRole("heading", { level: 1, name: "Entregas finales" })).toBeVisible();
    await expectAccessible(page, "listado de entregas finales");
    const headers = { authorization: `Bearer ${await tokenOf(page)}` };

    // A course section of the coordinator's specialization whose course admits a final delivery, still without
    // one, with weight left beside its evaluations (read as the administration: any course section's lessons).
    const sections = (await (await page.request.get("/api/course-sections?limit=100", { headers })).json())
      .data as CourseSection[];
    const admin = await page.request.post("/api/login", {
      data: { email: accounts.admin.email, password: accounts.admin.password, remember_me: false },
    });
    const adminHeaders = {
      authorization: `Bearer ${((await admin.json()) as { access_token: string }).access_token}`,
    };
    let target: CourseSection | undefined;
    let percent = 0;
    for (const cs of sections.filter((c) => c.course.supports_final_delivery)) {
      const existing = await (
        await page.request.get(`/api/final-deliveries?course_section_id=${cs.id}`, { headers })
      ).json();
      if (existing.meta.total !== 0) continue;
      const evaluated = (
        await (
          await page.request.get(
            `/api/sections/${cs.section_id}/courses/${cs.course_id}/lessons?evaluated=1&limit=500`,
            { headers: adminHeaders },
          )
        ).json()
      ).data as { weight: number }[];
      const left = 100 - evaluated.reduce((sum, l) => sum + l.weight, 0);
      if (left >= 5) {
        target = cs;
        percent = Math.min(20, left);
        break;
      }
    }
    expect(target, "a course section admitting a final delivery, with weight left").toBeDefined();
    const teachers = (await (await page.request.get("/api/teachers?limit=100", { headers })).json())
      .data as Teacher[];
    const juror = teachers.find((t) => !t.is_coordinator && t.enabled && /^profesor\d+@/.test(t.email));
    expect(juror, "a teacher the coordinator supervises").toBeDefined();

    // Create from the section's course ("Crear entrega final" of the section's courses).
    const code = `EF-${Date.now() % 100000}`;
    await page.goto(`/sections/${target!.section_id}/courses/${target!.course_id}/create-final-delivery`);
    await expect(page.getByRole("heading", { level: 1, name: "Crear entrega final" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: /^Materia de la sección/ })).toHaveValue(
      new RegExp(target!.course.code),
    );
    await page.getByRole("textbox", { name: /^Código/ }).fill(code);
    await page.getByRole("textbox", { name: /^Porcentaje de la nota final/ }).fill(String(percent));
    await page.getByRole("textbox", { name: /^Título/ }).fill("Proyecto de grado");
    const deliveryAt = schoolDateTime(1);
    await fillDateTime(page, /^Fecha de entrega/, deliveryAt);
    await expectAccessible(page, "crear entrega final");
    await screenshot(page, "final-delivery-create", { fullPage: true });
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Se ha creado la entrega final con éxito" }),
    ).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Entrega final ${code}` })).toBeVisible();
    const id = Number(page.url().split("/").pop());
    const created = await (await page.request.get(`/api/final-deliveries/${id}`, { headers })).json();
    expect(created.data.final_delivery_value_percent).toBe(percent);
    // Typed DD/MM/AAAA and HH:MM, stored as that wall time at the school.
    expect(created.data.delivery_at_local).toBe(deliveryAt);

    // The jury.
    await page.getByRole("combobox", { name: /^Profesor/ }).fill(juror!.last_name.slice(0, 4));
    await page.getByRole("option", { name: `${juror!.last_name}, ${juror!.first_name}` }).click();
    await page.getByRole("button", { name: "Agregar al jurado" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Se ha agregado el profesor al jurado" }),
    ).toBeVisible();
    await expect(
      page.getByRole("columnheader", { name: `${juror!.first_name} ${juror!.last_name}` }),
    ).toBeVisible();
    await expectAccessible(page, "detalle de entrega final");
    await screenshot(page, "final-delivery-detail", { fullPage: true });

    // The jury teacher grades the first student.
    const jurorSession = await loginAsEmail(browser, juror!.email, "Profesor123*", `/final-deliveries/${id}`);
    const tp = jurorSession.page;
    const noteInputs = tp.getByRole("textbox", { name: /^Nota de / });
    await expect(noteInputs.first()).toBeVisible();
    await noteInputs.first().fill("16.5");
    await tp
      .getByRole("button", { name: /^Guardar la nota de / })
      .first()
      .click();
    await expect(
      tp.getByRole("alert").filter({ hasText: "Se ha registrado la nota con éxito" }),
    ).toBeVisible();
    await expect(tp.getByRole("cell", { name: "16,5" })).toBeVisible();
    await expectAccessible(tp, "calificar entrega final");
    await screenshot(tp, "final-delivery-grade", { fullPage: true });

    // 24 hours later (the delivery's date moved three days back): the same note is refused in Spanish.
    const moved = await page.request.patch(`/api/final-deliveries/${id}`, {
      headers,
      data: { delivery_at: schoolDateTime(-72) },
    });
    expect(moved.status()).toBe(200);
    await noteInputs.first().fill("18");
    await tp
      .getByRole("button", { name: /^Guardar la nota de / })
      .first()
      .click();
    // The HTTP client shows a 400's Spanish description as a notice.
    const refusal = tp.getByRole("alert").filter({ hasText: "El jurado ya no puede modificarse" });
    await expect(refusal).toContainText("pasaron 24 horas");
    await screenshot(tp, "final-delivery-refused", { fullPage: true });
    await expectAccessible(tp, "rechazo del jurado", "nota rechazada");
    await jurorSession.context.close();
    const students = (
      await (await page.request.get(`/api/final-deliveries/${id}/students`, { headers })).json()
    ).data as { average: number | null }[];
    expect(students[0]!.average).toBe(16.5);
  });
});
