import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.js";
import { loadConfig } from "./config.js";
import { openDatabase } from "./db/client.js";
import { serveWebApp } from "./http/web-app.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main() {
  const demo = process.argv.includes("--demo");
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();

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
  console.log(
    `Aula escuchando en http://localhost:${config.port} · base de datos: ${where}${demo ? " · demo" : ""}`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
