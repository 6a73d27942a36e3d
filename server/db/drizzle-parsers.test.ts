import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "./client.js";

const sample = sql`select '2026-01-02 03:04:05+00'::timestamptz as tz, '2026-01-02 03:04:05'::timestamp as ts,
  '2026-01-02'::date as d, '1 day'::interval as i, array['2026-01-02'::date] as ds,
  array[1.5]::numeric[] as ns, 7::int4 as n, true as b`;
const expected = {
  tz: "2026-01-02 03:04:05+00",
  ts: "2026-01-02 03:04:05",
  d: "2026-01-02",
  i: "1 day",
  ds: "{2026-01-02}",
  ns: "{1.5}",
  n: 7,
  b: true,
};

describe("Drizzle over the embedded database", () => {
  let database: Database | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await database?.close();
  });

  it("gets the types Drizzle asks as text, without handing PGlite parsers with each query (a copy of its whole table each time)", async () => {
    const query = vi.spyOn(PGlite.prototype, "query");
    database = await openDatabase({ dataDir: null });
    const { rows } = (await database.db.execute(sample)) as unknown as { rows: unknown[] };
    expect(rows).toEqual([expected]);
    const drizzleCalls = query.mock.calls.filter(([text]) => String(text).includes("'1 day'::interval"));
    expect(drizzleCalls.length).toBeGreaterThan(0);
    for (const [, , options] of drizzleCalls) expect(options?.parsers).toBeUndefined();
    // Inside a transaction too.
    const inside = await database.db.transaction(
      async (tx) => (await tx.execute(sample)) as unknown as { rows: unknown[] },
    );
    expect(inside.rows).toEqual([expected]);
  });
});
