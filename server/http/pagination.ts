import { createHash } from "node:crypto";
import { type AnyColumn, asc, desc, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { DbOrTx } from "../db/client.js";
import type { ListParams } from "./list-query.js";

/** `meta` of every list answer. */
export const listMetaSchema = z.object({
  total: z.number().int(),
  per_page: z.number().int(),
  current_page: z.number().int(),
  last_page: z.number().int(),
});
export type ListMeta = z.infer<typeof listMetaSchema>;

/** Response schema of a list route: `{ data: [item], meta }`. */
export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: listMetaSchema });
/** Response schema of a one-resource route: `{ data: item }`. */
export const itemResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });

/** A page of rows and its meta, as services answer them (routes present the rows). */
export type Page<T> = { rows: T[]; meta: ListMeta };

/** The meta of a page: `limit` 0 means every row on one page (`per_page` = `total`). */
export function pageMeta(total: number, page: number, limit: number): ListMeta {
  if (limit === 0) return { total, per_page: total, current_page: 1, last_page: 1 };
  return { total, per_page: limit, current_page: page, last_page: Math.max(1, Math.ceil(total / limit)) };
}

// Accent folding done by the database on both sides of a search. `unaccent` is not available in PGlite, so
// the common Spanish (and a few more) accented letters are translated; upper-case ones too, because
// `lower()` leaves them alone under the C collation.
const ACCENTED = "áàäâãéèëêíìïîóòöôõúùüûñçÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÑÇ";
const PLAIN = "aaaaaeeeeiiiiooooouuuuncAAAAAEEEEIIIIOOOOOUUUUNC";

/** `expr` lower-cased without accents, for comparisons that ignore both. */
export const folded = (expr: SQLWrapper | AnyColumn | string): SQL => {
  const text = typeof expr === "string" ? sql`${expr}` : sql`${expr}::text`;
  // translate() walks the accented set for every character, the costliest part of a search: a value
  // whose bytes are all single-byte characters (plain ASCII) has nothing to translate.
  return sql`lower(case when octet_length(${text}) = char_length(${text}) then ${text} else translate(${text}, ${ACCENTED}, ${PLAIN}) end)`;
};

/** `text` as a LIKE pattern matching it anywhere, with `\`, `%` and `_` taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition of a list's `search`: any of `columns` contains the text, ignoring case and accents
 * ("aula" finds "Áula"). The text is a bound parameter, its LIKE metacharacters escaped. Undefined when
 * there is nothing to search.
 */
export function searchCondition(
  search: string | undefined,
  columns: (AnyColumn | SQLWrapper)[],
): SQL | undefined {
  if (!search) return undefined;
  const pattern = folded(containsPattern(search));
  return or(...columns.map((column) => sql`${folded(column)} like ${pattern} escape '\\'`));
}

/** A prepared statement's name for a query: the same text always gets the same name (at most 63 bytes). */
const statementName = (query: PgSelect) =>
  `list_${createHash("sha256").update(query.toSQL().sql).digest("base64url").slice(0, 40)}`;

/** The column `paginate` adds to a page's query for the total (removed from the rows it answers). */
const TOTAL_COLUMN = "__list_total";
/** The column `paginate` adds for the database snapshot the page was read in (with `rememberTotal`). */
const SNAPSHOT_COLUMN = "__list_snapshot";

/**
 * Totals counted by `paginate({ rememberTotal })`, per database and count query, with the snapshot
 * (`pg_current_snapshot()`: the next transaction id and those in progress) they were counted in. A later
 * statement that reads the very same snapshot sees exactly the same committed rows, so the remembered
 * total is still exact: any transaction that wrote anything since (in any process) changed the snapshot.
 */
const rememberedTotals = new WeakMap<object, Map<string, { total: number; snapshot: string }>>();
const REMEMBERED_TOTALS_MAX = 200;

function rememberTotal(db: object, key: string, total: number, snapshot: string) {
  let totals = rememberedTotals.get(db);
  if (!totals) {
    totals = new Map();
    rememberedTotals.set(db, totals);
  }
  if (totals.size >= REMEMBERED_TOTALS_MAX && !totals.has(key)) totals.clear();
  totals.set(key, { total, snapshot });
}

/** The key of a count query's remembered total: its text and parameters. */
function totalKey(countQuery: PgSelect): string {
  const { sql: text, params } = countQuery.toSQL();
  return `${text}\u0000${JSON.stringify(params)}`;
}

/**
 * The total last counted for `countQuery` by `paginate({ rememberTotal })`, whatever changed since: a hint
 * for choosing how to read a page (how many rows a search matches), never an answer. Undefined when
 * never counted (or forgotten).
 */
export function lastCountedTotal(db: object, countQuery: PgSelect): number | undefined {
  return rememberedTotals.get(db)?.get(totalKey(countQuery))?.total;
}

/**
 * Runs a list query the way the list contract says: counts every matching row, orders by the requested
 * allow-listed column (then by `tieBreaker`, so pages never overlap), and cuts the page (`limit` 0: every
 * row). `query` is a `.$dynamic()` select holding the joins and the where clause.
 *
 * One query: the page's rows carry the total in one more column, a count of the unpaged query that the
 * database runs once. Only a page past the end (no rows, so no total) asks for the count on its own.
 * With `list.withoutTotal` (the CSV export's batches) nothing is counted and `meta.total` is the page's.
 *
 * ```ts
 * const query = db.select().from(classrooms).where(where).$dynamic();
 * const page = await paginate({ db, query, list, sortColumns: { id: classrooms.id }, tieBreaker: classrooms.id });
 * ```
 */
export async function paginate<Q extends PgSelect, F extends string>(opts: {
  db: DbOrTx;
  query: Q;
  list: ListParams<F>;
  sortColumns: Record<F, AnyColumn | SQL>;
  tieBreaker?: AnyColumn | SQL;
  /**
   * The same rows with fewer joins, counted instead of `query` (for example the main table alone, when
   * the joins only add columns): the total is most of a list's cost.
   */
  countQuery?: PgSelect;
  /**
   * Counts the total once and answers it again while the database has not changed since (same snapshot,
   * read with the page): for big lists whose count is most of a request's cost. Exact, never stale.
   */
  rememberTotal?: boolean;
  /**
   * Sends the page's statement as a named prepared statement, named after its text (every value is a
   * parameter, so one name per shape: filters present, sort, whether the total is counted): PostgreSQL
   * parses and plans it once per connection and may keep a generic plan. PGlite runs it as before.
   */
  prepared?: boolean;
}): Promise<Page<Awaited<Q>[number]>> {
  const { db, query, list } = opts;
  const countOf = opts.countQuery ?? query;
  const unpaged = countOf.getSQL();
  const paged = list.limit > 0;
  // The CSV export reads batch after batch and needs no total.
  const counted = paged && !list.withoutTotal;
  let memoKey: string | null = null;
  let known: { total: number; snapshot: string } | undefined;
  if (counted && opts.rememberTotal) {
    memoKey = totalKey(countOf);
    known = rememberedTotals.get(db)?.get(memoKey);
  }
  if (counted) {
    // Drizzle keeps the selection in `config.fields` (a per-query copy): the total rides along as one
    // more selected field, mapped like any other.
    const config = (query as unknown as { config: { fields: Record<string, unknown> } }).config;
    const fields = { ...config.fields };
    // An uncorrelated scalar subquery: PostgreSQL computes it once (an InitPlan), so the page costs the
    // count plus the page's own rows. (`count(*) over ()` would materialize every matching row first.)
    // A remembered total is not counted again unless the snapshot shows that something changed.
    if (!known)
      fields[TOTAL_COLUMN] = sql<number>`(select count(*) from (${unpaged}) as list_count)`.mapWith(Number);
    if (memoKey !== null) fields[SNAPSHOT_COLUMN] = sql<string>`pg_current_snapshot()::text`;
    config.fields = fields;
  }
  const column = opts.sortColumns[list.sort_by.field];
  const order = [list.sort_by.direction === "desc" ? desc(column) : asc(column)];
  if (opts.tieBreaker && opts.tieBreaker !== column) order.push(asc(opts.tieBreaker));
  let rowsQuery = query.orderBy(...order);
  if (paged) rowsQuery = rowsQuery.limit(list.limit).offset((list.page - 1) * list.limit);
  const rows = (await (opts.prepared
    ? rowsQuery.prepare(statementName(rowsQuery)).execute()
    : rowsQuery)) as (Awaited<Q>[number] & {
    [TOTAL_COLUMN]?: number;
  })[];

  let total = rows.length;
  if (counted) {
    const first = rows[0] as (Record<string, unknown> & { [SNAPSHOT_COLUMN]?: string }) | undefined;
    const snapshot = first?.[SNAPSHOT_COLUMN];
    if (first && memoKey !== null && snapshot !== undefined) {
      if (!known) total = Number(first[TOTAL_COLUMN]);
      else if (known.snapshot === snapshot) total = known.total;
      else {
        // Something changed since the total was counted: count again (and remember that snapshot's).
        const [again] = await db
          .select({
            total: sql<number>`count(*)`.mapWith(Number),
            snapshot: sql<string>`pg_current_snapshot()::text`,
          })
          .from(sql`(${unpaged}) as list_count`);
        total = again?.total ?? 0;
        if (again) rememberTotal(db, memoKey, total, again.snapshot);
      }
      if (!known) rememberTotal(db, memoKey, total, snapshot);
      for (const row of rows) delete (row as Record<string, unknown>)[SNAPSHOT_COLUMN];
    } else if (first) total = Number(first[TOTAL_COLUMN]);
    else if (list.page > 1) {
      const [counted] = await db
        .select({ total: sql<number>`count(*)`.mapWith(Number) })
        .from(sql`(${unpaged}) as list_page`);
      total = counted?.total ?? 0;
    } else total = 0;
    for (const row of rows) delete row[TOTAL_COLUMN];
  }
  return { rows: rows as Awaited<Q>[number][], meta: pageMeta(total, list.page, list.limit) };
}
