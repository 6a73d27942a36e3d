import type { Page } from "@playwright/test";
import { type AccountName, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

/**
 * Each role's home is its dashboard (spec.md §7 "Dashboards"): the numbers of its /dashboard call, each a
 * link to the list it counts, with charts drawn after them. With UPDATE_SCREENSHOTS=1 the README tour's
 * pictures (1280 × 800) are written to docs/screenshots/.
 */
test.use({ viewport: { width: 1280, height: 800 } });

async function openHome(page: Page, account: AccountName, call: string) {
  const answer = await loginViaApi(page, account, "/home");
  const res = await page.request.get(`/api${call}`, {
    headers: { authorization: `Bearer ${answer.access_token}` },
  });
  expect(res.status()).toBe(200);
  const dashboard = page.getByRole("region", { name: "Tablero" });
  await expect(dashboard).toBeVisible();
  return { dashboard, data: (await res.json()).data };
}

/** Every chart of the dashboard is drawn (its SVG arrived with the lazily loaded chart code). */
async function chartsDrawn(page: Page, atLeast: number) {
  const charts = page.getByTestId("chart");
  await charts.first().scrollIntoViewIfNeeded();
  await expect(charts.first().locator("svg").first()).toBeVisible();
  expect(await charts.count()).toBeGreaterThanOrEqual(atLeast);
  // A chart is drawn when it comes near the screen (web/components/charts): scroll to each.
  for (const chart of await charts.all()) {
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator("svg").first()).toBeVisible();
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  // Let the bars grow to their size before a picture: a frame for them to start, then their animations.
  await page.evaluate(() => new Promise((drawn) => requestAnimationFrame(drawn)));
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
}

test.describe("tableros de inicio", () => {
  test("el administrador ve los números de la escuela, cada uno un enlace a su listado", async ({ page }) => {
    const { dashboard, data } = await openHome(page, "admin", "/dashboard/index");
    const stat = (label: string) => dashboard.getByRole("link", { name: new RegExp(`^\\S.*\\s*${label}$`) });
    await expect(stat("Estudiantes")).toContainText(String(data.students.total));
    await expect(stat("Pagos por revisar")).toContainText(String(data.payments.pending_review));
    await expect(stat("Preinscripciones por aprobar")).toContainText(String(data.preregistered_pending));
    await expect(stat("Inscripciones del período")).toContainText(
      `${data.inscriptions.count} de ${data.inscriptions.seats}`,
    );
    await expect(
      dashboard.getByRole("link", {
        name: new RegExp(`^${data.payments.debtors} estudiantes? con cuotas vencidas$`),
      }),
    ).toBeVisible();
    await expect(
      dashboard.getByRole("img", { name: /^Inscritos por especialidad \(\d{4}-\d\): .*Informática \d+/ }),
    ).toBeVisible();
    await chartsDrawn(page, 4);
    await expectAccessible(page, "admin dashboard", "tablero con sus gráficos");
    await screenshot(page, "dashboard-admin", { readme: true });

    // The pending payments' number opens the payments list filtered to them.
    await stat("Pagos por revisar").click();
    await expect(page).toHaveURL(/\/payments\?status=1$/);
    await expect(page.getByRole("tab", { name: "Pagos", selected: true })).toBeVisible();
    // A specialization's count opens the students list of that specialization in the period.
    await page.goBack();
    const [first] = data.students.by_specialization as { id: number; title: string; count: number }[];
    await page
      .getByRole("region", { name: "Tablero" })
      .getByRole("link", { name: first!.title, exact: true })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/students\\?period_id=${data.period.id}&specialization_id=${first!.id}$`),
    );
    await expect(page.getByRole("table")).toBeVisible();
  });

  test("el coordinador ve sus secciones, sus profesores supervisados y el rendimiento", async ({ page }) => {
    const { dashboard, data } = await openHome(page, "coordinator", "/dashboard/coordinator");
    await expect(dashboard.getByText(`Especialidad: ${data.specializations[0].title}`)).toBeVisible();
    await expect(dashboard.getByRole("link", { name: /Secciones de la especialidad$/ })).toContainText(
      String(data.sections.length),
    );
    await expect(dashboard.getByRole("link", { name: /Profesores supervisados$/ })).toContainText(
      String(data.teachers.length),
    );
    await expect(dashboard.getByRole("link", { name: /Bajo rendimiento/ })).toContainText(
      String(data.performance.low.length),
    );
    await expect(dashboard.getByRole("link", { name: /Alto rendimiento/ })).toContainText(
      String(data.performance.high.length),
    );
    await expect(dashboard.getByRole("heading", { name: "Mis clases" })).toBeVisible();
    await chartsDrawn(page, 2);
    await expectAccessible(page, "coordinator dashboard", "tablero con sus gráficos");
    await screenshot(page, "dashboard-coordinator", { readme: true });
    const [section] = data.sections as { id: number; code: string }[];
    await dashboard.getByRole("link", { name: section!.code, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/sections/${section!.id}$`));
  });

  test("el profesor ve sus clases de hoy, las evaluaciones sin notas y sus materias", async ({ page }) => {
    const { dashboard, data } = await openHome(page, "teacher", "/dashboard/teacher");
    await expect(dashboard.getByRole("link", { name: /Clases de hoy$/ })).toContainText(
      String(data.today_lessons.length),
    );
    await expect(dashboard.getByRole("link", { name: /Asistencias por tomar hoy$/ })).toContainText(
      String(data.pending_attendance),
    );
    await expect(dashboard.getByRole("link", { name: /Evaluaciones sin notas$/ })).toContainText(
      String(data.evaluations_without_notes.length),
    );
    await expect(dashboard.getByRole("link", { name: /Materias de sección$/ })).toContainText(
      String(data.sections.length),
    );
    await chartsDrawn(page, 1);
    await expectAccessible(page, "teacher dashboard", "tablero con sus gráficos");
    await screenshot(page, "dashboard-teacher", { readme: true });
    const [own] = data.sections as {
      course: { id: number; title: string };
      section: { id: number; code: string };
    }[];
    await dashboard
      .getByRole("link", { name: `${own!.section.code} · ${own!.course.title}`, exact: true })
      .last()
      .click();
    await expect(page).toHaveURL(new RegExp(`/lessons/${own!.course.id}/${own!.section.id}$`));
  });

  test("el estudiante ve sus materias con notas e inasistencias, su próxima cuota y sus avisos", async ({
    page,
  }) => {
    const { dashboard, data } = await openHome(page, "student", "/dashboard/index");
    await expect(dashboard.getByRole("link", { name: /Materias que cursa$/ })).toContainText(
      String(data.courses.length),
    );
    await expect(dashboard.getByRole("link", { name: /Notificaciones sin leer$/ })).toContainText(
      String(data.unread_notifications),
    );
    await expect(dashboard.getByRole("link", { name: /Clases de hoy$/ })).toContainText(
      String(data.today_schedule.length),
    );
    const [course] = data.courses as {
      course: { id: number; code: string; title: string };
      section: { id: number };
    }[];
    const row = dashboard.getByRole("row", { name: new RegExp(course!.course.title) });
    await expect(row).toBeVisible();
    await chartsDrawn(page, 1);
    await expectAccessible(page, "student dashboard", "tablero con sus gráficos");
    await screenshot(page, "dashboard-student", { readme: true });
    await row.getByRole("link").click();
    await expect(page).toHaveURL(
      new RegExp(`/profile/courseNote/${course!.section.id}/${course!.course.id}$`),
    );
  });
});
