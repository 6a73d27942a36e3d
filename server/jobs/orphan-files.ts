// A file is stored before the row that points at it commits: a crash (or a lost database) in between leaves a
// file nothing refers to, and a crash during a folder write leaves its temporary file. This job removes both
// once they are an hour old, so that a file whose row is still on its way is never touched; and what a backup
// cut short by a crash left in the data and backup folders.
import { isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { sweepBackupLeftovers } from "../backup/leftovers.js";
import type { DbOrTx } from "../db/client.js";
import { documents, finalDeliveries, issuedDocuments, notifications, users } from "../db/schema/index.js";
import { picturePrefix } from "../modules/users/pictures.js";
import type { FileStorage } from "../storage/types.js";

export const orphanFilesJobName = "sweep-orphan-files";

/** How old a file with no row (or a temporary file) must be before it is removed. */
export const orphanFileGraceMs = 60 * 60_000;

/**
 * The folders of the storage whose files belong to rows. Files anywhere else are never removed: a prefix is
 * listed here only together with every column that refers to its files (`referencedKeys`).
 */
export const sweptPrefixes = [
  picturePrefix,
  "documents/",
  "document-requests/",
  "notifications/",
  "final-deliveries/",
];

/** Every storage key a row refers to. */
export async function referencedKeys(db: DbOrTx): Promise<Set<string>> {
  const keys = new Set<string>();
  const add = (values: (string | null)[], prefix = "") => {
    for (const v of values) if (v) keys.add(`${prefix}${v}`);
  };
  // users.profile_picture holds the file name, the others the whole key.
  const pictures = await db
    .select({ v: users.profilePicture })
    .from(users)
    .where(isNotNull(users.profilePicture));
  add(
    pictures.map((r) => r.v),
    picturePrefix,
  );
  const docs = await db.select({ file: documents.file, cover: documents.coverPicture }).from(documents);
  add(docs.flatMap((r) => [r.file, r.cover]));
  add((await db.select({ v: issuedDocuments.storageKey }).from(issuedDocuments)).map((r) => r.v));
  add(
    (
      await db
        .select({ v: notifications.attachment })
        .from(notifications)
        .where(isNotNull(notifications.attachment))
    ).map((r) => r.v),
  );
  add(
    (
      await db
        .select({ v: finalDeliveries.scheduledContentResource })
        .from(finalDeliveries)
        .where(isNotNull(finalDeliveries.scheduledContentResource))
    ).map((r) => r.v),
  );
  return keys;
}

export type OrphanSweep = { orphans: string[]; temporary: number };

/**
 * Removes the stored files no row refers to and the temporary files of interrupted writes, when they were
 * written more than `orphanFileGraceMs` before `now` (file ages are real time: `now` is the machine's clock
 * unless a test moves it).
 */
export async function sweepOrphanFiles(opts: {
  db: DbOrTx;
  storage: FileStorage;
  now?: Date;
}): Promise<OrphanSweep> {
  const before = new Date((opts.now ?? new Date()).getTime() - orphanFileGraceMs);
  // Read first: a row committed after this read points at a file written after `before` (within the grace).
  const referenced = await referencedKeys(opts.db);
  const orphans: string[] = [];
  for (const prefix of sweptPrefixes) {
    for await (const file of opts.storage.list(prefix)) {
      if (file.createdAt < before && !referenced.has(file.key)) orphans.push(file.key);
    }
  }
  for (const key of orphans) await opts.storage.delete(key);
  const temporary = (await opts.storage.sweepTemporary?.(before)) ?? 0;
  return { orphans, temporary };
}

/** Schedules the sweep every hour (once across all servers). */
export const orphanFilesJobPlugin = fp(
  async (app: FastifyInstance) => {
    app.jobs.every(orphanFilesJobName, orphanFileGraceMs, async () => {
      const swept = await sweepOrphanFiles({ db: app.db, storage: app.storage });
      // A backup cut short by a crash leaves its snapshot and partial archive (none while one runs here).
      const backups =
        app.hasDecorator("backups") && !app.backups.running
          ? await sweepBackupLeftovers({
              dataDir: app.config.dataDir,
              backupDir: app.config.backupDir,
              before: new Date(Date.now() - orphanFileGraceMs),
            })
          : [];
      if (swept.orphans.length > 0 || swept.temporary > 0 || backups.length > 0)
        app.log.info(
          { orphans: swept.orphans.length, temporary: swept.temporary, backupLeftovers: backups.length },
          "orphan files removed",
        );
    });
  },
  { name: "orphan-files-job", dependencies: ["jobs", "storage"] },
);
