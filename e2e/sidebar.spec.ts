import type { Page } from "@playwright/test";
import {
  type AccountName,
  accounts,
  expect,
  expectAccessible,
  loginThroughUi,
  loginViaApi,
  sidebar,
  test,
} from "./support";

/**
 * What spec.md §2 "Layout" gives each role, written out by hand (not derived from the app's tables):
 * top links, then each visible group with its items sorted by label (Spanish collation).
 * Groups without a visible item are not shown; "Configuración" is empty and never shown.
 */
type Expected = { top: string[]; groups: [label: string, items: string[]][] };

const academicForAdmins = [
  "Aulas",
  "Biblioteca virtual",
  "Bitácoras",
  "Cronograma de actividades",
  "Días feriados",
  "Entregas finales",
  "Especialidades",
  "Horarios",
  "Horas de clase",
  "Materias",
  "Notificaciones",
  "Pagos",
  "Pensums",
  "Períodos",
  "Prelaciones",
  "Secciones",
  "Solicitudes de documentos",
];

const academicForEveryone = [
  "Biblioteca virtual",
  "Bitácoras",
  "Cronograma de actividades",
  "Días feriados",
  "Entregas finales",
  "Notificaciones",
  "Prelaciones",
];

const expected: Record<AccountName, Expected> = {
  admin: {
    top: ["Inicio"],
    groups: [
      ["Personal", ["Administradores", "Coordinadores", "Estudiantes", "Profesores"]],
      ["Inscripciones", ["Inscripciones", "Reincorporaciones", "Retiros"]],
      ["Académico", academicForAdmins],
    ],
  },
  // Low admin: an administrator (no "Mi horario"); the Inscripciones group has only admin-only items.
  lowAdmin: {
    top: ["Inicio"],
    groups: [
      ["Personal", ["Coordinadores", "Estudiantes", "Profesores"]],
      ["Académico", academicForAdmins],
    ],
  },
  coordinator: {
    top: ["Inicio", "Mi horario", "Mis lecciones"],
    groups: [
      ["Personal", ["Coordinadores", "Estudiantes", "Profesores"]],
      [
        "Académico",
        [
          "Biblioteca virtual",
          "Bitácoras",
          "Cronograma de actividades",
          "Días feriados",
          "Entregas finales",
          "Notificaciones",
          "Prelaciones",
          "Secciones",
        ],
      ],
    ],
  },
  teacher: {
    top: ["Inicio", "Mi horario", "Mis lecciones"],
    groups: [
      ["Personal", ["Estudiantes"]],
      ["Académico", academicForEveryone],
    ],
  },
  student: {
    top: ["Inicio", "Mi horario"],
    groups: [
      [
        "Académico",
        [
          "Biblioteca virtual",
          "Bitácoras",
          "Cronograma de actividades",
          "Días feriados",
          "Entregas finales",
          "Notificaciones",
          "Prelaciones",
          "Solicitudes de documentos",
        ],
      ],
    ],
  },
};

const roleLabel: Record<AccountName, string> = {
  admin: "Administrador",
  lowAdmin: "Asistente",
  // Role names follow the person's gender (coordinador1 of the demo school is a woman).
  coordinator: "Coordinadora",
  teacher: "Profesor",
  student: "Estudiante",
};

async function expectSidebar(page: Page, role: AccountName) {
  const want = expected[role];
  const nav = sidebar(page);
  await expect(nav).toBeVisible();

  // Every link of the sidebar, in order: the top links, then each group's items.
  await expect(nav.getByRole("link")).toHaveText([...want.top, ...want.groups.flatMap(([, items]) => items)]);

  // The groups shown, in order, each with exactly its items.
  const groups = nav.getByRole("region");
  await expect
    .poll(() => groups.evaluateAll((els) => els.map((el) => el.getAttribute("aria-label"))))
    .toEqual(want.groups.map(([label]) => label));
  for (const [label, items] of want.groups) {
    await expect(nav.getByRole("region", { name: label, exact: true }).getByRole("link")).toHaveText(items);
  }

  // "Mi horario" / "Mis lecciones" per role, and where they lead.
  const mySchedule = nav.getByRole("link", { name: "Mi horario", exact: true });
  const myLessons = nav.getByRole("link", { name: "Mis lecciones", exact: true });
  await expect(mySchedule).toHaveCount(want.top.includes("Mi horario") ? 1 : 0);
  await expect(myLessons).toHaveCount(want.top.includes("Mis lecciones") ? 1 : 0);
  if (want.top.includes("Mi horario")) await expect(mySchedule).toHaveAttribute("href", "/profile/schedule");
  if (want.top.includes("Mis lecciones")) await expect(myLessons).toHaveAttribute("href", "/lessons");
  await expectAccessible(page, `inicio con el menú lateral (${role})`);
}

test.describe("menú lateral por rol", () => {
  test("administrador (inicio de sesión por el formulario)", async ({ page }) => {
    await page.goto("/");
    await loginThroughUi(page, accounts.admin.email, accounts.admin.password);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByText(`Ingresaste como ${roleLabel.admin}`, { exact: true })).toBeVisible();
    await expectSidebar(page, "admin");
  });

  for (const role of ["lowAdmin", "coordinator", "teacher", "student"] as const) {
    test(`${roleLabel[role]} (${accounts[role].email})`, async ({ page }) => {
      await loginViaApi(page, role);
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText(`Ingresaste como ${roleLabel[role]}`, { exact: true })).toBeVisible();
      await expectSidebar(page, role);
      if (role === "lowAdmin") {
        // spec.md §2: both items of "Inscripciones" are admin-only, so the assistant has no such group.
        await expect(sidebar(page).getByRole("region", { name: "Inscripciones" })).toHaveCount(0);
        await expect(sidebar(page).getByRole("link", { name: "Reincorporaciones" })).toHaveCount(0);
      }
    });
  }

  test("en pantallas pequeñas el menú empieza oculto y el botón lo muestra", async ({ page }) => {
    await page.setViewportSize({ width: 600, height: 800 });
    await loginViaApi(page, "student");
    await expect(page.getByText("Ingresaste como Estudiante", { exact: true })).toBeVisible();
    await expect(sidebar(page)).not.toBeInViewport();
    await page.getByRole("button", { name: "Mostrar u ocultar el menú" }).click();
    await expect(sidebar(page)).toBeInViewport();
    await expectAccessible(
      page,
      "menú lateral abierto en pantalla pequeña",
      "menú lateral abierto en pantalla pequeña",
    );
    // Following a link closes it again.
    await sidebar(page).getByRole("link", { name: "Bitácoras", exact: true }).click();
    await expect(page).toHaveURL(/\/binnacles$/);
    await expect(sidebar(page)).not.toBeInViewport();
  });

  test("un enlace del menú lleva a su vista y queda marcado", async ({ page }) => {
    await loginViaApi(page, "teacher");
    const holidays = sidebar(page).getByRole("link", { name: "Días feriados", exact: true });
    await holidays.click();
    await expect(page).toHaveURL(/\/holidays$/);
    await expect(holidays).toHaveAttribute("aria-current", "page");
    await expect(sidebar(page).getByRole("link", { name: "Inicio", exact: true })).not.toHaveAttribute(
      "aria-current",
      "page",
    );
  });
});
