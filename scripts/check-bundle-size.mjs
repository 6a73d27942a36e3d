#!/usr/bin/env node
// Size budget of the built web app (part of `npm test`, after `vite build`): weighs, gzipped, what the
// login page downloads (the entry, its static imports and the login page's chunk, scripts and styles)
// and what opening each lazy part adds on top (the logged-in shell, then each area's pages), from
// web/dist/.vite/manifest.json. Prints every figure; exits 1 when one is over its budget.
//   node scripts/check-bundle-size.mjs [distDir]
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const KB = 1000;
/**
 * Enforced budgets, gzipped bytes. Issue 6 set goals of 150 kB JS and 25 kB CSS for the login page and
 * 60 kB per area. The login page is shown before the app is loaded (web/main.tsx → web/login-entry.tsx):
 * React DOM (~62 kB), Mantine's core (~30 kB), i18next with the Spanish texts (~28 kB) and the form. The
 * app itself (React Router, TanStack Query, toasts, the error catalogue, the page registry) loads after the
 * login, or first for someone already logged in, and the shell's layout and styles with it.
 */
export const budgets = {
  loginJs: 150 * KB,
  loginCss: 25 * KB,
  // The router, the data library, toasts, the route registry of every logged-in page, the error catalogue.
  app: 90 * KB,
  shell: 110 * KB,
  // What the first area opened downloads besides its own chunk: the data table (~32 kB), Zod with the
  // shared schemas (~25 kB), the month calendar of holidays and activities (~16 kB), the number and
  // multi-select inputs and the form library. It grew with the academic-structure areas (issue 7) and the
  // people and enrolment ones (issue 8: selects and photo inputs shared by many more pages), then with
  // teaching and money (issues 9 and 10: the notes maths, the money maths and payment schemas that the
  // payment banner, the wizard, the payments and price-settings pages and the student pickers share).
  shared: 150 * KB,
  area: 60 * KB,
  // The dashboards' charts (issue 11): recharts with Mantine's chart styles, ~125 kB. Its own chunk, loaded
  // by the home page after the numbers have painted (web/components/charts), never by the login page.
  charts: 130 * KB,
};
export const goals = { loginJs: 150 * KB, loginCss: 25 * KB, area: 60 * KB };

/** Sources of the login screen, the app and the logged-in shell's chunk (keys of the manifest). */
const LOGIN = "login-entry.tsx";
const APP = "App.tsx";
const SHELL = "layout/app-layout-chunk.tsx";
/** The chart drawings' chunk (recharts), budgeted on its own line. */
const CHARTS = "components/charts/Charts.tsx";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export function weigh(distDir) {
  const manifestFile = path.join(distDir, ".vite", "manifest.json");
  if (!existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: run "npx vite build" first (build.manifest is on)`);
  }
  /** @type {Record<string, {file: string, css?: string[], imports?: string[], dynamicImports?: string[], isEntry?: boolean, src?: string}>} */
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8"));
  const gzCache = new Map();
  const gz = (file) => {
    if (!gzCache.has(file)) {
      gzCache.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    }
    return gzCache.get(file);
  };

  /** Every file (scripts and styles) a chunk loads before it runs: itself and its static imports. */
  function closure(key, files = new Set()) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    if (files.has(chunk.file)) return files;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) closure(imported, files);
    return files;
  }
  const sum = (files, ext) => [...files].filter((f) => f.endsWith(ext)).reduce((n, f) => n + gz(f), 0);
  const minus = (files, loaded) => new Set([...files].filter((f) => !loaded.has(f)));

  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error("no entry in the manifest");
  const entry = closure(entryKey);
  const login = closure(LOGIN, new Set(entry));
  const app = minus(closure(APP), login);
  const shell = minus(closure(SHELL), new Set([...login, ...app]));
  const loggedIn = new Set([...login, ...app, ...shell]);

  // Chunks that several areas share (forms, tables): downloaded once, by the first area opened.
  const areaKeys = [...new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []))]
    .filter((key) => ![SHELL, LOGIN, APP].includes(key) && !key.startsWith("pages/auth/"))
    .sort();
  const uses = new Map();
  for (const key of areaKeys) {
    for (const file of minus(closure(key), loggedIn)) uses.set(file, (uses.get(file) ?? 0) + 1);
  }
  const shared = new Set([...uses].filter(([, n]) => n > 1).map(([file]) => file));
  const base = new Set([...loggedIn, ...shared]);

  const lazy = [
    {
      name: "the app (router, data, page registry)",
      js: sum(app, ".js"),
      css: sum(app, ".css"),
      budget: budgets.app,
    },
    {
      name: "logged-in shell (layout, menus, styles)",
      js: sum(shell, ".js"),
      css: sum(shell, ".css"),
      budget: budgets.shell,
    },
    {
      name: "shared by several areas (forms, tables)",
      js: sum(shared, ".js"),
      css: sum(shared, ".css"),
      budget: budgets.shared,
    },
  ];
  for (const key of areaKeys) {
    const added = minus(closure(key), base);
    lazy.push({
      name: key,
      js: sum(added, ".js"),
      css: sum(added, ".css"),
      budget: key === CHARTS ? budgets.charts : budgets.area,
      goal: key === CHARTS ? undefined : goals.area,
    });
  }
  return {
    login: { js: sum(login, ".js"), css: sum(login, ".css"), files: [...login] },
    lazy,
  };
}

function main() {
  const distDir = path.resolve(process.argv[2] ?? path.join(root, "web", "dist"));
  const { login, lazy } = weigh(distDir);
  const kb = (n) => `${(n / KB).toFixed(1)} kB`;
  const failures = [];
  const line = (label, value, budget, goal) => {
    const over = value > budget;
    if (over) failures.push(label);
    const goalText = goal !== undefined && goal !== budget ? `, goal ${kb(goal)}` : "";
    console.log(
      `${over ? "✗" : "✓"} ${label.padEnd(52)} ${kb(value).padStart(9)}  (budget ${kb(budget)}${goalText})`,
    );
  };
  console.log("Gzipped sizes of the web app (scripts/check-bundle-size.mjs)");
  line("login page: JavaScript", login.js, budgets.loginJs, goals.loginJs);
  line("login page: CSS", login.css, budgets.loginCss, goals.loginCss);
  console.log("Opened later (JS + CSS added to what is already loaded):");
  for (const chunk of lazy) line(`  ${chunk.name}`, chunk.js + chunk.css, chunk.budget, chunk.goal);
  if (failures.length > 0) {
    console.error(`\nOver budget: ${failures.join(", ")}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
