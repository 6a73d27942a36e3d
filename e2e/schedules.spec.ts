import type { APIRequestContext, Page } from "@playwright/test";
import { accounts, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

type Schedule = {
  id: number;
  day: number;
  classroom: { id: number; code: string };
  class_hours_ids: number[];
  course_section: {
    id: number;
    course: { id: number; title: string };
    section: { id: number; code: string; period_id: number };
  };
};
type ClassHour = { id: number; start_time: string };

async function adminApi(request: APIRequestContext) {
  const login = await request.post("/api/login", {
    data: { email: accounts.admin.email, password: accounts.admin.password },
  });
  expect(login.status()).toBe(200);
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  return {
    get: async <T>(url: string) => {
      const res = await request.get(`/api${url}`, { headers });
      expect(res.status(), url).toBe(200);
      return (await res.json()).data as T;
    },
    post: async (url: string, data: unknown) => {
      const res = await request.post(`/api${url}`, { headers, data });
      expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    },
  };
}

/** The editor's entries (one card per day of the course section's week). */
const entries = (page: Page) => page.getByTestId("schedule-entry");

test.describe("horarios", () => {
  test("el administrador define el horario semanal, ve un choque antes de guardar, lo corrige y encuentra el aula ocupada", async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const api = await adminApi(request);
    // The demo school: section CB-S1A's "Metodología del Estudio" meets Tuesday, Thursday and Friday.
    const mine = (await api.get<Schedule[]>("/schedules?search=CB-S1A&limit=0")).filter(
      (s) => s.course_section.course.title === "Metodología del Estudio",
    );
    expect(mine.length).toBeGreaterThan(0);
    const target = mine[0]!.course_section;
    const grid = await api.get<{ class_hours: ClassHour[] }>(
      `/schedules/grid?section_id=${target.section.id}`,
    );
    const seven = grid.class_hours.find((h) => h.start_time === "07:00")!;
    // Another section takes A-101 on Saturday at 07:00 (CB-S2A's Matemática II keeps its week too).
    const other = (await api.get<Schedule[]>("/schedules?search=CB-S2A&limit=0")).filter(
      (s) => s.course_section.course.title === "Matemática II",
    );
    const a101 = (await api.get<{ id: number; code: string }[]>("/classrooms?search=A-101&limit=0")).find(
      (c) => c.code === "A-101",
    )!;
    await api.post("/schedules/bulk-store", {
      course_section_id: other[0]!.course_section.id,
      schedules: [
        ...other.map((s) => ({
          day: s.day,
          classroom_id: s.classroom.id,
          class_hours_ids: s.class_hours_ids,
        })),
        { day: 6, classroom_id: a101.id, class_hours_ids: [seven.id] },
      ],
    });

    await loginViaApi(
      page,
      "admin",
      `/sections/${target.section.id}/courses/${target.course.id}/set-shcedule`,
    );
    await expect(
      page.getByRole("heading", { level: 1, name: "Definir horario: Metodología del Estudio" }),
    ).toBeVisible();
    await expect(entries(page)).toHaveCount(mine.length);
    await expectAccessible(page, "definir horario");

    // A Saturday in A-101 at 07:00: marked before saving, with who holds the classroom.
    await page.getByRole("button", { name: "Agregar día" }).click();
    const saturday = entries(page).last();
    await expect(saturday.getByRole("combobox", { name: "Día" })).toHaveValue("Sábado");
    await saturday.getByRole("combobox", { name: "Aula" }).click();
    await page.getByRole("option", { name: "A-101", exact: true }).click();
    await saturday.getByText("07:00 – 07:45").click();
    await expect(saturday.getByTestId("clash")).toHaveText(
      /Sábado 07:00: Aula A-101 ocupada por CB-S2A — Matemática II/,
    );
    await expect(page.getByText("Hay choques de horario")).toBeVisible();
    await expect(
      page.getByTestId("weekly-grid").locator(`[data-slot$=":${seven.id}"] [data-tone="clash"]`),
    ).toHaveCount(1);
    await expectAccessible(page, "horario con choque", "con choque");
    await screenshot(page, "schedule-clash", { fullPage: true });

    // Fixed: B-101 is free then. Saved.
    await saturday.getByRole("combobox", { name: "Aula" }).click();
    await page.getByRole("option", { name: "B-101", exact: true }).click();
    await expect(page.getByTestId("clash")).toHaveCount(0);
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Horario guardado." })).toBeVisible();

    // The disponibilities page: B-101 is now taken on Saturday at 07:00 by CB-S1A.
    await page.goto(
      `/schedules/disponibilities?period_id=${target.section.period_id}&day=6&class_hours_ids=${seven.id}`,
    );
    await expect(page.getByRole("heading", { level: 1, name: "Disponibilidad de aulas" })).toBeVisible();
    const b101 = page.locator('[data-classroom="B-101"]');
    await expect(b101).toContainText("Ocupada");
    await expect(b101).toContainText("CB-S1A — Metodología del Estudio");
    await expect(page.locator('[data-classroom="A-102"]')).toContainText("Libre");
    await expectAccessible(page, "disponibilidad de aulas");

    // The section's weekly grid.
    await page.goto(
      `/schedules/show?period_id=${target.section.period_id}&mode=section&id=${target.section.id}`,
    );
    const weekly = page.getByTestId("weekly-grid");
    await expect(weekly.getByText("Metodología del Estudio").first()).toBeVisible();
    await expect(weekly.locator(`[data-slot="6:${seven.id}"]`)).toContainText("Aula B-101");
    await expectAccessible(page, "horario semanal");
    await screenshot(weekly, "weekly-grid");

    // The list of the period's schedules.
    await page.goto(`/schedules?period_id=${target.section.period_id}&search=Metodolog&sort_by=day,desc`);
    await expect(page.getByRole("heading", { level: 1, name: "Horarios" })).toBeVisible();
    await expect(
      page.getByRole("row").filter({ hasText: "CB-S1A" }).filter({ hasText: "Sábado" }).first(),
    ).toContainText("B-101");
    await expectAccessible(page, "horarios");
  });
});
