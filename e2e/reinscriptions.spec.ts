import type { Page } from "@playwright/test";
import { expect, expectAccessible, loginViaApi, screenshot, test } from "./support";

type Preview = {
  student: { id: number; first_name: string; last_name: string; identity_document: string };
  approved: boolean;
  outcome: string;
  reasons: string[];
  target_period: { id: number } | null;
  options: { semester: { id: number; code: string } }[];
};

/** The API as the logged-in admin (the token the page stored). */
function apiOf(page: Page, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async <T>(url: string) => {
      const r = await page.request.get(`/api${url}`, { headers });
      expect(r.status(), url).toBe(200);
      return ((await r.json()) as { data: T }).data;
    },
    send: async (method: "POST" | "PATCH", url: string, data: unknown) => {
      const r = await page.request.fetch(`/api${url}`, { method, headers, data });
      expect(r.status(), `${method} ${url}: ${await r.text()}`).toBeLessThan(300);
    },
  };
}

/** Picks a student in the picker by their cédula. */
async function pickStudent(page: Page, p: Preview) {
  const picker = page.getByRole("combobox", { name: "Estudiante" });
  await picker.fill(p.student.identity_document);
  await page
    .getByRole("option", {
      name: `${p.student.last_name}, ${p.student.first_name} — ${p.student.identity_document}`,
    })
    .click();
}

test("an admin re-inscribes an approved student into the next period and sees why another cannot move on", async ({
  page,
}) => {
  const { access_token } = await loginViaApi(page, "admin", "/home");
  const api = apiOf(page, access_token);

  // The demo's current period is half graded: its students' semesters are still "En curso". The two
  // waiting students finished CB-S1 in the older period (ended, so final): one approved, one short of the
  // average. Both are judged here from the API, as the page will show them.
  const periods = await api.get<{ id: number; start_date: string }[]>("/periods?limit=0");
  const older = [...periods].sort((a, b) => a.start_date.localeCompare(b.start_date))[0]!;
  const sections = await api.get<{ id: number; code: string }[]>("/sections?limit=0");
  const olderSections = await api.get<{ id: number; code: string }[]>(
    `/sections?limit=0&period_id=${older.id}`,
  );
  const previews: Preview[] = [];
  for (const section of [...sections.filter((s) => s.code === "INF-S1A"), ...olderSections]) {
    const students = await api.get<{ id: number }[]>(`/sections/${section.id}/students?limit=0`);
    for (const s of students)
      previews.push(await api.get<Preview>(`/students/${s.id}/courses/next-semester`));
  }
  const inProgress = previews.find((p) => p.outcome === "in_progress");
  const approved = previews.find((p) => p.approved && p.outcome === "next_semester");
  const failing = previews.find((p) => !p.approved && p.outcome === "repeat");
  expect(inProgress, "a demo student of the current period, still in progress").toBeTruthy();
  expect(approved, "the waiting student who approved CB-S1").toBeTruthy();
  expect(failing, "the waiting student short of the average").toBeTruthy();
  if (!inProgress || !approved || !failing) return;

  // The next period opens its inscriptions and has a section of the semester the student moves to.
  const next = approved.target_period!.id;
  await api.send("PATCH", `/periods/${next}/open-inscriptions`, { enabled_inscriptions: true });
  // Closed again at the end: with two periods open, other journeys' inscriptions would have to say which.
  try {
    const nextSections = await api.get<{ id: number; semester: { id: number } }[]>(
      `/sections?limit=0&period_id=${next}`,
    );
    if (!nextSections.some((s) => s.semester.id === approved.options[0]!.semester.id)) {
      await api.send("POST", "/sections", {
        period_id: next,
        semester_id: approved.options[0]!.semester.id,
        letter_code: "A",
        males_limit: 15,
        females_limit: 15,
      });
    }

    await page.goto("/reinscriptions/create");
    await expect(page.getByRole("heading", { name: "Reinscribir estudiante" })).toBeVisible();
    await expectAccessible(page, "/reinscriptions/create");

    // A semester still in progress: nothing decided, the courses "En curso", no way to re-inscribe yet.
    await pickStudent(page, inProgress);
    await expect(page.getByText("Semestre en curso")).toBeVisible();
    await expect(page.getByText("Materias en curso")).toBeVisible();
    await expect(page.getByRole("cell", { name: "En curso" }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Reinscribir" })).toBeDisabled();

    // The failing one: the reason in Spanish, with the course and its note.
    await pickStudent(page, failing);
    await expect(page.getByText("Por qué no avanza")).toBeVisible();
    await expect(page.getByText(failing.reasons[0]!, { exact: true })).toBeVisible();
    await expect(page.getByText("Repite materias")).toBeVisible();
    await screenshot(page, "reinscription-refused", { fullPage: true });
    await expectAccessible(page, "/reinscriptions/create (no avanza)", "no avanza");

    // The approved one moves on.
    await pickStudent(page, approved);
    await expect(page.getByText("Pasa al siguiente semestre")).toBeVisible();
    await page.getByRole("button", { name: "Reinscribir" }).click();
    const name = `${approved.student.first_name} ${approved.student.last_name}`;
    await expect(page.getByRole("heading", { name: `Reinscripción de ${name}` })).toBeVisible();
    await expect(page.getByText(`${approved.options[0]!.semester.code} · Sección:`)).toBeVisible();
    await screenshot(page, "reinscription-detail", { fullPage: true });
    await expectAccessible(page, "/reinscriptions/{id}");

    await page.goto(`/reinscriptions?search=${encodeURIComponent(approved.student.identity_document)}`);
    await expect(page.getByRole("cell", { name: approved.student.identity_document }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: /Exportar CSV/ })).toBeVisible();
    await screenshot(page, "reinscriptions-list", { fullPage: true });
    await expectAccessible(page, "/reinscriptions");
  } finally {
    await api.send("PATCH", `/periods/${next}/open-inscriptions`, { enabled_inscriptions: false });
  }
});
