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

/** Storage keys of the session (web/session/storage.ts defaults; no VITE_* override in the e2e build). */
export const storageKeys = {
  token: "aula.token",
  expiresAt: "aula.token_expires_at",
  user: "aula.user",
} as const;

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
  await page.evaluate(
    ({ keys, answer }) => {
      localStorage.setItem(keys.token, answer.access_token);
      if (answer.expires_at) localStorage.setItem(keys.expiresAt, answer.expires_at);
      localStorage.setItem(keys.user, JSON.stringify(answer.user));
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
