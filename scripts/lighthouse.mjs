#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (desktop preset) on the login page, the home page and the classrooms
// list, logged in as the demo administrator, in Debian's Chromium. `-- --mobile`: Lighthouse's default
// phone (Moto G Power, slow 4G, 4× slower CPU, all simulated) on the student's login, home, Mi horario,
// notes and payments, and the administrator's home and classrooms list. `-- --all`: both.
// Builds the web app when stale and starts the demo server on a throwaway data folder (port LIGHTHOUSE_PORT,
// 3217 by default). Each page is measured RUNS times (3); the median of each category is
// printed, and the script fails (exit 1) when a median of performance, accessibility or best practices is
// below MIN_SCORE (95). Not part of `npm test` (a few minutes); see README.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import puppeteer from "puppeteer-core";
import { chromiumFlags, chromiumPath } from "./chromium.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3217);
const origin = `http://localhost:${port}`;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const MIN_SCORE = 95;
/** Each run's full report (JSON, open it at https://googlechrome.github.io/lighthouse/viewer/). */
const reportDir = path.join(root, ".tmp", "lighthouse");
const categories = ["performance", "accessibility", "best-practices"];
const accounts = {
  admin: { email: "admin@demo.edu.ve", password: "Admin123*" },
  student: { email: "estudiante1@demo.edu.ve", password: "Estudiante123*" },
};
const chromePath = chromiumPath;
const chromeFlags = chromiumFlags;

/**
 * The pages of each form factor, in the order they are measured in each run: `account` null is logged out,
 * else the demo account logged in first; "{student}" in a path is that account's student id.
 */
const suites = {
  desktop: [
    { name: "login", path: "/login", account: null },
    { name: "home", path: "/home", account: "admin" },
    { name: "classrooms", path: "/classrooms", account: "admin" },
  ],
  mobile: [
    { name: "login", path: "/login", account: null },
    { name: "student home", path: "/home", account: "student" },
    { name: "Mi horario", path: "/profile/schedule", account: "student" },
    { name: "notes", path: "/profile/{student}/historic", account: "student" },
    { name: "payments", path: "/profile/{student}/payments", account: "student" },
    { name: "admin home", path: "/home", account: "admin" },
    { name: "classrooms", path: "/classrooms", account: "admin" },
  ],
};
const argv = process.argv.slice(2);
/** `--only=home,notes`: just those pages (by name, spaces as dashes), for a quick look while working. */
const only = argv
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",");
const formFactors = argv.includes("--all")
  ? ["desktop", "mobile"]
  : argv.includes("--mobile")
    ? ["mobile"]
    : ["desktop"];

async function waitForServer(server) {
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Logs in through the form with "Recordarme" (the session then lives in localStorage, kept by Lighthouse);
 * returns the account's student id (null for staff).
 */
async function logIn(page, account) {
  await page.goto(`${origin}/login`, { waitUntil: "networkidle0" });
  await page.locator('input[type="email"]').fill(accounts[account].email);
  await page.locator('input[type="password"]').fill(accounts[account].password);
  await page.locator('input[type="checkbox"]').click();
  await Promise.all([
    page.waitForFunction(() => location.pathname === "/home"),
    page.locator('button[type="submit"]').click(),
  ]);
  return page.evaluate(
    () => JSON.parse(localStorage.getItem("aula.session") ?? "{}").user?.student?.id ?? null,
  );
}

async function logOut(page) {
  // A page of the origin that runs no app (a logged-in app keeps the notifications stream open, so the
  // network is never idle there).
  await page.goto(`${origin}/api/health`, { waitUntil: "load" });
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/** One Lighthouse navigation from a blank page; a trace that failed to record is retried once. */
async function audit(page, port, url, formFactor) {
  for (let attempt = 1; ; attempt++) {
    await page.goto("about:blank");
    const result = await lighthouse(
      url,
      { port, output: "json", logLevel: "error", onlyCategories: categories },
      // Lighthouse's default configuration is the phone.
      formFactor === "desktop" ? desktopConfig : undefined,
      page,
    );
    const error = result?.lhr.runtimeError;
    if (!error || attempt === 2) return result;
    console.log(`  ${url}: ${error.code}, measuring again`);
  }
}

/** The audits of a category that lost it points, with the first few elements or files each names. */
function printFailedAudits(lhr) {
  for (const c of categories) {
    const failed = Object.values(lhr.audits).filter(
      (a) =>
        lhr.categories[c]?.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) &&
        a.score !== null &&
        a.score < 0.9,
    );
    for (const a of failed) {
      console.log(`    ${c}: ${a.id} (${a.displayValue ?? a.score})`);
      const items = a.details?.items ?? [];
      for (const item of items.slice(0, 5)) {
        const where = item.node?.selector ?? item.url ?? item.description ?? item.source?.url;
        if (where)
          console.log(
            `      ${where}${item.node?.explanation ? ` — ${item.node.explanation.split("\n").join(" ")}` : ""}`,
          );
        for (const sub of item.subItems?.items?.slice(0, 3) ?? []) {
          console.log(`      ${sub.url ?? sub.text ?? JSON.stringify(sub).slice(0, 160)}`);
        }
      }
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "aula-lighthouse-"));
  const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs"), "--demo"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let serverErrors = "";
  server.stderr.on("data", (chunk) => {
    serverErrors += chunk;
  });
  server.once("exit", (code) => {
    if (code) process.stderr.write(serverErrors);
  });
  let chrome;
  let browser;
  try {
    await waitForServer(server);
    chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    let failed = false;
    const summary = [];
    for (const formFactor of formFactors) {
      const pages = suites[formFactor].filter((p) => !only || only.includes(p.name.replaceAll(" ", "-")));
      /** scores[page][category] = one score per run (0–100). */
      const scores = Object.fromEntries(
        pages.map((p) => [p.name, Object.fromEntries(categories.map((c) => [c, []]))]),
      );
      for (let run = 1; run <= RUNS; run++) {
        let account = null;
        let studentId = null;
        await logOut(page);
        for (const target of pages) {
          if (target.account !== account) {
            await logOut(page);
            if (target.account) studentId = await logIn(page, target.account);
            account = target.account;
          }
          const targetPath = target.path.replace("{student}", String(studentId));
          const result = await audit(page, chrome.port, `${origin}${targetPath}`, formFactor);
          const lhr = result?.lhr;
          const file = `${formFactor}-${target.name.replaceAll(" ", "-")}-${run}.json`;
          if (result?.report) {
            mkdirSync(reportDir, { recursive: true });
            writeFileSync(path.join(reportDir, file), String(result.report));
          }
          if (!lhr) throw new Error(`no Lighthouse result for ${targetPath}`);
          if (lhr.runtimeError) throw new Error(`${targetPath}: ${lhr.runtimeError.message}`);
          // A logged-in page that shows the login form would be measuring the wrong screen.
          if (target.account && !new URL(lhr.finalDisplayedUrl).pathname.startsWith(targetPath)) {
            throw new Error(`${targetPath} ended at ${lhr.finalDisplayedUrl}: the session was lost`);
          }
          const line = categories.map((c) => {
            const score = Math.round((lhr.categories[c]?.score ?? 0) * 100);
            scores[target.name][c].push(score);
            return `${c} ${score}`;
          });
          const metrics = ["first-contentful-paint", "largest-contentful-paint", "total-blocking-time"]
            .map(
              (id) =>
                `${id
                  .split("-")
                  .map((w) => w[0].toUpperCase())
                  .join("")} ${lhr.audits[id]?.displayValue ?? "?"}`,
            )
            .join(", ");
          console.log(
            `${formFactor} run ${run}/${RUNS} ${target.name.padEnd(12)} ${line.join(" · ")} (${metrics})`,
          );
          if (run === RUNS) printFailedAudits(lhr);
        }
      }
      summary.push(`\nMedian of ${RUNS} runs (${formFactor}), minimum ${MIN_SCORE}:`);
      for (const target of pages) {
        const medians = categories.map((c) => {
          const value = median(scores[target.name][c]);
          if (value < MIN_SCORE) failed = true;
          return `${value < MIN_SCORE ? "✗" : "✓"} ${c} ${value}`;
        });
        summary.push(`  ${target.name.padEnd(12)} ${medians.join("  ")}`);
      }
    }
    console.log(summary.join("\n"));
    process.exitCode = failed ? 1 : 0;
  } finally {
    await browser?.disconnect();
    await chrome?.kill();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
