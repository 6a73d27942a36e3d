import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { server, startServer, stopServer } from "./servers";

/**
 * The journeys' `test`: Playwright's, with each worker on its own demo server (e2e/servers.ts) — its
 * pages, browser contexts and API requests resolve "/…" there. The first worker's server is started by
 * playwright.config.ts; any other worker starts its own when it begins and stops it when it ends
 * (Playwright ends a worker after a failing test: the next one starts a fresh demo school there, while
 * the first server keeps its database). Journeys import `test` and `expect` from here.
 */
export const test = base.extend<object, { workerServer: string }>({
  workerServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const own = server(workerInfo.parallelIndex);
      if (workerInfo.parallelIndex === 0) return use(own.url);
      const child = await startServer(own);
      try {
        await use(own.url);
      } finally {
        await stopServer(child);
      }
    },
    { scope: "worker", auto: true, timeout: 300_000, title: "demo server of this worker" },
  ],
  baseURL: async ({ workerServer }, use) => {
    await use(workerServer);
  },
});

export { expect };

/** Demo accounts (README / `npm run demo`). God (type 6) has no demo account. */
export const accounts = {
  admin: { email: "admin@demo.edu.ve", password: "Admin123*", firstName: "Administrador" },
  lowAdmin: { email: "asistente@demo.edu.ve", password: "Asistente123*", firstName: "Asistente" },
  coordinator: { email: "coordinador1@demo.edu.ve", password: "Coordinador123*" },
  teacher: { email: "profesor1@demo.edu.ve", password: "Profesor123*" },
  student: { email: "estudiante1@demo.edu.ve", password: "Estudiante123*" },
} as const;

export type AccountName = keyof typeof accounts;

/**
 * Storage keys of the session (web/session/storage.ts defaults; no VITE_* override in the e2e build):
 * the whole session is ONE JSON value `{ token, expires_at, user }`, in localStorage with "Recordarme",
 * else in sessionStorage (`tabHint` in localStorage then says a tab may hold one).
 */
export const storageKeys = {
  session: "aula.session",
  tabHint: "aula.session.tab",
} as const;

/** The stored session of the page: where it is kept and its token, or null. */
export async function storedSession(page: Page) {
  return page.evaluate((key) => {
    const local = localStorage.getItem(key);
    const tab = sessionStorage.getItem(key);
    const raw = local ?? tab;
    if (!raw) return null;
    return { where: local ? "local" : "tab", token: (JSON.parse(raw) as { token: string }).token };
  }, storageKeys.session);
}

/**
 * Pictures of the journeys. None is taken by default (CI reads none of them): `E2E_SCREENSHOTS=1` writes
 * every one to e2e/artifacts/ (gitignored) to look at; `UPDATE_SCREENSHOTS=1` writes the README tour's
 * (`readme: true`) to docs/screenshots/. Playwright keeps its own picture of a failing test either way.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; readme?: boolean } = {},
) {
  const { readme = false, ...shot } = options;
  const file =
    readme && process.env.UPDATE_SCREENSHOTS === "1"
      ? `docs/screenshots/${name}.png`
      : process.env.E2E_SCREENSHOTS === "1"
        ? `e2e/artifacts/${readme ? "readme-" : ""}${name}.png`
        : null;
  if (file) await target.screenshot({ path: file, ...shot });
}

/** The e-mails this worker's server wrote to its data folder (no SMTP in the journeys). */
export const outboxDir = () => path.join(server(test.info().parallelIndex).dataDir, "outbox");

/** The school's time zone: the server's default TZ, and the browser's (playwright.config.ts). */
export const schoolTimeZone = "America/Caracas";

/** The school's wall clock `hours` from now, as the parts a form takes (whatever the machine's zone). */
function schoolWall(hours = 0) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: schoolTimeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    weekday: "short",
  }).formatToParts(new Date(Date.now() + hours * 3_600_000));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    time: `${part("hour")}:${part("minute")}`,
    weekday: part("weekday"),
  };
}

/**
 * The school's date `days` after today, `YYYY-MM-DD`: the day the server and the browser call today, which
 * is not the machine's (UTC) date in the evening at the school.
 */
export function schoolDate(days = 0): string {
  const { year, month, day } = schoolWall();
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + days));
  return date.toISOString().slice(0, 10);
}

/** The school's wall time `hours` from now as a datetime-local value, `YYYY-MM-DDTHH:MM`. */
export function schoolDateTime(hours = 0): string {
  const { year, month, day, time } = schoolWall(hours);
  return `${year}-${month}-${day}T${time}`;
}

/** `YYYY-MM-DD` as a person types it in the app's date fields: DD/MM/AAAA. */
export const typedDate = (iso: string) => iso.split("-").reverse().join("/");

/**
 * Types a school wall time (`YYYY-MM-DDTHH:MM`) into a date-and-time field: its "Fecha" (DD/MM/AAAA) and
 * "Hora" (24-hour HH:MM) parts, inside the group named `label`.
 */
export async function fillDateTime(page: Page, label: string | RegExp, local: string) {
  const group = page.getByRole("group", { name: label });
  await group.getByRole("textbox", { name: "Fecha", exact: true }).fill(typedDate(local.slice(0, 10)));
  await group.getByRole("textbox", { name: "Hora", exact: true }).fill(local.slice(11, 16));
}

/** The school's day of the week today: 1 Monday … 7 Sunday. */
export function schoolWeekday(): number {
  return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(schoolWall().weekday) + 1;
}

/** The login form, filled and sent through the UI. */
export async function loginThroughUi(page: Page, email: string, password: string) {
  // Labels carry the required asterisk ("Contraseña *"): match the inputs by accessible name.
  await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

/** The answer of POST /api/login. */
export type LoginAnswer = {
  access_token: string;
  expires_at?: string | null;
  user: { type: number; student?: { id: number } | null };
};

/**
 * Logs `email` in through the API and stores the session the way the web app does, then opens `path`.
 * Faster than the form; the form itself is covered by auth.spec.ts. Stored as a remembered session (one
 * value in localStorage), so other pages of the context share it; this tab's own session (a login
 * without "Recordarme" earlier in the test) is removed, or it would win over it. It is written from a
 * page of the origin that runs none of the app (/api/health): an app page still open could otherwise
 * write the session it holds over the new one (a later user switch would then show the former user).
 */
export async function loginAs(page: Page, email: string, password: string, path = "/home") {
  const response = await page.request.post("/api/login", {
    data: { email, password, remember_me: false },
  });
  expect(response.status(), `login of ${email}`).toBe(200);
  const answer = (await response.json()) as LoginAnswer;
  await page.goto("/api/health");
  await page.evaluate(
    ({ keys, answer }) => {
      sessionStorage.removeItem(keys.session);
      localStorage.setItem(
        keys.session,
        JSON.stringify({
          token: answer.access_token,
          expires_at: answer.expires_at ?? null,
          user: answer.user,
        }),
      );
    },
    { keys: storageKeys, answer },
  );
  await page.goto(path);
  return answer;
}

/** Logs a demo account in (see `loginAs`) and opens `path`. */
export function loginViaApi(page: Page, account: AccountName, path = "/home") {
  const { email, password } = accounts[account];
  return loginAs(page, email, password, path);
}

/**
 * Opens `path` inside the running app, as following one of its links does (the router's history, no reload),
 * instead of loading the app again: a walk through many screens then costs the browser one start of the app.
 */
export async function openInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, "", to);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/** The sidebar navigation landmark. */
export const sidebar = (page: Page) => page.getByRole("navigation", { name: "Menú principal" });

/** The header breadcrumb trail. */
export const breadcrumbs = (page: Page) => page.getByRole("navigation", { name: "Ruta de navegación" });

/**
 * Accessibility check of what the page shows now (axe-core, WCAG 2.x A/AA rules and best practices):
 * fails on any serious or critical violation, listing each rule with the elements it found. Call it
 * once the page (or the dialog) is shown; `label` names the screen in the failure message.
 *
 * Each distinct screen is checked once per run, by whichever journey shows it first: a screen is the
 * signed-in role, the route (numbers and codes in the path as ":id", the `tab` of the address kept), the
 * dialogs and menus open over it (by name), and `state` when the call checks a state of that screen which
 * changes it a lot without a dialog (a form with its errors, an empty or failed list, a result, another
 * badge). Calls with the same key (in this journey or another) are skipped: give a new state its own
 * `state` so it keeps its check.
 */
export async function expectAccessible(page: Page, label = page.url(), state?: string) {
  const screen = await screenKey(page, state);
  if (!claimScreen(screen, label)) {
    test.info().annotations.push({ type: "axe: already checked", description: `${label} (${screen})` });
    return;
  }
  const blocking = await settledViolations(page);
  const report = blocking.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").join(" ")}`).join("\n"),
  );
  expect(report, `accessibility of ${label}`).toEqual([]);
}

/** What makes a screen distinct (see expectAccessible). */
async function screenKey(page: Page, state?: string): Promise<string> {
  // A dialog still fading in counts as open: let transitions end first (blockingViolations does too).
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  const shown = await page.evaluate((sessionKey) => {
    const raw = sessionStorage.getItem(sessionKey) ?? localStorage.getItem(sessionKey);
    const role = raw
      ? String((JSON.parse(raw) as { user?: { type?: number } }).user?.type ?? "?")
      : "visitor";
    const text = (id: string) => document.getElementById(id)?.textContent?.trim() ?? "";
    const overlays = [...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="menu"]')]
      .filter((el) => el.checkVisibility({ visibilityProperty: true }))
      .map((el) => {
        const name =
          el.getAttribute("aria-label") ??
          (el.getAttribute("aria-labelledby") ?? "").split(/\s+/).map(text).join(" ").trim();
        return `${el.getAttribute("role")}:${name}`;
      });
    return { role, overlays };
  }, storageKeys.session);
  const url = new URL(page.url());
  // Ids, codes and dates in the path are the same screen for another record.
  const route = url.pathname
    .split("/")
    .map((segment) => (/\d/.test(segment) ? ":id" : segment))
    .join("/");
  const tab = url.searchParams.get("tab");
  const overlays = shown.overlays.map((o) => o.replace(/\d+/g, "#")).sort();
  return [
    shown.role,
    route + (tab ? `?tab=${tab}` : ""),
    ...overlays,
    ...(state ? [`state:${state}`] : []),
  ].join(" | ");
}

/**
 * Claims `screen` for this check: true for the first call of the run (every worker shares the folder that
 * e2e/global-setup.ts made), false when it was already checked.
 */
function claimScreen(screen: string, label: string): boolean {
  const folder = process.env.E2E_AXE_SCREENS;
  if (!folder) return true;
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${createHash("sha256").update(screen).digest("hex").slice(0, 32)}.txt`);
  try {
    writeFileSync(file, `${screen}\n${label}\n${test.info().titlePath.join(" › ")}\n`, { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * The blocking violations once the page has settled. A toast that starts fading out (or a dialog fading
 * in) while axe reads the page is measured half-transparent over the overlay: when axe finds something,
 * it looks again (a few times, up to 5 s) and judges what stays.
 */
async function settledViolations(page: Page) {
  let blocking = await blockingViolations(page);
  if (blocking.length === 0) return blocking;
  await expect
    .poll(
      async () => {
        blocking = await blockingViolations(page);
        return blocking.length;
      },
      {
        timeout: 5_000,
        intervals: [250, 500, 1_000],
      },
    )
    .toBe(0)
    .catch(() => {});
  return blocking;
}

async function blockingViolations(page: Page) {
  // Let transitions finish: half-faded text would be measured with the wrong contrast.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
