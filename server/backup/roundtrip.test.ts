// The demo school survives a backup and a restore into a fresh folder (or PostgreSQL database): every
// table's row count, every file's checksum and a login of each demo account match.

import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { type DemoAccounts, seedDemo } from "../db/seed/demo.js";
import { testClock } from "../test/context.js";
import { appMigrations } from "./migrations.js";
import { restoreBackup } from "./restore.js";
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
let accounts: DemoAccounts;
let archive: string;
let counts: Record<string, number>;
let sums: Record<string, string>;

beforeAll(async () => {
  school = await newSchool();
  accounts = await seedDemo(school.database.db, testClock(school.config.timeZone));
  // Files of every size: empty, small, and several database chunks (256 kB) long.
  await school.storage.put("profile-pictures/1.webp", randomBytes(3000), { contentType: "image/webp" });
  await school.storage.put("library/big.pdf", randomBytes(700 * 1024), { contentType: "application/pdf" });
  await school.storage.put("receipts/empty.txt", Buffer.alloc(0), { contentType: "text/plain" });
  counts = await rowCounts(runnerOf(school.database));
  sums = await fileSums(school.storage);
  const result = await createBackup({
    db: school.database.db,
    config: school.config,
    storage: school.storage,
  });
  archive = result.file;
}, 120_000);

afterAll(async () => {
  await school?.close();
});

describe(`backup and restore of the demo school (${onPostgres ? "PostgreSQL" : "embedded"})`, () => {
  it("writes one archive naming the version, database kind, migrations, row counts and file checksums", async () => {
    const { listBackups } = await import("./service.js");
    const archives = await listBackups(school.config.backupDir);
    expect(archives.map((a) => a.name)).toEqual([archive.split("/").at(-1)]);
    expect(readdirSync(school.config.backupDir).filter((n) => n.startsWith("."))).toEqual([]);
    // The demo's 136 accounts: 2 administrators, 12 teachers and coordinators, 122 students.
    expect(counts.users).toBe(136);
    expect(Object.keys(sums)).toHaveLength(3);
  });

  it("restores into a fresh target with the same rows, files and logins", async () => {
    const { config, cleanup } = await newConfig();
    const result = await restoreBackup({ file: archive, config });
    expect(result.manifest.databaseKind).toBe(onPostgres ? "postgres" : "pglite");
    expect(result.manifest.migrations.map((m) => m.tag)).toEqual(appMigrations().map((m) => m.tag));
    expect(result.migratedForward).toEqual([]);
    if (!onPostgres) expect(existsSync(`${config.dataDir}/pglite/PG_VERSION`)).toBe(true);

    const restored = await openSchool(config, cleanup);
    try {
      expect(await rowCounts(runnerOf(restored.database))).toEqual(counts);
      expect(await fileSums(restored.storage)).toEqual(sums);
      const opened = await restored.storage.open("library/big.pdf");
      expect(opened?.info.size).toBe(700 * 1024);

      const app = await buildApp({ config, db: restored.database.db, storage: restored.storage } as never);
      try {
        let i = 0;
        for (const account of accounts) {
          i++;
          const res = await app.inject({
            method: "POST",
            url: "/api/login",
            payload: { email: account.email, password: account.password },
            remoteAddress: `10.9.${Math.floor(i / 250)}.${i % 250}`,
          });
          expect(res.statusCode, account.email).toBe(200);
        }
        // Sequences continue after the restored rows: a new row gets a new id.
        const admin = await app.inject({
          method: "POST",
          url: "/api/login",
          payload: { email: accounts[0]!.email, password: accounts[0]!.password },
          remoteAddress: "10.8.0.1",
        });
        expect(admin.statusCode).toBe(200);
        const { rows } = await runnerOf(restored.database).query<{ next: string; max: string }>(
          "select nextval('users_id_seq')::text as next, (select max(id) from users)::text as max",
        );
        expect(Number(rows[0]!.next)).toBeGreaterThan(Number(rows[0]!.max));
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
    }
  }, 180_000);
});
