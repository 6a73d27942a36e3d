// Restores a backup archive (npm run backup) into an empty database or data folder:
//   npm run restore -- FILE              → refused when the target already has data
//   npm run restore -- FILE --replace    → replaces everything there (one transaction on PostgreSQL; on the
//                                          embedded database a new folder swapped in when complete)
// The target is DATABASE_URL, else DATA_DIR's embedded database (refused while a server runs on it).
// An archive of an older version is restored at its level and migrated forward.
import { existsSync } from "node:fs";
import path from "node:path";
import { BackupError } from "../server/backup/format.js";
import { restoreBackup } from "../server/backup/restore.js";
import { loadConfig } from "../server/config.js";
import { DataDirLockedError } from "../server/lifecycle/lock.js";
import { createStorage } from "../server/storage/index.js";

async function main() {
  const args = process.argv.slice(2);
  const replace = args.includes("--replace");
  const file = args.find((a) => !a.startsWith("--"));
  if (!file) {
    process.stderr.write("Uso: npm run restore -- ARCHIVO [--replace]\n");
    process.exit(2);
  }
  const archive = path.resolve(file);
  if (!existsSync(archive)) throw new BackupError("archive_foreign", `No existe el archivo ${archive}.`);
  const config = loadConfig();
  // Files go to the object store when STORAGE_URL names one (the database and folder drivers are handled inside).
  const storage = config.storageUrl
    ? createStorage({ config, db: undefined as never, kind: config.databaseUrl ? "postgres" : "pglite" })
    : undefined;
  try {
    const result = await restoreBackup({ file: archive, config, replace, storage });
    const where = config.databaseUrl ? "la base de datos de DATABASE_URL" : `la carpeta ${config.dataDir}`;
    const rows = Object.values(result.manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Copia restaurada en ${where}: ${rows} filas, ${result.manifest.files.length} archivos` +
        ` (Aula ${result.manifest.appVersion}, ${result.manifest.createdAt}).`,
    );
    if (result.migratedForward.length)
      console.log(`Migraciones aplicadas después: ${result.migratedForward.join(", ")}.`);
  } finally {
    await storage?.close?.();
  }
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof DataDirLockedError) {
    process.stderr.write(`\n${err.message}\n\n`);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
