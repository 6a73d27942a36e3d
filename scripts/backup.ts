// Writes one backup archive of the school (database and files) while the server keeps serving:
//   npm run backup                 → a new archive in BACKUP_DIR (DATA_DIR/backups), keeping BACKUP_KEEP
//   npm run backup -- --out FILE   → that file instead
// PostgreSQL (DATABASE_URL): read directly, in one consistent snapshot. Embedded database: when a server
// runs on DATA_DIR it holds the database, so it is asked to write the archive (a local call signed with the
// server's JWT secret); otherwise the folder is opened here.
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { SignJWT } from "jose";
import { BackupError, messages } from "../server/backup/format.js";
import { verifyArchive } from "../server/backup/restore.js";
import { localBackupAudience, localBackupPath } from "../server/backup/routes.js";
import { createBackup, newArchivePath, pruneBackups } from "../server/backup/service.js";
import { loadConfig } from "../server/config.js";
import { openDatabase } from "../server/db/client.js";
import { acquireDataDirLock, DataDirLockedError, type LockInfo } from "../server/lifecycle/lock.js";
import { privateUmask } from "../server/lifecycle/permissions.js";
import { createStorage } from "../server/storage/index.js";

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Asks the server holding the data folder for the archive and writes it (temporary name, then renamed). */
async function fromRunningServer(holder: LockInfo, secret: string, target: string): Promise<void> {
  if (!holder.port)
    throw new BackupError(
      "server_unreachable",
      `El proceso ${holder.pid} (${holder.purpose}) usa la carpeta de datos y no es un servidor: espere a que termine.`,
    );
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(localBackupAudience)
    .setIssuedAt()
    .setExpirationTime("2m")
    .sign(new TextEncoder().encode(secret));
  const url = `http://127.0.0.1:${holder.port}${localBackupPath}`;
  const res = await fetch(url, { method: "POST", headers: { authorization: `Bearer ${token}` } }).catch(
    (err) => {
      throw new BackupError(
        "server_unreachable",
        `No se pudo contactar al servidor en ${url} (${(err as Error).message}).`,
      );
    },
  );
  if (!res.ok || !res.body) {
    throw new BackupError(
      "server_unreachable",
      `El servidor en ${url} rechazó la copia (HTTP ${res.status}). ¿Usa el mismo JWT_SECRET?`,
    );
  }
  const dir = path.dirname(target);
  const temp = path.join(dir, `.${path.basename(target)}.${randomBytes(6).toString("hex")}.partial`);
  try {
    await pipeline(
      Readable.fromWeb(res.body as never),
      createWriteStream(temp, { flags: "wx", mode: 0o600 }),
    );
    await verifyArchive(temp);
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOSPC" || code === "EDQUOT")
      throw new BackupError("disk_full", messages.diskFull(dir), { cause: err });
    throw err;
  }
}

async function main() {
  process.umask(privateUmask);
  const config = loadConfig();
  const outArg = process.argv.indexOf("--out");
  const out = outArg > 0 ? path.resolve(process.argv[outArg + 1] ?? "") : undefined;
  const target = out ?? (await newArchivePath(config.backupDir));
  const started = Date.now();

  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: null });
    const storage = createStorage({ config, db: database.db, kind: "postgres" });
    try {
      await createBackup({ db: database.db, config, storage }, { target });
    } finally {
      await storage.close?.();
      await database.close();
    }
  } else {
    let lock: ReturnType<typeof acquireDataDirLock> | undefined;
    try {
      lock = acquireDataDirLock(config.dataDir, { purpose: "npm run backup" });
    } catch (err) {
      if (!(err instanceof DataDirLockedError) || !err.holder) throw err;
      process.stderr.write(`Servidor en marcha (proceso ${err.holder.pid}): se le pide la copia.\n`);
      await fromRunningServer(err.holder, config.jwtSecret, target);
    }
    if (lock) {
      try {
        const database = await openDatabase({ databaseUrl: undefined, dataDir: config.dataDir });
        const storage = createStorage({ config, db: database.db, kind: "pglite" });
        try {
          await createBackup({ db: database.db, config, storage }, { target });
        } finally {
          await storage.close?.();
          await database.close();
        }
      } finally {
        lock.release();
      }
    }
  }
  if (!out) await pruneBackups(config.backupDir, config.backupKeep);
  const size = (await stat(target)).size;
  console.log(
    `Copia de seguridad escrita: ${target} (${formatSize(size)}, ${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
}

main().catch((err: unknown) => {
  if (err instanceof BackupError || err instanceof DataDirLockedError) {
    process.stderr.write(`\n${err.message}\n\n`);
    process.exit(2);
  }
  console.error(err);
  process.exit(1);
});
