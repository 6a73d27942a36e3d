import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.js";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the migrations folder that stops before `tag` (its journal cut there). */
function migrationsBefore(tag: string): string {
  const folder = mkdtempSync(path.join(tmpdir(), "aula-migrations-"));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe("0018_code_lower_unique on a school's existing data", () => {
  it("keeps the oldest of codes that clash by case, renames the others, then refuses such clashes", async () => {
    const client = new PGlite();
    const db = drizzle({ client });
    try {
      await migrate(db, { migrationsFolder: migrationsBefore("0018_code_lower_unique") });
      await db.execute(
        sql`insert into specializations (title, code) values ('Ciclo', 'CB'), ('Ciclo 2', 'cb')`,
      );
      await db.execute(
        sql`insert into courses (code, title) values ('MAT-101', 'A'), ('mat-101', 'B'), ('FIS-1', 'C')`,
      );
      await migrate(db, { migrationsFolder });
      const codes = async (table: string) =>
        (
          (await db.execute(sql.raw(`select id, code from ${table} order by id`))) as unknown as {
            rows: { id: number; code: string }[];
          }
        ).rows.map((r) => r.code);
      const [, second] = (
        (await db.execute(sql`select id from specializations order by id`)) as unknown as {
          rows: { id: number }[];
        }
      ).rows;
      expect(await codes("specializations")).toEqual(["CB", `cb-${second!.id}`]);
      expect((await codes("courses"))[0]).toBe("MAT-101");
      expect((await codes("courses"))[1]).toMatch(/^mat-101-\d+$/);
      await expect(
        db.execute(sql`insert into courses (code, title) values ('fis-1', 'D')`),
      ).rejects.toMatchObject({
        cause: expect.objectContaining({ constraint: "courses_code_lower_unique" }),
      });
    } finally {
      await client.close();
    }
  });
});
