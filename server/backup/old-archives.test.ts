// Archives written before the backup thread and its writer (tar-gzip.ts) existed: one tar-stream pack in a
// single gzip stream at level 6. The restore still reads them. Also: a database no thread can open (in
// memory) is still archived, in the server's thread; a failure inside the backup thread comes back as the
// same Spanish message as before.
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client.js";
import { BackupError } from "./format.js";
import { restoreBackup, verifyArchive } from "./restore.js";
import { createBackup } from "./service.js";
import {
  fileSums,
  newConfig,
  newSchool,
  onPostgres,
  openSchool,
  rowCounts,
  runnerOf,
  type School,
} from "./test-support.js";

let school: School;
let archive: string;

beforeAll(async () => {
  school = await newSchool();
  await runnerOf(school.database).query(
    "insert into users (type, name, email, password_hash) values (5, 'Admin', 'viejo@colegio.test', 'x')",
  );
  await school.storage.put("profile-pictures/1.webp", randomBytes(3000), { contentType: "image/webp" });
  await school.storage.put("library/scan.pdf", randomBytes(300 * 1024), { contentType: "application/pdf" });
  await school.storage.put("library/notes.txt", Buffer.from("apuntes de clase\n".repeat(20_000)), {
    contentType: "text/plain",
  });
  await school.storage.put("receipts/empty.txt", Buffer.alloc(0), { contentType: "text/plain" });
  archive = (await createBackup({ db: school.database.db, config: school.config, storage: school.storage }))
    .file;
}, 120_000);

afterAll(async () => {
  await school?.close();
});

/** The same entries, written as the writer before tar-gzip.ts wrote them. */
async function asOldWriterWroteIt(from: string, to: string): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(createReadStream(from), createGunzip(), extract);
  const pack = tar.pack();
  const writing = pipeline(pack, createGzip({ level: 6 }), createWriteStream(to));
  for await (const entry of extract) {
    const { name, size, pax } = entry.header;
    const parts: Buffer[] = [];
    for await (const part of entry as unknown as Readable) parts.push(part as Buffer);
    const { path: _path, ...records } = (pax ?? {}) as Record<string, string>;
    await new Promise<void>((resolve, reject) =>
      pack.entry(pax ? { name, size, pax: records } : { name, size }, Buffer.concat(parts), (err) =>
        err ? reject(err) : resolve(),
      ),
    );
  }
  pack.finalize();
  await Promise.all([reading, writing]);
}

describe(`archives of the previous writer (${onPostgres ? "PostgreSQL" : "embedded"})`, () => {
  it("restores one written as a single gzip stream by tar-stream, with every row and file", async () => {
    expect((await verifyArchive(archive)).files).toHaveLength(4);
    const old = path.join(school.config.dataDir, "old-writer.tar.gz");
    await asOldWriterWroteIt(archive, old);
    const manifest = await verifyArchive(old);
    expect(manifest.files).toHaveLength(4);
    const { config, cleanup } = await newConfig();
    await restoreBackup({ file: old, config });
    const restored = await openSchool(config, cleanup);
    try {
      expect(await rowCounts(runnerOf(restored.database))).toEqual(
        await rowCounts(runnerOf(school.database)),
      );
      expect(await fileSums(restored.storage)).toEqual(await fileSums(school.storage));
    } finally {
      await restored.close();
    }
  }, 120_000);
});

describe.skipIf(onPostgres)("an in-memory embedded database (nothing a thread could open)", () => {
  it("is archived in the server's own thread, and restores", async () => {
    const memory = await openDatabase({ dataDir: null });
    const { config, cleanup } = await newConfig();
    try {
      await memory.migrate();
      await runnerOf(memory).query(
        "insert into users (type, name, email, password_hash) values (5, 'Admin', 'memoria@colegio.test', 'x')",
      );
      const file = path.join(school.config.dataDir, "memory.tar.gz");
      const { manifest } = await createBackup({ db: memory.db, config: school.config }, { target: file });
      expect(manifest.tables.users).toBe(1);
      await restoreBackup({ file, config });
      const restored = await openSchool(config);
      try {
        expect(await rowCounts(runnerOf(restored.database))).toEqual(await rowCounts(runnerOf(memory)));
      } finally {
        await restored.close();
      }
    } finally {
      await memory.close();
      await cleanup();
    }
  }, 120_000);
});

describe("a failure in the backup thread", () => {
  it("comes back as the Spanish message of a write that failed", async () => {
    const missing = path.join(school.config.dataDir, "no-such-folder", "copia.tar.gz");
    const err = await createBackup(
      { db: school.database.db, config: school.config, storage: school.storage },
      { target: missing },
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BackupError);
    expect((err as BackupError).code).toBe("write_failed");
    expect((err as BackupError).message).toMatch(/No se pudo escribir la copia de seguridad.*ENOENT/);
  }, 60_000);
});
