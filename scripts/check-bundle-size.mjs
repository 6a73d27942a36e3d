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
/** Budgets in gzipped bytes (issue 6: login ≤ 150 kB JS and ≤ 25 kB CSS, each area ≤ 60 kB). */
export const budgets = { loginJs: 150 * KB, loginCss: 25 * KB, lazyChunk: 60 * KB };

/** Source of the login page's chunk and of the logged-in shell's chunk (keys of the manifest). */
const LOGIN_PAGE = "pages/auth/index.ts";
const SHELL = "layout/app-layout-chunk.tsx";

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
  const login = closure(LOGIN_PAGE, new Set(entry));
  const shell = manifest[SHELL] ? minus(closure(SHELL), entry) : new Set();
  const loggedIn = new Set([...entry, ...shell]);

  const lazy = [];
  const dynamicKeys = new Set(Object.values(manifest).flatMap((c) => c.dynamicImports ?? []));
  for (const key of [...dynamicKeys].sort()) {
    // What opening it downloads beyond what is already there (guest pages: the entry; others: the shell).
    const base = key === SHELL || key.startsWith("pages/auth/") ? entry : loggedIn;
    const added = minus(closure(key), base);
    lazy.push({ name: key, js: sum(added, ".js"), css: sum(added, ".css") });
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
  const line = (label, value, budget) => {
    const over = value > budget;
    if (over) failures.push(label);
    console.log(`${over ? "✗" : "✓"} ${label.padEnd(44)} ${kb(value).padStart(10)}  (budget ${kb(budget)})`);
  };
  console.log("Gzipped sizes of the web app (scripts/check-bundle-size.mjs)");
  line("login page: JavaScript", login.js, budgets.loginJs);
  line("login page: CSS", login.css, budgets.loginCss);
  for (const chunk of lazy) line(`lazy ${chunk.name} (JS + CSS)`, chunk.js + chunk.css, budgets.lazyChunk);
  if (failures.length > 0) {
    console.error(`\nOver budget: ${failures.join(", ")}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
