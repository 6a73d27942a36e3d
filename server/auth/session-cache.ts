import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";

/** What `authenticate` needs to know about a token's user (and about the token itself). */
export type SessionState = {
  type: number;
  disabled: boolean;
  sessionVersion: number;
  tokensValidAfter: Date | null;
};

type Entry<T> = { value: T; at: number };

/** Default lifetime of a cached answer: how long another server may take to see a change. */
export const DEFAULT_SESSION_CACHE_TTL_MS = 3000;

/** A size-capped map that forgets its least recently used key first. */
class Lru<K, V> {
  private map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, value);
    return value;
  }
  set(key: K, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  delete(key: K) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  get size() {
    return this.map.size;
  }
}

/**
 * The per-process cache behind `authenticate`: each user's auth state (role, disabled, session version)
 * and whether each token id was revoked, so most requests authenticate without touching the database.
 *
 * - Writes made by this process take effect at once: logout calls `revoke`, and every change of role,
 *   disabled flag or password calls `forgetUser` (after the change is written).
 * - Writes made by another server (several servers share one PostgreSQL) are announced by the database
 *   (server/auth/session-notify.ts) and applied within milliseconds; an announcement lost with the listening
 *   connection is covered by `ttlMs` (a few seconds). `ttlMs` 0 disables the cache. A request that writes
 *   asks with `fresh` (server/http/auth.ts): it reads the database whatever the cache holds, so a logout on
 *   one server is refused for writes by every other one as soon as it committed.
 * - A miss reads both facts in one query. A read that started before an invalidation is not stored, so a
 *   slow read cannot put a stale answer back.
 */
export class SessionCache {
  private readonly users: Lru<number, Entry<SessionState | null>>;
  private readonly tokens: Lru<string, Entry<boolean>>;
  /** Bumped by every invalidation; reads that started under an older epoch are not cached. */
  private epoch = 0;
  readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    opts: { ttlMs?: number; maxUsers?: number; maxTokens?: number; now?: () => number } = {},
  ) {
    this.ttlMs = opts.ttlMs ?? DEFAULT_SESSION_CACHE_TTL_MS;
    this.users = new Lru(opts.maxUsers ?? 10_000);
    this.tokens = new Lru(opts.maxTokens ?? 50_000);
    this.now = opts.now ?? Date.now;
  }

  private fresh<T>(entry: Entry<T> | undefined, now: number): entry is Entry<T> {
    return entry !== undefined && now - entry.at < this.ttlMs;
  }

  /**
   * The user's auth state (null when there is no such user) and whether the token `jti` was revoked:
   * from the cache while fresh (unless `fresh` is asked for), else from the database in one query.
   */
  async lookup(
    userId: number,
    jti: string,
    opts: { fresh?: boolean } = {},
  ): Promise<{ user: SessionState | null; revoked: boolean }> {
    const now = this.now();
    const cachedUser = this.users.get(userId);
    const cachedToken = this.tokens.get(jti);
    // A revocation seen by this process is final: it never needs a second look.
    if (cachedToken?.value === true) return { user: cachedUser?.value ?? null, revoked: true };
    if (!opts.fresh && this.fresh(cachedUser, now) && this.fresh(cachedToken, now)) {
      return { user: cachedUser.value, revoked: cachedToken.value };
    }
    const epoch = this.epoch;
    const [row] = await this.db
      .select({
        type: users.type,
        disabled: users.disabled,
        sessionVersion: users.sessionVersion,
        tokensValidAfter: users.tokensValidAfter,
        revoked: sql<boolean>`exists (select 1 from revoked_tokens where revoked_tokens.jti = ${jti})`,
      })
      .from(users)
      .where(eq(users.id, userId));
    const user = row
      ? {
          type: row.type,
          disabled: row.disabled,
          sessionVersion: row.sessionVersion,
          tokensValidAfter: row.tokensValidAfter,
        }
      : null;
    const revoked = Boolean(row?.revoked);
    if (this.ttlMs > 0 && epoch === this.epoch) {
      const at = this.now();
      this.users.set(userId, { value: user, at });
      this.tokens.set(jti, { value: revoked, at });
    }
    return { user, revoked };
  }

  /** The current state of a user, read from the database (used when signing a fresh token). */
  async currentUser(userId: number): Promise<SessionState | null> {
    this.forgetUser(userId);
    const [row] = await this.db
      .select({
        type: users.type,
        disabled: users.disabled,
        sessionVersion: users.sessionVersion,
        tokensValidAfter: users.tokensValidAfter,
      })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  /** A token this process revoked (logout): refused from now on, without asking the database. */
  revoke(jti: string) {
    this.epoch += 1;
    this.tokens.set(jti, { value: true, at: this.now() });
  }

  /** Call after changing a user's role, disabled flag or password: the next request reads the row again. */
  forgetUser(userId: number) {
    this.epoch += 1;
    this.users.delete(userId);
  }

  clear() {
    this.epoch += 1;
    this.users.clear();
    this.tokens.clear();
  }

  /** Entries held (for the bench and tests). */
  get size() {
    return { users: this.users.size, tokens: this.tokens.size };
  }
}
