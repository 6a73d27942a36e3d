import { createHash } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { z } from "zod";
import type { Db, DbOrTx, Tx } from "../../db/client.js";
import { idempotencyKeys } from "../../db/schema/index.js";
import { conflict } from "../../http/errors.js";

/**
 * Retries that cannot pay twice (issue 27): a write sent with an `Idempotency-Key` header runs once per user
 * and key. Its answer (status and body) is stored in the write's own transaction, so a server killed after
 * the commit has stored the answer too, and the retry gets it back instead of writing again. Two requests
 * with one key at the same time: the table's primary key makes the second wait for the first to commit,
 * then it replays the first's answer.
 */

/** How long a key is remembered (from the clock's instant of the first request). */
export const idempotencyKeptMs = 24 * 60 * 60_000;

/** The header, as the routes' schemas document and validate it (lower case: Fastify's headers are). */
export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .string()
    .min(1)
    .max(255)
    .regex(/^[\x21-\x7e]+$/)
    .optional()
    .describe(
      "Opcional: una clave por intento de envío (p. ej. un UUID). Repetir la petición con la misma clave " +
        "devuelve la misma respuesta sin registrar otro pago; la misma clave con otros datos: 409 " +
        "`idempotency_key_reused`. Se recuerda 24 horas.",
    ),
});

export type StoredAnswer = { status: number; body: unknown; replayed: boolean };

/** What makes two requests "the same": method, path and parsed body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${url}\n${JSON.stringify(body ?? null)}`)
    .digest("hex");
}

/**
 * Runs `write` in a transaction that first claims the user's key, and stores the answer it returns in the
 * same transaction. A key already answered is replayed (`replayed` true) when the request is the same, and
 * refused with 409 `idempotency_key_reused` when it is not. A refusal of `write` rolls the claim back with
 * everything else: nothing is stored, and a retry runs again. A key older than `idempotencyKeptMs` is
 * forgotten and claimed anew.
 */
export async function answerOnce(opts: {
  db: DbOrTx;
  userId: number;
  key: string;
  fingerprint: string;
  now: Date;
  write: (tx: Tx) => Promise<{ status: number; body: unknown }>;
}): Promise<StoredAnswer> {
  const { userId, key, fingerprint, now } = opts;
  const thisKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  return opts.db.transaction(async (tx) => {
    await tx
      .delete(idempotencyKeys)
      .where(and(thisKey, lt(idempotencyKeys.createdAt, new Date(now.getTime() - idempotencyKeptMs))));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, statusCode: 0, body: {}, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx.select().from(idempotencyKeys).where(thisKey);
      if (!stored || stored.fingerprint !== fingerprint) throw conflict("idempotency_key_reused");
      return { status: stored.statusCode, body: stored.body, replayed: true };
    }
    const answer = await opts.write(tx);
    await tx.update(idempotencyKeys).set({ statusCode: answer.status, body: answer.body }).where(thisKey);
    return { ...answer, replayed: false };
  });
}

/** Deletes the keys remembered longer than `idempotencyKeptMs` (the `idempotency-keys` job). */
export async function sweepIdempotencyKeys(db: Db, now: Date): Promise<number> {
  const deleted = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - idempotencyKeptMs)))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

export const idempotencyJobName = "idempotency-keys";
