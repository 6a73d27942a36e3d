import {
  clearStoredSession,
  readStoredSession,
  TOKEN_STORAGE_KEY,
  USER_STORAGE_KEY,
  writeStoredSession,
} from "./storage";
import type { SessionUser, StoredSession } from "./types";

type Listener = () => void;

let current: StoredSession | null = readStoredSession();
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

function set(next: StoredSession | null) {
  current = next;
  if (next) writeStoredSession(next);
  else clearStoredSession();
  emit();
}

// Another tab logged in or out: follow it.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key === TOKEN_STORAGE_KEY || event.key === USER_STORAGE_KEY)
      sessionStore.reload();
  });
}

/**
 * The one session of the app, kept outside React so the HTTP client can read the token, store a
 * refreshed one and end the session on a 401; React reads it through `useSession()`.
 */
export const sessionStore = {
  get: (): StoredSession | null => current,
  token: (): string | null => current?.token ?? null,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Starts a session after a successful login. */
  start(token: string, expiresAt: string | null, user: SessionUser) {
    set({ token, expiresAt, user });
  },
  /** Replaces the token (a response carried a fresh one); ignored when nobody is logged in. */
  replaceToken(token: string, expiresAt?: string | null) {
    if (!current || current.token === token) return;
    set({ ...current, token, expiresAt: expiresAt ?? current.expiresAt });
  },
  /** Replaces the user (after GET /api/users/me or a profile update). */
  updateUser(user: SessionUser) {
    if (!current) return;
    set({ ...current, user });
  },
  /** Clears the session; the route guards then send the visitor to the login screen. */
  end() {
    if (current === null) {
      clearStoredSession();
      return;
    }
    set(null);
  },
  /** Re-reads storage (tests, or another tab changed it). */
  reload() {
    current = readStoredSession();
    emit();
  },
};
