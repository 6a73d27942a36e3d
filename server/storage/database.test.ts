import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Db } from "../db/client.js";
import { createTestContext } from "../test/context.js";
import { sha, storageContract } from "./contract.js";
import { chunkSize, DatabaseStorage } from "./database.js";

const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** Files whose chunks do not add up to their size (what an unfinished write would leave). */
const incomplete = (db: Db) =>
  rowsOf(
    db,
    sql`select f.key from stored_files f left join stored_file_chunks c on c.file_id = f.id
        group by f.id, f.key, f.size having coalesce(sum(length(c.data)), 0) <> f.size or f.sha256 = ''`,
  ).then((rows) => rows.map((r) => `incomplete ${r.key}`));

storageContract(process.env.TEST_DATABASE_URL ? "database (PostgreSQL)" : "database (PGlite)", async () => {
  const ctx = await createTestContext();
  return {
    storage: new DatabaseStorage(ctx.db),
    // The database refuses every chunk after the fourth, as a full disk would part-way through a file.
    failing: async () => {
      await ctx.db.execute(
        sql`alter table stored_file_chunks add constraint test_full check (n < 4) not valid`,
      );
      return {
        storage: new DatabaseStorage(ctx.db),
        restore: async () => {
          await ctx.db.execute(sql`alter table stored_file_chunks drop constraint test_full`);
        },
      };
    },
    leftovers: async () => [
      ...(await incomplete(ctx.db)),
      ...(
        await rowsOf(
          ctx.db,
          sql`select file_id from stored_file_chunks where file_id not in (select id from stored_files)`,
        )
      ).map((r) => `orphan chunk of ${r.file_id}`),
    ],
    close: () => ctx.close(),
  };
});

describe("database storage", () => {
  // 10 MB through the embedded database: slow on a busy machine; the limit only catches a hang.
  it("stores a file as 256 kB chunks and reads them one query at a time, a few ahead of the reader", {
    timeout: 120_000,
  }, async () => {
    const ctx = await createTestContext();
    try {
      const data = randomBytes(10 * 1024 * 1024);
      await new DatabaseStorage(ctx.db).put("big/ten.bin", data, { contentType: "application/octet-stream" });
      const [row] = await rowsOf(
        ctx.db,
        sql`select count(*)::int as n, max(length(data))::int as largest from stored_file_chunks`,
      );
      expect(row).toEqual({ n: 40, largest: chunkSize });

      // Count the chunk reads as the reader takes pieces: queries on the embedded database, binary COPYs
      // (one pooled connection each) on PostgreSQL.
      let selects = 0;
      const counted =
        (value: unknown, target: object) =>
        (...args: unknown[]) => {
          selects += 1;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      const counting = new Proxy(ctx.db, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (prop === "$client" && value instanceof pg.Pool) {
            return new Proxy(value, {
              get: (pool, name) =>
                name === "connect" ? counted(pool.connect, pool) : Reflect.get(pool, name, pool),
              getPrototypeOf: (pool) => Object.getPrototypeOf(pool),
            });
          }
          if (prop !== "select" || typeof value !== "function") return value;
          return counted(value, target);
        },
      }) as Db;
      const opened = await new DatabaseStorage(counting).open("big/ten.bin");
      const afterOpen = selects;
      const stream = opened!.stream as Readable;
      const first = await new Promise<Buffer>((resolve) => stream.once("data", (d: Buffer) => resolve(d)));
      stream.pause();
      expect(first.length).toBe(chunkSize);
      // Waiting a few turns lets any eager reader run ahead: this one stays within its small read-ahead.
      for (let i = 0; i < 20; i += 1) await new Promise((r) => setImmediate(r));
      expect(selects - afterOpen).toBeLessThanOrEqual(4);
      const rest: Buffer[] = [first];
      stream.resume();
      for await (const piece of stream) rest.push(piece as Buffer);
      expect(sha(Buffer.concat(rest))).toBe(sha(data));
      expect(selects - afterOpen).toBe(40);
    } finally {
      await ctx.close();
    }
  });

  it("keeps a file whole while another upload replaces it (readers see the old one until it commits)", async () => {
    const ctx = await createTestContext();
    try {
      const storage = new DatabaseStorage(ctx.db);
      await storage.put("x/one.txt", Buffer.from("old"), { contentType: "text/plain" });
      await Promise.all([
        storage.put("x/one.txt", Buffer.from("new A"), { contentType: "text/plain" }),
        storage.put("x/one.txt", Buffer.from("new B"), { contentType: "text/plain" }),
      ]);
      const [row] = await rowsOf(
        ctx.db,
        sql`select count(*)::int as n from stored_files where key = 'x/one.txt'`,
      );
      expect(row).toEqual({ n: 1 });
    } finally {
      await ctx.close();
    }
  });
});
