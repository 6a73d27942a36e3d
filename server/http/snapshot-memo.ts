import { sql } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { DbOrTx } from "../db/client.js";

/**
 * Answers remembered per database, each with the snapshot (`pg_current_snapshot()`: the next transaction id
 * and those in progress) read before it was computed. While a later request reads the very same snapshot, no
 * transaction has committed anything since (in any process or server), so the answer is still exact. An
 * answer computed after a commit that the snapshot did not see is never served: the snapshot has changed.
 */
const remembered = new WeakMap<object, Map<string, { snapshot: string; value: unknown }>>();
/** Answers kept per database, the least recently used forgotten first. */
const REMEMBERED_MAX = 500;

async function currentSnapshot(db: DbOrTx): Promise<string> {
  const result = await db.execute(sql`select pg_current_snapshot()::text as snapshot`);
  const rows = (result as unknown as { rows: { snapshot: string }[] }).rows;
  return rows[0]?.snapshot ?? "";
}

/**
 * `compute()` once, then its answer again while the database is unchanged: for read-only answers that cost
 * several queries and many rows (the week's availability of the classrooms, a period's schedule grid) and
 * depend only on the database and `key` (everything the answer depends on: the route and its parameters).
 * Costs one small statement per call; never stale.
 */
export async function rememberWhileUnchanged<T>(
  db: DbOrTx,
  key: string,
  compute: () => Promise<T>,
): Promise<T> {
  const snapshot = await currentSnapshot(db);
  let answers = remembered.get(db);
  const known = answers?.get(key);
  if (known && known.snapshot === snapshot) {
    // Most recently used last: the first key is the one to forget when the map is full.
    answers!.delete(key);
    answers!.set(key, known);
    return known.value as T;
  }
  const value = await compute();
  if (!answers) {
    answers = new Map();
    remembered.set(db, answers);
  }
  answers.delete(key);
  if (answers.size >= REMEMBERED_MAX) answers.delete(answers.keys().next().value!);
  answers.set(key, { snapshot, value });
  return value;
}

/**
 * Sends the route's 200 answer `compute()` gives, remembered as its serialized JSON while the database is
 * unchanged (`rememberWhileUnchanged`): a remembered answer is neither checked against the response schema
 * nor turned into JSON again, which is most of the cost of a big answer. The first one is serialized by the
 * route's own serializer (`reply.serialize`), so every answer is what the schema lets out.
 */
export async function sendRemembered(
  reply: FastifyReply,
  db: DbOrTx,
  key: string,
  compute: () => Promise<unknown>,
): Promise<FastifyReply> {
  const body = await rememberWhileUnchanged(db, key, async () => reply.serialize(await compute()) as string);
  return reply.type("application/json; charset=utf-8").send(body);
}
