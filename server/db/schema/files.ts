import { bigint, customType, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Files kept in the database itself (server/storage/database.ts, used on PostgreSQL unless STORAGE_URL
 * names an object store): one row per file, its bytes in `stored_file_chunks` (256 kB each, numbered
 * from 0). A file and its chunks are written in one transaction, so a file is whole or absent.
 */
export const storedFiles = pgTable("stored_files", {
  id: bigint({ mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
  key: text().notNull().unique(),
  size: bigint({ mode: "number" }).notNull(),
  contentType: text().notNull(),
  sha256: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const storedFileChunks = pgTable(
  "stored_file_chunks",
  {
    fileId: bigint({ mode: "number" })
      .notNull()
      .references(() => storedFiles.id, { onDelete: "cascade" }),
    n: integer().notNull(),
    data: bytea().notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.n] })],
);
