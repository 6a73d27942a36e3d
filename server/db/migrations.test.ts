import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/context.js";
import { type Db, migrationsFolder } from "./client.js";

let ctx: TestContext;

/** Applies the migrations folder again with whichever driver is behind `db`. */
async function migrateAgain(db: Db) {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) await migratePglite(db as never, { migrationsFolder });
  else await migrateNodePg(db as never, { migrationsFolder });
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Tables, columns, constraints, indexes and triggers of the public schema, as one comparable list. */
async function schemaListing(db: Db): Promise<string[]> {
  const columns = await rows<{ x: string }>(
    db,
    sql`select table_name || '.' || column_name || ':' || data_type || ':' || is_nullable
          || ':' || coalesce(column_default, '') as x
        from information_schema.columns where table_schema = 'public'`,
  );
  const constraints = await rows<{ x: string }>(
    db,
    sql`select conrelid::regclass::text || ':' || conname || ':' || pg_get_constraintdef(oid) as x
        from pg_constraint where connamespace = 'public'::regnamespace`,
  );
  const indexes = await rows<{ x: string }>(
    db,
    sql`select indexdef as x from pg_indexes where schemaname = 'public'`,
  );
  const triggers = await rows<{ x: string }>(
    db,
    sql`select event_object_table || ':' || trigger_name || ':' || event_manipulation as x
        from information_schema.triggers where trigger_schema = 'public'`,
  );
  return [...columns, ...constraints, ...indexes, ...triggers].map((r) => r.x).sort();
}

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe("migrations", () => {
  it("create the whole data model on an empty database", async () => {
    const tables = await rows<{ table_name: string }>(
      ctx.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const names = tables.map((t) => t.table_name);
    for (const name of [
      "users",
      "students",
      "teachers",
      "periods",
      "schedule_slots",
      "teacher_slots",
      "inscriptions",
      "course_enrolments",
      "lesson_students",
      "final_delivery_notes",
      "fee_installments",
      "payment_allocations",
      "notification_receivers",
    ]) {
      expect(names).toContain(name);
    }
    const types = await rows<{ id: number }>(ctx.db, sql`select id from document_request_types order by id`);
    expect(types.map((t) => t.id)).toEqual([1, 2, 4]);
  });

  it("change nothing when applied a second time", async () => {
    const before = await schemaListing(ctx.db);
    const applied = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    await migrateAgain(ctx.db);
    expect(await schemaListing(ctx.db)).toEqual(before);
    const after = await rows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
    );
    expect(after[0]!.n).toBe(applied[0]!.n);
    expect(before.length).toBeGreaterThan(300);
  });
});
