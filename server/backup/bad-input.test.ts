// Every way a backup or a restore can go wrong ends with a clear Spanish message and the previous state
// intact: a cut or foreign archive, one from a newer version, a target that already has data, a server
// running on the folder, a disk that fills up while writing. Also: --replace, and an older archive that is
// migrated forward.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Transform } from "node:stream";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../auth/password.js";
import { lockFileName } from "../lifecycle/lock.js";
import { BackupError } from "./format.js";
import { applyMigrations, appMigrations } from "./migrations.js";
import { restoreBackup } from "./restore.js";
import { createBackup, listBackups } from "./service.js";
import {
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
const cleanups: (() => Promise<void>)[] = [];

async function addUser(s: School, email: string) {
  await runnerOf(s.database).query(
    "insert into users (type, name, email, password_hash, email_confirmed_at) values (5, 'Admin', $1, $2, now())",
    [email, await hashPassword("Secreta123*")],
  );
}

/** A fresh target; its users' e-mails (empty list when it has no database yet). */
async function target() {
  const t = await newConfig();
  cleanups.push(t.cleanup);
  return t.config;
}

async function emailsIn(config: School["config"]): Promise<string[]> {
  const s = await openSchool(config);
  try {
    const { rows } = await runnerOf(s.database).query<{ email: string }>(
      "select email from users order by email",
    );
    return rows.map((r) => r.email);
  } finally {
    await s.close();
  }
}

async function expectRefused(promise: Promise<unknown>, code: BackupError["code"], text: RegExp) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BackupError);
  expect((err as BackupError).code).toBe(code);
  expect((err as BackupError).message).toMatch(text);
}

beforeAll(async () => {
  school = await newSchool();
  await addUser(school, "origen@colegio.test");
  await school.storage.put("docs/a.txt", Buffer.from("hola"), { contentType: "text/plain" });
  archive = (await createBackup({ db: school.database.db, config: school.config, storage: school.storage }))
    .file;
}, 60_000);

afterAll(async () => {
  await school?.close();
  for (const c of cleanups) await c();
});

describe(`bad archives (${onPostgres ? "PostgreSQL" : "embedded"})`, () => {
  it("refuses a truncated archive and leaves the empty target empty", async () => {
    const cut = path.join(school.config.dataDir, "cut.tar.gz");
    const bytes = readFileSync(archive);
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const config = await target();
    await expectRefused(restoreBackup({ file: cut, config }), "archive_truncated", /incompleta o dañada/);
    expect(await emailsIn(config)).toEqual([]);
  });

  it("refuses an archive whose manifest is missing (cut exactly between entries)", async () => {
    // A well-formed tar.gz holding the header and rows but no manifest: without the manifest check it loads.
    const { readArchiveHeader } = await import("./restore.js");
    const header = await readArchiveHeader(archive);
    const file = path.join(school.config.dataDir, "no-manifest.tar.gz");
    const pack = tar.pack();
    pack.entry({ name: "aula-backup.json" }, JSON.stringify(header));
    pack.finalize();
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve) =>
      pack
        .pipe(createGzip())
        .on("data", (c) => chunks.push(c))
        .on("end", resolve),
    );
    writeFileSync(file, Buffer.concat(chunks));
    const config = await target();
    await expectRefused(restoreBackup({ file, config }), "archive_truncated", /incompleta/);
    expect(await emailsIn(config)).toEqual([]);
  });

  it("refuses a file that is not an Aula backup", async () => {
    const file = path.join(school.config.dataDir, "foreign.tar.gz");
    writeFileSync(file, randomBytes(5000));
    const config = await target();
    await expectRefused(
      restoreBackup({ file, config }),
      "archive_foreign",
      /no es una copia de seguridad de Aula/,
    );
    expect(await emailsIn(config)).toEqual([]);
  });

  it("refuses an archive of a newer version (migrations this one does not have)", async () => {
    const newer = await newSchool();
    cleanups.push(() => newer.close());
    await addUser(newer, "futuro@colegio.test");
    await runnerOf(newer.database).query(
      "insert into drizzle.__drizzle_migrations (hash, created_at) values ('abc', 4102444800000)",
    );
    const file = (await createBackup({ db: newer.database.db, config: newer.config, storage: newer.storage }))
      .file;
    const config = await target();
    await expectRefused(restoreBackup({ file, config }), "archive_newer", /versión más reciente/);
    expect(await emailsIn(config)).toEqual([]);
  });
});

describe(`restore targets (${onPostgres ? "PostgreSQL" : "embedded"})`, () => {
  it("refuses a target that already has data, and --replace replaces everything", async () => {
    const config = await target();
    const other = await openSchool(config);
    await addUser(other, "otro@colegio.test");
    await other.storage.put("docs/otro.txt", Buffer.from("otro"), { contentType: "text/plain" });
    await other.close();

    await expectRefused(
      restoreBackup({ file: archive, config }),
      "target_not_empty",
      /ya tiene datos.*--replace/,
    );
    expect(await emailsIn(config)).toEqual(["otro@colegio.test"]);

    await restoreBackup({ file: archive, config, replace: true });
    const after = await openSchool(config);
    try {
      expect(await rowCounts(runnerOf(after.database))).toEqual(await rowCounts(runnerOf(school.database)));
      const keys: string[] = [];
      for await (const f of after.storage.list()) keys.push(f.key);
      expect(keys).toEqual(["docs/a.txt"]);
    } finally {
      await after.close();
    }
    expect(await emailsIn(config)).toEqual(["origen@colegio.test"]);
  });

  it("a failed --replace keeps the previous data", async () => {
    const config = await target();
    const other = await openSchool(config);
    await addUser(other, "sigue@colegio.test");
    await other.close();
    const cut = path.join(school.config.dataDir, "cut2.tar.gz");
    const bytes = readFileSync(archive);
    writeFileSync(cut, bytes.subarray(0, bytes.length - 40));
    await expectRefused(
      restoreBackup({ file: cut, config, replace: true }),
      "archive_truncated",
      /incompleta/,
    );
    expect(await emailsIn(config)).toEqual(["sigue@colegio.test"]);
  });

  it.skipIf(onPostgres)("refuses while a server runs on the data folder", async () => {
    const config = await target();
    // The parent process (the test runner) stands in for a server holding the folder.
    writeFileSync(
      path.join(config.dataDir, lockFileName),
      JSON.stringify({
        pid: process.ppid,
        hostname: os.hostname(),
        startedAt: new Date().toISOString(),
        port: 3000,
        purpose: "server",
        token: "held",
      }),
    );
    const err = await restoreBackup({ file: archive, config }).catch((e: Error) => e);
    expect((err as Error).name).toBe("DataDirLockedError");
    expect((err as Error).message).toMatch(/ya está en uso/);
    expect(readdirSync(config.dataDir).filter((n) => n.includes("pglite"))).toEqual([]);
  });

  it("restores an archive of an older version at its level, then migrates it forward", async () => {
    const { config, cleanup } = await newConfig();
    cleanups.push(cleanup);
    const { openDatabase } = await import("../db/client.js");
    const { createStorage } = await import("../storage/index.js");
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    const all = appMigrations();
    const previous = all.at(-2)!;
    // The older version: every migration but the newest.
    await applyMigrations(runnerOf(database), previous.when);
    const old: School = {
      config,
      database,
      storage: createStorage({ config, db: database.db, kind: database.kind }),
      close: async () => database.close(),
    };
    await addUser(old, "antiguo@colegio.test");
    const file = (await createBackup({ db: database.db, config, storage: old.storage })).file;
    await old.close();

    const into = await target();
    const result = await restoreBackup({ file, config: into });
    expect(result.manifest.migrations.map((m) => m.tag)).toEqual(all.slice(0, -1).map((m) => m.tag));
    expect(result.migratedForward).toEqual([all.at(-1)!.tag]);
    const after = await openSchool(into);
    try {
      const { rows } = await runnerOf(after.database).query<{ n: string }>(
        "select count(*)::text as n from drizzle.__drizzle_migrations",
      );
      expect(Number(rows[0]!.n)).toBe(all.length);
    } finally {
      await after.close();
    }
    expect(await emailsIn(into)).toEqual(["antiguo@colegio.test"]);
  });
});

describe("a full disk while backing up", () => {
  it("deletes the partial archive, keeps the previous ones and says so in Spanish", async () => {
    const before = await listBackups(school.config.backupDir);
    // The file system answers ENOSPC after a few kilobytes, as a full disk does.
    let written = 0;
    const fullDisk = (file: NodeJS.WritableStream) => {
      const t = new Transform({
        transform(chunk: Buffer, _enc, done) {
          written += chunk.length;
          if (written > 2048) {
            done(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
            return;
          }
          done(null, chunk);
        },
      });
      t.pipe(file);
      return t;
    };
    await expectRefused(
      createBackup(
        { db: school.database.db, config: school.config, storage: school.storage },
        { wrap: fullDisk as never },
      ),
      "disk_full",
      /No queda espacio en el disco.*Se borró la copia incompleta/,
    );
    expect(readdirSync(school.config.backupDir).filter((n) => n.startsWith("."))).toEqual([]);
    expect(await listBackups(school.config.backupDir)).toEqual(before);
  });
});
