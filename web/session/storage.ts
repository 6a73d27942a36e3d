import type { SessionUser, StoredSession } from "./types";

/**
 * Build-time storage key of the session (spec.md §7): token, expiry and user are written together as
 * ONE JSON value, so another tab never reads half a session. "Recordarme" keeps it in localStorage;
 * without it the session lives in sessionStorage and ends when the browser closes.
 */
export const SESSION_STORAGE_KEY = import.meta.env.VITE_SESSION_STORAGE_KEY ?? "aula.session";
/**
 * A flag in localStorage (no secret in it) saying that a session kept only for this browser session
 * may be open in another tab: a new tab then asks the open ones for it before showing the login.
 */
export const TAB_SESSION_HINT_KEY = `${SESSION_STORAGE_KEY}.tab`;
/** Keys of the old three-value format; read once, converted and removed. */
export const LEGACY_STORAGE_KEYS = {
  token: import.meta.env.VITE_TOKEN_STORAGE_KEY ?? "aula.token",
  expiresAt: import.meta.env.VITE_TOKEN_EXPIRY_STORAGE_KEY ?? "aula.token_expires_at",
  user: import.meta.env.VITE_USER_STORAGE_KEY ?? "aula.user",
} as const;

/** The JSON kept under SESSION_STORAGE_KEY (field names of the login answer). */
type Persisted = { token: string; expires_at: string | null; user: SessionUser };

export function isExpired(expiresAt: string | null, now = Date.now()): boolean {
  if (!expiresAt) return false;
  const time = Date.parse(expiresAt);
  return Number.isFinite(time) && time <= now;
}

function isUser(value: unknown): value is SessionUser {
  return typeof value === "object" && value !== null && typeof (value as SessionUser).type === "number";
}

/** A session of unknown origin (storage, another tab) checked: null when malformed or expired. */
export function checkSession(value: unknown, remember: boolean): StoredSession | null {
  const v = value as Partial<Persisted & StoredSession> | null;
  if (!v || typeof v !== "object" || typeof v.token !== "string" || !v.token || !isUser(v.user)) return null;
  const expiry = v.expires_at ?? v.expiresAt;
  const expiresAt = typeof expiry === "string" ? expiry : null;
  if (isExpired(expiresAt)) return null;
  return { token: v.token, expiresAt, user: v.user, remember };
}

/** A stored value as a session, or null when it is missing, malformed or expired. */
export function parseSession(raw: string | null, remember: boolean): StoredSession | null {
  if (!raw) return null;
  try {
    return checkSession(JSON.parse(raw), remember);
  } catch {
    return null;
  }
}

export function serializeSession(session: StoredSession): string {
  const value: Persisted = { token: session.token, expires_at: session.expiresAt, user: session.user };
  return JSON.stringify(value);
}

/** localStorage and sessionStorage, or null where the browser refuses them. */
export type SessionStorages = { local: Storage | null; tab: Storage | null };

function safe<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

export function browserStorages(): SessionStorages {
  if (typeof window === "undefined") return { local: null, tab: null };
  return { local: safe(() => window.localStorage), tab: safe(() => window.sessionStorage) };
}

function get(storage: Storage | null, key: string): string | null {
  return storage ? safe(() => storage.getItem(key)) : null;
}

function put(storage: Storage | null, key: string, value: string) {
  safe(() => storage?.setItem(key, value));
}

function drop(storage: Storage | null, key: string) {
  safe(() => storage?.removeItem(key));
}

/** The old three-key session (token, expiry, user) as one value; the old keys are removed. */
function migrateLegacy(local: Storage | null): StoredSession | null {
  const token = get(local, LEGACY_STORAGE_KEYS.token);
  const rawUser = get(local, LEGACY_STORAGE_KEYS.user);
  const expiresAt = get(local, LEGACY_STORAGE_KEYS.expiresAt);
  if (token === null && rawUser === null && expiresAt === null) return null;
  for (const key of Object.values(LEGACY_STORAGE_KEYS)) drop(local, key);
  if (!token || !rawUser) return null;
  const session = checkSession(
    { token, expires_at: expiresAt, user: safe(() => JSON.parse(rawUser) as unknown) },
    true,
  );
  if (session) put(local, SESSION_STORAGE_KEY, serializeSession(session));
  return session;
}

/**
 * Reads the stored session: this tab's (sessionStorage) first, then the remembered one (localStorage).
 * An expired or malformed value is removed and null returned.
 */
export function readStoredSession(storages: SessionStorages = browserStorages()): StoredSession | null {
  const { local, tab } = storages;
  const tabRaw = get(tab, SESSION_STORAGE_KEY);
  const inTab = parseSession(tabRaw, false);
  if (inTab) return inTab;
  if (tabRaw !== null) drop(tab, SESSION_STORAGE_KEY);
  const localRaw = get(local, SESSION_STORAGE_KEY);
  const remembered = parseSession(localRaw, true);
  if (remembered) return remembered;
  if (localRaw !== null) drop(local, SESSION_STORAGE_KEY);
  return migrateLegacy(local);
}

/** Writes the session as one value where it belongs, and removes it from the other storage. */
export function writeStoredSession(session: StoredSession, storages: SessionStorages = browserStorages()) {
  const { local, tab } = storages;
  const value = serializeSession(session);
  if (session.remember) {
    put(local, SESSION_STORAGE_KEY, value);
    drop(tab, SESSION_STORAGE_KEY);
    drop(local, TAB_SESSION_HINT_KEY);
  } else {
    put(tab, SESSION_STORAGE_KEY, value);
    put(local, TAB_SESSION_HINT_KEY, "1");
    drop(local, SESSION_STORAGE_KEY);
  }
}

export function clearStoredSession(storages: SessionStorages = browserStorages()): void {
  const { local, tab } = storages;
  drop(tab, SESSION_STORAGE_KEY);
  drop(local, SESSION_STORAGE_KEY);
  drop(local, TAB_SESSION_HINT_KEY);
  for (const key of Object.values(LEGACY_STORAGE_KEYS)) drop(local, key);
}

/** Whether a session kept only for the browser session may be open in another tab. */
export function hasTabSessionHint(storages: SessionStorages = browserStorages()): boolean {
  return get(storages.local, TAB_SESSION_HINT_KEY) === "1";
}

export function dropTabSessionHint(storages: SessionStorages = browserStorages()): void {
  drop(storages.local, TAB_SESSION_HINT_KEY);
}
