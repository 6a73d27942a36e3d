import path from "node:path";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.js";
import { banner, demoAccountsNotice } from "./bootstrap/banner.js";
import { ensureFirstAdmin } from "./bootstrap/first-admin.js";
import { assertPortAvailable, isPortRefusal, PortUnavailableError } from "./bootstrap/port.js";
import { systemClock } from "./clock.js";
import { loadConfig } from "./config.js";
import { type Database, openDatabase } from "./db/client.js";
import { ensureDemo, NotADemoSchoolError } from "./db/seed/demo.js";
import { serveWebApp } from "./http/web-app.js";
import { acquireDataDirLock, type DataDirLock, DataDirLockedError } from "./lifecycle/lock.js";
import { resolveLogFormat } from "./lifecycle/logger.js";
import { privateUmask, tightenPermissions } from "./lifecycle/permissions.js";
import { handleShutdown } from "./lifecycle/shutdown.js";
import { issueDemoDocuments } from "./modules/document-requests/demo.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Exit code of a refused start (folder in use, not a demo database): distinct from a crash (1). */
const refusedExitCode = 2;

/** A start refused on purpose: its message is for the person who ran the command. */
class RefusedStart extends Error {}

/** What the person ran, to run again with another PORT. */
const command = (demo: boolean) => (demo ? "npm run demo" : "npm start");

async function main() {
  // Everything the server creates (database files, outbox, uploads, secrets, the lock) is private.
  process.umask(privateUmask);
  const demo = process.argv.includes("--demo");
  const config = loadConfig(process.env, { demo });
  const clock = systemClock(config.timeZone);
  const format = resolveLogFormat(config);
  // People read these lines; in JSON mode they go to stderr so stdout stays one JSON object per line.
  const say = (text: string) => (format === "pretty" ? process.stdout : process.stderr).write(`${text}\n`);

  let lock: DataDirLock | undefined;
  let database: Database | undefined;
  let app: FastifyInstance | undefined;
  handleShutdown({
    log: (message, err) => (app ? app.log.info({ err }, message) : console.error(message, err ?? "")),
    stop: async () => {
      // Stops the timed jobs (waiting for running ones), stops accepting, waits for requests in flight,
      // then runs the onClose hooks (session announcements, mailer, database).
      if (app) await app.close();
      else await database?.close();
      lock?.release();
    },
  });

  // A taken port is found before anything is locked, migrated or seeded: the start changes nothing.
  await assertPortAvailable(config.port, config.host, command(demo));

  if (!config.databaseUrl) {
    // One server per data folder (the embedded database cannot be shared); several servers may share
    // a PostgreSQL database, so there is no lock then.
    lock = acquireDataDirLock(config.dataDir, {
      purpose: demo ? "npm run demo" : "server",
      port: config.port,
    });
    tightenPermissions(config.dataDir);
    // The embedded database is PostgreSQL compiled to WebAssembly. V8 first runs WebAssembly through its
    // quick baseline compiler (Liftoff) and recompiles hot functions while the server works, which stalled
    // queries for 4–8 ms every 15 or so and left them 2–3 times slower meanwhile. Compiled once, optimized,
    // when the database opens (about a second more at start, no more memory), every query is fast at once.
    // Set before the module is compiled; it changes WebAssembly compilation only.
    v8.setFlagsFromString("--no-liftoff");
  }
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();

  const notices: string[][] = [];
  let created = false;
  if (demo) {
    const { seeded, accounts } = await ensureDemo(database.db, clock).catch(async (err: unknown) => {
      if (!(err instanceof NotADemoSchoolError)) throw err;
      await database?.close();
      lock?.release();
      const where = config.databaseUrl ? "la base de datos de DATABASE_URL" : `la carpeta ${config.dataDir}`;
      throw new RefusedStart(`${err.message}\nSe abrió ${where}.`);
    });
    created = seeded;
    notices.push(demoAccountsNotice(accounts, seeded));
  }
  const admin = await ensureFirstAdmin(database.db, config);
  // Seeding leaves PGlite's heap at its peak: reopen so a fresh demo idles like a restarted one.
  if (database.reopen && (created || admin.created)) database.db = await database.reopen();
  if (admin.created) {
    notices.push([
      "Primer administrador creado. Anote la contraseña: no se volverá a mostrar.",
      "",
      `  Correo electrónico: ${admin.email}`,
      `  Contraseña:         ${admin.password}`,
    ]);
  }

  app = await buildApp({ config, db: database.db, clock });
  // The demo's certificates need the file storage: issued once, right after seeding.
  if (created) await issueDemoDocuments({ db: app.db, storage: app.storage, config, clock: app.clock });
  await serveWebApp(app, path.join(root, "web", "dist"));
  const db = database;
  app.addHook("onClose", () => db.close());

  // Taken since the check (another program started meanwhile): the same message, not a stack.
  await app.listen({ port: config.port, host: config.host }).catch((err: unknown) => {
    throw isPortRefusal(err) ? new PortUnavailableError(config.port, err.code ?? "", command(demo)) : err;
  });
  // Timed jobs: on PostgreSQL each period runs once across every server sharing the database.
  await app.jobs.start();
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // PORT=0 picks a free port: e-mailed links follow it unless APP_URL says otherwise.
  if (!process.env.APP_URL) config.appUrl = `http://localhost:${port}`;
  const where = config.databaseUrl
    ? "PostgreSQL (DATABASE_URL)"
    : `PGlite en ${path.join(config.dataDir, "pglite")}`;
  for (const lines of notices) say(banner(lines));
  say(`Aula escuchando en http://localhost:${port} · base de datos: ${where}${demo ? " · demo" : ""}`);
}

main().catch((err: unknown) => {
  if (
    err instanceof DataDirLockedError ||
    err instanceof RefusedStart ||
    err instanceof PortUnavailableError
  ) {
    process.stderr.write(`\n${banner(err.message.split("\n"))}\n\n`);
    process.exit(refusedExitCode);
  }
  console.error(err);
  process.exit(1);
});
