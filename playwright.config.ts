import { defineConfig } from "@playwright/test";
import { chromiumFlags, chromiumPath } from "./scripts/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? ".tmp/e2e-data";

/**
 * Browser journeys in Debian's Chromium against the built app, served by the real server on a fresh
 * demo database (the folder is wiped before each run).
 */
export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "es-VE",
    timezoneId: "America/Caracas",
    screenshot: "only-on-failure",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [...chromiumFlags, "--disable-quic"],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node scripts/start.mjs --demo`,
    url: `http://localhost:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    // npm start forwards it to the server, which closes the database and lets go of the folder.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: { PORT: String(port), DATA_DIR: dataDir, NODE_ENV: "production", LOG_LEVEL: "warn" },
  },
});
