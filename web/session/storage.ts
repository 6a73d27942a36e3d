import type { SessionUser, StoredSession } from "./types";

/** Build-time storage keys (spec.md §7). */
export const TOKEN_STORAGE_KEY = import.meta.env.VITE_TOKEN_STORAGE_KEY ?? "aula.token";
export const TOKEN_EXPIRY_STORAGE_KEY =
  import.meta.env.VITE_TOKEN_EXPIRY_STORAGE_KEY ?? "aula.token_expires_at";
export const USER_STORAGE_KEY = import.meta.env.VITE_USER_STORAGE_KEY ?? "aula.user";

function isExpired(expiresAt: string | null, now = Date.now()): boolean {
  if (!expiresAt) return false;
  const time = Date.parse(expiresAt);
  return Number.isFinite(time) && time <= now;
}

/** Reads the stored session; an expired or malformed one is removed and null returned. */
export function readStoredSession(): StoredSession | null {
  try {
    const token = localStorage.getItem(TOKEN_STORAGE_KEY);
    const rawUser = localStorage.getItem(USER_STORAGE_KEY);
    const expiresAt = localStorage.getItem(TOKEN_EXPIRY_STORAGE_KEY);
    if (!token || !rawUser) {
      clearStoredSession();
      return null;
    }
    if (isExpired(expiresAt)) {
      clearStoredSession();
      return null;
    }
    const user = JSON.parse(rawUser) as SessionUser;
    if (typeof user !== "object" || user === null || typeof user.type !== "number") {
      clearStoredSession();
      return null;
    }
    return { token, expiresAt, user };
  } catch {
    clearStoredSession();
    return null;
  }
}

export function writeStoredSession(session: StoredSession): void {
  localStorage.setItem(TOKEN_STORAGE_KEY, session.token);
  if (session.expiresAt) localStorage.setItem(TOKEN_EXPIRY_STORAGE_KEY, session.expiresAt);
  else localStorage.removeItem(TOKEN_EXPIRY_STORAGE_KEY);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(session.user));
}

export function clearStoredSession(): void {
  try {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    localStorage.removeItem(TOKEN_EXPIRY_STORAGE_KEY);
    localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
}

export { isExpired };
