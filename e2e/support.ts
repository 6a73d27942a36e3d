import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

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

/** Where screenshots go (gitignored). */
export const artifact = (name: string) => `e2e/artifacts/${name}.png`;

/** The login form, filled and sent through the UI. */
export async function loginThroughUi(page: Page, email: string, password: string) {
  // Labels carry the required asterisk ("Contraseña *"): match the inputs by accessible name.
  await page.getByRole("textbox", { name: "Correo electrónico", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Contraseña", exact: true }).fill(password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
}

/**
 * Logs in through the API and stores the session the way the web app does, then opens `path`.
 * Faster than the form; the form itself is covered by auth.spec.ts.
 */
export async function loginViaApi(page: Page, account: AccountName, path = "/home") {
  const { email, password } = accounts[account];
  const response = await page.request.post("/api/login", {
    data: { email, password, remember_me: false },
  });
  expect(response.status(), `login of ${email}`).toBe(200);
  const answer = (await response.json()) as {
    access_token: string;
    expires_at?: string | null;
    user: { type: number };
  };
  // Any page of the origin gives access to its localStorage; the login screen is the lightest.
  await page.goto("/");
  // Stored as a remembered session (one value in localStorage), so other pages of the context share it.
  await page.evaluate(
    ({ keys, answer }) => {
      // This tab's own session (a login without "Recordarme" earlier in the test) would win over it.
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

/** The sidebar navigation landmark. */
export const sidebar = (page: Page) => page.getByRole("navigation", { name: "Menú principal" });

/** The header breadcrumb trail. */
export const breadcrumbs = (page: Page) => page.getByRole("navigation", { name: "Ruta de navegación" });

/**
 * Accessibility check of what the page shows now (axe-core, WCAG 2.x A/AA rules and best practices):
 * fails on any serious or critical violation, listing each rule with the elements it found. Call it
 * once the page (or the dialog) is shown; `label` names the screen in the failure message.
 */
export async function expectAccessible(page: Page, label = page.url()) {
  let blocking = await blockingViolations(page);
  // A toast that starts fading out (or a dialog fading in) while axe reads the page is measured
  // half-transparent over the overlay: judge only what stays once the page has settled.
  if (blocking.length > 0) {
    await page.waitForTimeout(1_000);
    blocking = await blockingViolations(page);
  }
  const report = blocking.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n` +
      v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").join(" ")}`).join("\n"),
  );
  expect(report, `accessibility of ${label}`).toEqual([]);
}

async function blockingViolations(page: Page) {
  // Let transitions finish: half-faded text would be measured with the wrong contrast.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))));
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
