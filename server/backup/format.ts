// The backup archive: a gzip-compressed tar, written and read as a stream.
//   aula-backup.json          first: what this is (format, app version, database kind, applied migrations)
//   db/<table>/<n>.ndjson     each table's rows, one JSON object per line (row_to_json), in pages of rows
//   db/sequences.json         every sequence's position
//   files/<key>               each stored file, its type, checksum and date in the entry's pax header
//   manifest.json             last: the header again, every table's row count and every file's sha256
// Rows are logical (JSON), so an archive of the embedded database restores into PostgreSQL and back.
// Files are always archived as files (never also as the rows of the database storage's tables).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

export const archiveFormat = "aula-backup";
export const archiveFormatVersion = 1;
export const headerEntry = "aula-backup.json";
export const manifestEntry = "manifest.json";
export const sequencesEntry = "db/sequences.json";
export const archiveExtension = ".tar.gz";

/** Tables that hold the database storage's files: archived as `files/…` entries instead of rows. */
export const fileTables = new Set(["stored_files", "stored_file_chunks"]);

const migrationRef = z.object({ tag: z.string(), when: z.number(), hash: z.string() });

export const archiveHeaderSchema = z.object({
  format: z.literal(archiveFormat),
  formatVersion: z.number().int(),
  appVersion: z.string(),
  createdAt: z.string(),
  databaseKind: z.enum(["pglite", "postgres"]),
  /** Applied migrations this app knows (all of them: an archive naming unknown ones is refused on backup). */
  migrations: z.array(migrationRef),
  /** Applied migrations the app that wrote the archive had and this one may not (a newer version). */
  unknownMigrations: z.array(z.object({ when: z.number(), hash: z.string() })).default([]),
});
export type ArchiveHeader = z.infer<typeof archiveHeaderSchema>;

export const archivedFileSchema = z.object({
  key: z.string(),
  size: z.number(),
  contentType: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
});
export type ArchivedFile = z.infer<typeof archivedFileSchema>;

export const manifestSchema = archiveHeaderSchema.extend({
  tables: z.record(z.string(), z.number().int()),
  files: z.array(archivedFileSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

let version: string | undefined;
/** The app's version (package.json). */
export function appVersion(): string {
  if (!version) {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
    version = (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { version: string })
      .version;
  }
  return version;
}

/**
 * A refused or failed backup or restore; `message` is Spanish and meant for the person who ran it,
 * `code` tells the cases apart (the API and tests use it).
 */
export class BackupError extends Error {
  constructor(
    readonly code:
      | "archive_foreign"
      | "archive_truncated"
      | "archive_newer"
      | "archive_corrupt"
      | "target_not_empty"
      | "disk_full"
      | "write_failed"
      | "backup_in_progress"
      | "server_unreachable"
      | "restore_not_permitted",
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "BackupError";
  }
}

export const messages = {
  foreign: (file: string) =>
    `El archivo ${file} no es una copia de seguridad de Aula (o no se puede leer). No se modificó nada.`,
  truncated: (file: string) =>
    `La copia de seguridad ${file} está incompleta o dañada (el archivo termina antes de tiempo). No se modificó nada.`,
  corrupt: (file: string, what: string) =>
    `La copia de seguridad ${file} está dañada: ${what}. No se modificó nada.`,
  newer: (file: string, version: string) =>
    `La copia de seguridad ${file} es de una versión más reciente de Aula (${version}) que esta (${appVersion()}): ` +
    "actualice Aula antes de restaurarla. No se modificó nada.",
  notEmpty: (where: string) =>
    `${where} ya tiene datos. Para reemplazarlos por completo con la copia, repita la orden con --replace. No se modificó nada.`,
  diskFull: (dir: string) =>
    `No queda espacio en el disco para la copia de seguridad en ${dir}. Se borró la copia incompleta; las anteriores siguen intactas.`,
  writeFailed: (dir: string, reason: string) =>
    `No se pudo escribir la copia de seguridad en ${dir} (${reason}). Se borró la copia incompleta; las anteriores siguen intactas.`,
  inProgress: "Ya se está creando una copia de seguridad; espere a que termine.",
  notPermitted:
    "El usuario de la base de datos no puede cargar filas con los disparadores desactivados " +
    "(session_replication_role). Restaure con un superusuario o conceda el permiso: " +
    "GRANT SET ON PARAMETER session_replication_role TO <usuario>. No se modificó nada.",
};
