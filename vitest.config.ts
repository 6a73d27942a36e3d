import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

/** Server tests that must not share a worker's modules or databases (see the "server-process" project). */
const processTests = [
  "server/lifecycle/**/*.test.ts",
  "server/backup/**/*.test.ts",
  "server/cluster/**/*.test.ts",
  "server/config.test.ts",
  "server/jobs/jobs.test.ts",
  // File ages are the file system's time: this one runs at the machine's real time, not under CI's shifted clock.
  "server/jobs/orphan-files.test.ts",
];

/**
 * Of those, the ones that never read TEST_DATABASE_URL (no database, or only the embedded one's folder lock):
 * the PostgreSQL pass would run them exactly as the embedded pass did, so it does not repeat them.
 */
const databaseFreeTests = [
  "server/lifecycle/lock.test.ts",
  "server/lifecycle/logger.test.ts",
  "server/lifecycle/shutdown.test.ts",
  "server/config.test.ts",
];

export default defineConfig({
  test: {
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache) for the next run and for
    // CI's other Vitest runs, instead of transformed again by each. VITEST_FS_CACHE=0 turns it off;
    // `npx vitest --clearCache` empties it.
    experimental: { fsModuleCache: process.env.VITEST_FS_CACHE !== "0" },
    // `npm run coverage`: lines and branches per folder (scripts/coverage-by-folder.mjs reads the summary).
    coverage: {
      provider: "v8",
      include: ["server/**/*.ts", "common/**/*.ts", "web/**/*.{ts,tsx}"],
      exclude: ["**/*.test.{ts,tsx}", "**/test/**", "web/dist/**", "server/db/migrations/**"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: ".tmp/coverage",
    },
    projects: [
      {
        test: {
          name: "common",
          include: ["common/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        // API tests: files share their worker's modules and its migrated databases, emptied between
        // files (server/test/database-pool.ts) instead of opened and migrated anew for each.
        test: {
          name: "server",
          include: ["server/**/*.test.ts"],
          exclude: processTests,
          environment: "node",
          isolate: false,
          env: { AULA_TEST_DB_POOL: "1" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Tests that start processes, change the process's state or open databases of their own: each file
        // in a fresh module graph, every database its own.
        test: {
          name: "server-process",
          include: processTests,
          exclude: process.env.TEST_DATABASE_URL ? databaseFreeTests : [],
          environment: "node",
          // Each new embedded database (and each started server's) a copy of one made for the run.
          globalSetup: ["server/test/pglite-template.ts"],
          setupFiles: ["server/test/use-pglite-template.ts"],
          // Whole backups and server processes; in CI they share the cores with the journeys.
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: "web",
          include: ["web/**/*.test.{ts,tsx}"],
          // happy-dom: the same tests in less than half the CPU time of jsdom (measured: 126 s against 300 s).
          environment: "happy-dom",
          setupFiles: ["web/test/setup.ts"],
          css: false,
          // Room for the 30 s waits of web/test/setup.ts on a busy machine; no test is timed.
          testTimeout: 60_000,
          // A worker's files share its modules and its window: Mantine, the icons, the router and the pages
          // load once instead of once per file (half the CPU time of the suite). Each file leaves the window
          // and the app's stores as a fresh one would find them (web/test/setup.ts).
          isolate: false,
          // Two workers on two cores (Vitest's default leaves one core to its main process, which is idle here
          // once the files are transformed). A project with its own number of workers runs in its own group:
          // after the server's tests in a run of every project.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
