import type { APIRequestContext } from "@playwright/test";
import { accounts, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

type Run = {
  id: number;
  status: string;
  proposal: {
    lectures: { course_section_id: number; classroom_id: number; day: number; class_hour_id: number }[];
    context: {
      sections: { id: number; code: string }[];
      course_sections: { id: number; section_id: number; title: string }[];
      classrooms: { id: number; code: string }[];
    };
  } | null;
};

async function adminGet<T>(request: APIRequestContext, url: string): Promise<T> {
  const login = await request.post("/api/login", {
    data: { email: accounts.admin.email, password: accounts.admin.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const res = await request.get(`/api${url}`, { headers });
  expect(res.status(), url).toBe(200);
  return (await res.json()).data as T;
}

const dayNames = ["", "Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado"];

test.describe("generar horario", () => {
  test("el administrador genera el horario del período actual reconstruyéndolo, ve el progreso, lo aplica y lo encuentra en Horarios", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await loginViaApi(page, "admin", "/schedules");
    await page.getByRole("link", { name: "Generar horario" }).click();
    await expect(page.getByRole("heading", { name: /^Generar horario — período/ })).toBeVisible();
    const periodId = Number(/\/periods\/(\d+)\/timetable/.exec(page.url())![1]);
    await expectAccessible(page, "Generar horario");

    await page.getByRole("switch", { name: /Reconstruir horarios existentes/ }).check();
    // A short budget: the demo's period is small.
    await page.getByRole("textbox", { name: /Tiempo de búsqueda/ }).fill("10");
    await page.getByRole("button", { name: "Generar" }).click();
    const progress = page.getByTestId("timetable-progress");
    await expect(progress.getByText(/^Tiempo: \d+ s de 10 s$/)).toBeVisible();
    await expect(progress.getByRole("button", { name: "Detener" })).toBeVisible();
    await expectAccessible(page, "Generar horario: progreso", "running");

    await expect(page.getByRole("heading", { name: "Propuesta de horario" })).toBeVisible({
      timeout: 60_000,
    });
    await expect(page.getByText("La propuesta no tiene choques.")).toBeVisible();
    await expect(page.getByTestId("timetable-cost")).toContainText("horas sin colocar");
    await expect(page.getByTestId("timetable-cost")).toContainText(
      "horas libres entre clases de una sección",
    );
    await expect(page.getByTestId("weekly-grid")).toBeVisible();
    await expectAccessible(page, "Generar horario: propuesta", "proposal");
    if (process.env.UPDATE_SCREENSHOTS === "1") {
      // The whole proposal in one picture: a viewport as tall as the page (the header stays at its top).
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      await page.setViewportSize({ width: 1280, height: Math.min(height, 2400) });
      await screenshot(page, "timetable-proposal", { readme: true });
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // On a phone the proposal is one day at a time.
    await page.setViewportSize({ width: 390, height: 800 });
    await expect(page.getByRole("tablist")).toBeVisible();
    await expect(page.getByRole("button", { name: "Aplicar" })).toBeVisible();
    await expectAccessible(page, "Generar horario: propuesta en un teléfono", "proposal-phone");
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole("button", { name: "Aplicar" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Se reemplazarán los horarios de las secciones elegidas");
    await dialog.getByRole("button", { name: "Sí" }).click();
    await expect(page.getByText("La propuesta se aplicó a los horarios.")).toBeVisible();

    // What was applied: one lecture of the proposal, found on /schedules.
    const runs = await adminGet<Run[]>(request, `/periods/${periodId}/timetable-runs`);
    expect(runs[0]!.status).toBe("applied");
    const proposal = runs[0]!.proposal!;
    const lecture = proposal.lectures[0]!;
    const cs = proposal.context.course_sections.find((c) => c.id === lecture.course_section_id)!;
    const section = proposal.context.sections.find((x) => x.id === cs.section_id)!;
    const room = proposal.context.classrooms.find((r) => r.id === lecture.classroom_id)!;

    await page.getByRole("link", { name: "Ver los horarios del período" }).click();
    await expect(page).toHaveURL(new RegExp(`/schedules\\?period_id=${periodId}`));
    // The section's whole week on one page (a section has at most 20 schedules: a course, a day, a classroom).
    await page.goto(`/schedules?period_id=${periodId}&search=${encodeURIComponent(section.code)}&limit=20`);
    await expect(page.getByRole("searchbox", { name: "Buscar..." })).toHaveValue(section.code);
    const row = page
      .getByRole("row")
      .filter({ hasText: cs.title })
      .filter({ hasText: dayNames[lecture.day]! })
      .filter({ hasText: room.code });
    await expect(row.first()).toBeVisible();
  });
});
