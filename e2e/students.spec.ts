import type { Page } from "@playwright/test";
import { breadcrumbs, expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

type StudentList = {
  data: { id: number; first_name: string; last_name: string; full_name: string }[];
  meta: { total: number };
};

const listAnswer = (page: Page, fragment: string) =>
  page
    .waitForResponse((r) => {
      const url = decodeURIComponent(r.url());
      return url.includes("/api/students?") && url.includes(fragment) && r.request().method() === "GET";
    })
    .then(async (r) => {
      expect(r.status()).toBe(200);
      return (await r.json()) as StudentList;
    });

const tabs = (page: Page) => page.getByRole("navigation", { name: "Secciones del estudiante" });

test.describe("students", () => {
  test("an admin searches a name without its accent, finds it, opens every sub-page and edits a field", async ({
    page,
  }) => {
    await loginViaApi(page, "admin", "/students");
    await expect(page.getByRole("heading", { name: "Estudiantes", level: 1 })).toBeVisible();
    await expectAccessible(page, "/students");

    // A demo student whose first name has an accent, searched without it and in lower case.
    const all = (await (
      await page.request.get("/api/students?limit=0", {
        headers: { authorization: `Bearer ${await token(page)}` },
      })
    ).json()) as StudentList;
    const accented = all.data.find((s) => /[áéíóú]/i.test(s.first_name.split(" ")[0]!))!;
    const word = accented.first_name.split(" ")[0]!;
    const plain = word
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
    const searched = listAnswer(page, `search=${plain}`);
    await page.getByRole("searchbox", { name: "Buscar..." }).fill(plain);
    const answer = await searched;
    expect(answer.meta.total).toBeGreaterThan(0);
    for (const row of answer.data) expect(`${row.first_name} ${row.last_name}`).toContain(word);
    await expect(page.getByRole("table").getByText(word).first()).toBeVisible();
    await screenshot(page, "students-list", { fullPage: true });

    const first = answer.data[0]!;
    await page.getByRole("link", { name: `Ver a ${first.full_name}` }).click();
    await expect(page.getByRole("heading", { name: first.full_name })).toBeVisible();
    await expect(page.getByText("Estado de inscripción")).toBeVisible();
    await expect(breadcrumbs(page).getByText("Estudiantes")).toBeVisible();
    await expectAccessible(page, "/students/{id}");
    await screenshot(page, "student-profile", { fullPage: true });

    for (const [name, path] of [
      ["Historial", "history"],
      ["Materias", "courses"],
      ["Clases", "lessons"],
      ["Inasistencias", "absences"],
      ["Retrasos", "delays"],
      ["Bitácoras", "binnacles"],
      ["Notificaciones", "notifications"],
    ] as const) {
      await tabs(page).getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/students/${first.id}/${path}$`));
      await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
      // Its rows, or its real empty state ("Este estudiante no tiene …").
      await expect(
        page
          .getByRole("table")
          .or(page.getByText(/no tiene|todavía no|no ha recibido/i))
          .first(),
      ).toBeVisible();
      await expectAccessible(page, `/students/{id}/${path}`);
    }

    // The same pages under a section and course: the course's own standing.
    await page.goto(`/students/${first.id}/courses`);
    await expect(page.getByRole("table")).toBeVisible();
    const courses = (await (
      await page.request.get(`/api/students/${first.id}/courses`, {
        headers: { authorization: `Bearer ${await token(page)}` },
      })
    ).json()) as { data: { section: { id: number }; course: { id: number; code: string } }[] };
    const course = courses.data[0]!;
    await page.goto(`/students/${first.id}/${course.section.id}/${course.course.id}`);
    await expect(page.getByRole("heading", { name: new RegExp(course.course.code) })).toBeVisible();
    await expectAccessible(page, "/students/{id}/{section}/{course}");

    await tabs(page).getByRole("link", { name: "Editar" }).click();
    await expect(page).toHaveURL(new RegExp(`/students/${first.id}/edit$`));
    await expectAccessible(page, "/students/{id}/edit");
    const phone = page.getByRole("textbox", { name: "Teléfono", exact: true });
    await phone.fill("0414-5550101");
    await page.getByRole("button", { name: "Guardar" }).click();
    await expect(page).toHaveURL(new RegExp(`/students/${first.id}$`));
    await expect(page.getByText("0414-5550101")).toBeVisible();
  });

  test("a student opens their own record and is refused another's", async ({ page }) => {
    const session = await loginViaApi(page, "student", "/home");
    const token = (session as { access_token: string }).access_token;
    const me = (await (
      await page.request.get("/api/users/me", { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { data: { student: { id: number } } };
    const own = await page.request.get(`/api/students/${me.data.student.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(own.status()).toBe(200);
    const other = await page.request.get(`/api/students/${me.data.student.id + 1}/courses`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(other.status()).toBe(403);
    // The students screens are not a student's (spec.md §6): the web app sends them to "Acceso denegado".
    await page.goto(`/students/${me.data.student.id + 1}`);
    await expect(page.getByText("Acceso denegado")).toBeVisible();
  });
});

async function token(page: Page): Promise<string> {
  return page.evaluate(
    () => (JSON.parse(localStorage.getItem("aula.session") ?? "{}") as { token: string }).token,
  );
}
