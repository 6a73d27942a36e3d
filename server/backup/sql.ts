import type { Hash } from "node:crypto";
import { Transform } from "node:stream";
// The little a backup needs from a database connection, met by node-postgres clients and PGlite alike.
export type SqlRunner = {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
};

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables of the `public` schema, by name. */
export async function listTables(db: SqlRunner): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((r) => r.name);
}

/** A table's columns that take values on insert (not generated ones), in order. */
export async function insertableColumns(db: SqlRunner, table: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `select column_name as name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER'
     order by ordinal_position`,
    [table],
  );
  return rows.map((r) => r.name);
}

/** Sequences of the `public` schema with their current state. */
export async function readSequences(
  db: SqlRunner,
): Promise<{ name: string; lastValue: string; isCalled: boolean }[]> {
  const { rows } = await db.query<{ name: string }>(
    "select sequence_name as name from information_schema.sequences where sequence_schema = 'public' order by 1",
  );
  const out: { name: string; lastValue: string; isCalled: boolean }[] = [];
  for (const { name } of rows) {
    const state = await db.query<{ last_value: string; is_called: boolean }>(
      `select last_value::text as last_value, is_called from public.${quoteIdent(name)}`,
    );
    const s = state.rows[0]!;
    out.push({ name, lastValue: s.last_value, isCalled: s.is_called });
  }
  return out;
}

/** A pass-through stream feeding `hash` with every byte (only once a reader pulls them). */
export function hashing(hash: Hash): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}
