import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { ensureFirstAdmin } from "./bootstrap/first-admin.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { ensureDemo, formatDemoAccounts } from "./db/seed/demo.js";
import { serveWebApp } from "./http/web-app.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main() {
  const demo = process.argv.includes("--demo");
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();

  const notices: string[] = [];
  if (demo) {
    const { seeded, accounts } = await ensureDemo(database.db);
    notices.push(seeded ? "Escuela de demostración creada. Cuentas:" : "Cuentas de demostración:");
    notices.push(...formatDemoAccounts(accounts).map((line) => `  ${line}`));
  }
  const admin = await ensureFirstAdmin(database.db, config);
  if (admin.created) {
    notices.push("Primer administrador creado (anote la contraseña, no se volverá a mostrar):");
    notices.push(`  ${admin.email} / ${admin.password}`);
  }

  const app = await buildApp({ config, db: database.db });
  await serveWebApp(app, path.join(root, "web", "dist"));
  app.addHook("onClose", () => database.close());

  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl
    ? "PostgreSQL (DATABASE_URL)"
    : `PGlite en ${path.join(config.dataDir, "pglite")}`;
  for (const line of notices) console.log(line);
  console.log(
    `Aula escuchando en http://localhost:${config.port} · base de datos: ${where}${demo ? " · demo" : ""}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
