import type { Page } from "@playwright/test";
import { banner, findLateStudent, loginStudent } from "./payments-support";
import {
  type AccountName,
  expect,
  expectAccessible,
  loginViaApi,
  openInApp,
  schoolWeekday,
  screenshot,
  test,
} from "./support";

/**
 * Laptops and phones (issue 26). At 1280 × 800 every list of every role fits: the page and its tables do
 * not scroll sideways, every action button is on the screen and no badge loses letters. At 390 × 844 a
 * student's screens do not scroll sideways, the payment banner is one line that opens on tap, and "Mi
 * horario" shows today's classes first.
 */

const laptop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

/** The list screens of each role (the sidebar's lists, the tabs that are lists of their own). */
const lists: Record<AccountName, string[]> = {
  admin: [
    "/administrators",
    "/coordinators",
    "/teachers",
    "/students",
    "/inscriptions",
    "/inscriptions?tab=preregistered",
    "/reinscriptions",
    "/withdrawals",
    "/final-deliveries",
    "/periods",
    "/periods/payment",
    "/payments",
    "/classhours",
    "/schedules",
    "/activities",
    "/holidays",
    "/classrooms",
    "/specializations",
    "/courses",
    "/prelations",
    "/pensums",
    "/sections",
    "/documents",
    "/binnacles",
    "/document-requests",
    "/notifications",
    "/lessons",
    "/audit-log",
    "/backups",
  ],
  lowAdmin: [
    "/coordinators",
    "/teachers",
    "/students",
    "/inscriptions",
    "/inscriptions?tab=preregistered",
    "/reinscriptions",
    "/final-deliveries",
    "/periods",
    "/periods/payment",
    "/payments",
    "/classhours",
    "/schedules",
    "/classrooms",
    "/specializations",
    "/courses",
    "/pensums",
    "/sections",
    "/documents",
    "/document-requests",
    "/notifications",
  ],
  coordinator: [
    "/profile/schedule",
    "/lessons",
    "/coordinators",
    "/teachers",
    "/students",
    "/final-deliveries",
    "/activities",
    "/holidays",
    "/prelations",
    "/sections",
    "/documents",
    "/binnacles",
    "/notifications",
  ],
  teacher: [
    "/profile/schedule",
    "/lessons",
    "/students",
    "/final-deliveries",
    "/activities",
    "/prelations",
    "/documents",
    "/binnacles",
    "/notifications",
  ],
  student: [
    "/profile/schedule",
    "/final-deliveries",
    "/activities",
    "/holidays",
    "/prelations",
    "/documents",
    "/binnacles",
    "/document-requests",
    "/notifications",
  ],
};

/** Waits until the page's lists have their rows (no skeleton, no loading overlay). */
async function settled(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("skeleton-cell")).toHaveCount(0);
  await expect(page.locator(".mantine-datatable-loader-fetching")).toHaveCount(0);
  await expect(page.locator("main .mantine-Loader-root")).toHaveCount(0);
}

/**
 * What does not fit the window, measured in one go: the page scrolling sideways, a table's box scrolling
 * sideways (`tables`), an action of a table outside the window, a badge cut short.
 */
function misfits(page: Page, options: { tables: boolean }) {
  return page.evaluate(({ tables }) => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    const overflow = document.documentElement.scrollWidth - width;
    if (overflow > 0) found.push(`la página se desplaza ${overflow} px de lado`);
    const main = document.querySelector("main") ?? document.body;
    if (tables) {
      for (const table of main.querySelectorAll("table")) {
        for (let box = table.parentElement; box && box !== main; box = box.parentElement) {
          if (!/auto|scroll/.test(getComputedStyle(box).overflowX)) continue;
          const extra = box.scrollWidth - box.clientWidth;
          if (extra > 1) {
            const head = [...table.querySelectorAll("thead th")].map((th) => th.textContent?.trim());
            found.push(`una tabla se desplaza ${extra} px de lado (${head.join(" | ")})`);
          }
          break;
        }
      }
      for (const action of main.querySelectorAll("table button, table a")) {
        const box = action.getBoundingClientRect();
        if (box.width === 0) continue;
        if (box.left < 0 || box.right > width) {
          const name = action.getAttribute("aria-label") ?? action.textContent?.trim();
          found.push(`la acción «${name}» queda fuera de la pantalla (${Math.round(box.right)} px)`);
        }
      }
    }
    for (const label of main.querySelectorAll(".mantine-Badge-label")) {
      if (label.scrollWidth > label.clientWidth + 1)
        found.push(`la etiqueta «${label.textContent}» está cortada`);
    }
    return found;
  }, options);
}

async function walkLists(page: Page, account: AccountName) {
  await page.setViewportSize(laptop);
  await loginViaApi(page, account, "/home");
  const problems: string[] = [];
  for (const path of lists[account]) {
    await openInApp(page, path);
    await settled(page);
    for (const problem of await misfits(page, { tables: true })) problems.push(`${path}: ${problem}`);
  }
  return problems;
}

test.describe("a 1280 px laptop: every list fits with its actions in view", () => {
  for (const account of Object.keys(lists) as AccountName[]) {
    test(`las listas de ${account} caben en 1280 × 800`, async ({ page }) => {
      test.setTimeout(180_000);
      expect(await walkLists(page, account)).toEqual([]);
    });
  }

  test("acciones como íconos con nombre y aviso; Cancelar aparte y con pregunta en solicitudes de documentos", async ({
    page,
  }) => {
    await page.setViewportSize(laptop);
    await loginViaApi(page, "admin", "/teachers");
    await settled(page);
    const schedule = page.getByRole("link", { name: /^Horario / }).first();
    await expect(schedule).toBeInViewport();
    // The column shows only icons; the label is the button's name and shows beside it on hover.
    const label = schedule.getByText("Horario", { exact: true });
    expect((await label.boundingBox())!.width).toBeLessThanOrEqual(1);
    await schedule.hover();
    await expect.poll(async () => (await label.boundingBox())!.width).toBeGreaterThan(30);
    await expectAccessible(page, "profesores a 1280 px", "1280");
    await screenshot(page, "widths-teachers-1280");

    // Columns hidden to fit are still offered, and "Columnas" says why.
    await page.goto("/inscriptions?tab=preregistered");
    await settled(page);
    await page.getByRole("button", { name: "Columnas" }).click();
    await expect(page.getByText(/se ocultaron para que la tabla quepa en la pantalla/)).toBeVisible();
    await expectAccessible(page, "columnas ocultas para caber", "1280");
    await page.keyboard.press("Escape");

    await page.goto("/document-requests?status=pending");
    await settled(page);
    const pending = page
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: /^Generar el documento/ }) });
    const first = pending.first();
    const generate = first.getByRole("button", { name: /^Generar el documento de la solicitud/ });
    const id = ((await generate.getAttribute("aria-label")) ?? "").replace(/\D/g, "");
    // Nothing that cancels sits beside Generar: Cancelar is behind "Más acciones", then a question.
    await expect(first.getByRole("button", { name: /^Cancelar/ })).toHaveCount(0);
    await first.getByRole("button", { name: `Más acciones de la solicitud ${id}` }).click();
    await expectAccessible(page, "solicitudes: más acciones", "1280");
    await page.getByRole("menuitem", { name: `Cancelar la solicitud ${id}` }).click();
    const question = page.getByRole("dialog", { name: `¿Cancelar la solicitud #${id}?` });
    await expect(question).toContainText(`Se cancelará la solicitud #${id}:`);
    await expectAccessible(page, "solicitudes: ¿cancelar?", "1280");
    await question.getByRole("button", { name: "No" }).click();
    await expect(question).toBeHidden();
    await expect(generate).toBeVisible();
  });
});

test.describe("a 390 px phone: a student's screens", () => {
  test("inicio, Mi horario, notas y pagos sin desplazamiento lateral, aviso de pago en una línea, hoy primero", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(phone);
    const student = await findLateStudent(page.request);
    const answer = await loginStudent(page, student.email, "/home");
    const studentId = answer.user.student!.id;
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // The banner: one line, at the bottom, that opens on tap.
    const bar = banner(page);
    await expect(bar).toBeVisible();
    const line = bar.locator("button[aria-expanded]");
    await expect(line).toHaveAttribute("aria-expanded", "false");
    const closed = (await bar.boundingBox())!;
    expect(closed.height).toBeLessThanOrEqual(72);
    await expect(bar.getByRole("button", { name: "Reportar pago" })).toHaveCount(0);
    expect(await misfits(page, { tables: false })).toEqual([]);
    await expectAccessible(page, "inicio en un teléfono, aviso cerrado", "390");
    await screenshot(page, "widths-phone-home");
    await line.click();
    await expect(line).toHaveAttribute("aria-expanded", "true");
    await expect(bar.getByRole("button", { name: "Reportar pago" })).toBeVisible();
    await expectAccessible(page, "inicio en un teléfono, aviso abierto", "390 abierto");
    await line.click();
    await expect(bar.getByRole("button", { name: "Reportar pago" })).toHaveCount(0);

    // A course's notes, from the home page.
    const course = page.locator('a[href^="/profile/courseNote/"]').first();
    await course.click();
    await expect(page).toHaveURL(/\/profile\/courseNote\//);
    await settled(page);
    expect(await misfits(page, { tables: false })).toEqual([]);

    // Payments: each installment and payment a block of its own, no table scrolling sideways in its box.
    await page.goto(`/profile/${studentId}/payments`);
    await settled(page);
    const installments = page.getByRole("region", { name: "Cuotas" });
    await expect(installments.getByRole("listitem").first()).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    expect(await misfits(page, { tables: true })).toEqual([]);
    await expectAccessible(page, "Mis pagos en un teléfono", "390");
    await expect(bar).toBeVisible();
    expect((await bar.boundingBox())!.height).toBeLessThanOrEqual(72);

    // Mi horario: today's classes first (Monday's on a Sunday), the other days one tap away.
    const schedule = await page.request.get("/api/profile/schedules", {
      headers: { Authorization: `Bearer ${answer.access_token}` },
    });
    expect(schedule.status()).toBe(200);
    type Slot = { day: number; course: { title: string } };
    const slots = ((await schedule.json()) as { data: { slots: Slot[] } }).data.slots;
    const weekday = schoolWeekday();
    const shown = weekday === 7 ? 1 : weekday;
    const dayNames = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado"];
    await page.goto("/profile/schedule");
    await expect(page.getByRole("heading", { level: 1, name: "Mi horario" })).toBeVisible();
    const tab = page.getByRole("tab", { name: new RegExp(`^${dayNames[shown - 1]}`) });
    await expect(tab).toHaveAttribute("aria-selected", "true");
    if (weekday !== 7) await expect(tab).toHaveAttribute("aria-current", "date");
    else await expect(page.getByText("Los domingos no hay clases: se muestra el lunes.")).toBeVisible();
    await expect(page.getByTestId("weekly-grid")).toHaveCount(0);
    const day = page.getByTestId("day-view");
    const todays = [...new Set(slots.filter((s) => s.day === shown).map((s) => s.course.title))];
    for (const title of todays) await expect(day.getByText(title, { exact: true }).first()).toBeInViewport();
    if (todays.length === 0) await expect(day).toContainText("sin clases");
    expect(await misfits(page, { tables: true })).toEqual([]);
    await expectAccessible(page, "Mi horario en un teléfono", "390");
    await screenshot(page, "widths-phone-schedule");

    const other = shown === 1 ? 2 : 1;
    await page.getByRole("tab", { name: new RegExp(`^${dayNames[other - 1]}`) }).click();
    const others = [...new Set(slots.filter((s) => s.day === other).map((s) => s.course.title))];
    for (const title of others) await expect(day.getByText(title, { exact: true }).first()).toBeVisible();
  });
});
