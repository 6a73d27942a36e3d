import { DrizzleQueryError } from "drizzle-orm/errors";

/**
 * SQLSTATE codes of a PostgreSQL server that is going away, starting up or refusing connections: the
 * statement was not carried out because the database was not there to carry it out, not because it was wrong.
 * Class 08 (connection exceptions) is matched as a whole.
 */
const unavailableStates = new Set([
  "57P01", // admin_shutdown: pg_ctl stop/restart -m fast, pg_terminate_backend
  "57P02", // crash_shutdown: another backend crashed
  "57P03", // cannot_connect_now: the database system is starting up or shutting down
  "57P05", // idle_session_timeout
  "53300", // too_many_connections
  "25P03", // idle_in_transaction_session_timeout
]);

/** Network failures of the socket to the database (Node's errno codes). */
const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** node-postgres's and pg-pool's own messages for a connection that ended, broke or could not be made. */
const driverMessages = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Cannot use a pool after calling end on the pool/,
];

type ErrorLike = { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };

/** Errors met while taking a connection from the pool or running a statement on it (see markDatabaseError). */
const fromDatabase = new WeakSet<object>();

/**
 * Marks an error that came from the database's pool or connection. A socket error (ECONNRESET, ETIMEDOUT…)
 * counts as the database being away only when it came from there (or inside Drizzle's query error), not
 * when an upload's connection or a mail server failed.
 */
export function markDatabaseError(err: unknown): void {
  if (err && typeof err === "object") fromDatabase.add(err);
}

function failedAlone(e: ErrorLike, databasePath: boolean): boolean {
  if (typeof e.code === "string") {
    if (unavailableStates.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code)) return true;
    if (databasePath && networkCodes.has(e.code)) return true;
  }
  return typeof e.message === "string" && driverMessages.some((m) => m.test(e.message as string));
}

/**
 * Whether `err` (or what it wraps: Drizzle's DrizzleQueryError keeps the driver's error as `cause`, a failed
 * connection to a host with several addresses is an AggregateError) says the database server could not be
 * reached or dropped the connection — a restart, a failover, `pg_terminate_backend`, a network cut. Such a
 * request is answered 503 `database_unavailable`; the statement it was running was not committed (a
 * transaction whose connection drops is rolled back by PostgreSQL). `fromDatabase`: the caller knows the
 * error came from a database connection (a socket error then counts too).
 */
export function isDatabaseUnavailable(err: unknown, opts: { fromDatabase?: boolean } = {}): boolean {
  const seen = new Set<unknown>();
  const pending: [unknown, boolean][] = [[err, opts.fromDatabase ?? false]];
  while (pending.length > 0) {
    const [current, inside] = pending.pop()!;
    if (!current || typeof current !== "object" || seen.has(current) || seen.size > 10) continue;
    seen.add(current);
    const databasePath = inside || fromDatabase.has(current) || current instanceof DrizzleQueryError;
    const e = current as ErrorLike;
    if (failedAlone(e, databasePath)) return true;
    pending.push([e.cause, databasePath]);
    if (Array.isArray(e.errors)) pending.push(...e.errors.map((x): [unknown, boolean] => [x, databasePath]));
  }
  return false;
}

/**
 * What to log of such an error: the driver's message at the bottom of the causes ("terminating connection
 * due to administrator command", "connect ECONNREFUSED …"), never Drizzle's, which carries the statement and
 * its parameters.
 */
export function unavailableReason(err: unknown): string {
  let current = err as { message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; depth < 5 && current?.cause && typeof current.cause === "object"; depth++)
    current = current.cause as typeof current;
  return typeof current?.message === "string" ? current.message : String(err);
}
