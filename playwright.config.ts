import { defineConfig } from "@playwright/test";
import { server, serverCount, serverEnv } from "./e2e/servers";
import { chromiumFlags, journeyBrowserPath } from "./scripts/chromium.mjs";

const first = server(0);

/**
 * Browser journeys in Debian's Chromium against the built app, served by the real server on a fresh
 * demo database (the folder is wiped before each run). One server and one worker per E2E_SERVERS
 * (e2e/servers.ts): each worker's `baseURL` is its own server's (the `test` of e2e/support.ts). No
 * retries: a flaky journey is fixed, not retried.
 */
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // Room for a long journey on a busy machine (two workers and two servers on two cores); a check that
  // cannot pass still fails after its own 10 s.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: serverCount,
  retries: 0,
  reporter: [["list"]],
  globalSetup: "./e2e/global-setup.ts",
  use: {
    locale: "es-VE",
    timezoneId: "America/Caracas",
    // As someone who asked for less motion: no transitions to wait for or to paint frame by frame
    // (web/styles/guest.css, the theme's respectReducedMotion).
    reducedMotion: "reduce",
    screenshot: "only-on-failure",
    // A trace of each journey (kept when it fails) costs about a fifth more CPU: CI turns it off
    // (E2E_TRACE=off), a run on a developer's machine keeps it.
    trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure",
    launchOptions: {
      executablePath: journeyBrowserPath,
      args: [...chromiumFlags, "--disable-quic"],
    },
  },
  // The first worker's server; the others start their own (e2e/support.ts) while this one runs journeys.
  // Its start builds the web app when it is stale.
  webServer: {
    command: `rm -rf ${first.dataDir} && node scripts/start.mjs --demo`,
    url: `${first.url}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    // npm start forwards it to the server, which closes the database and lets go of the folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: serverEnv(first),
  },
});
