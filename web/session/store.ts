import {
  browserStorages,
  checkSession,
  clearStoredSession,
  dropTabSessionHint,
  hasTabSessionHint,
  parseSession,
  readStoredSession,
  SESSION_STORAGE_KEY,
  type SessionStorages,
  writeStoredSession,
} from "./storage";
import type { SessionUser, StoredSession } from "./types";

type Listener = () => void;
type FieldErrors = Record<string, string[]>;

/** What tabs of one browser tell each other about the session (BroadcastChannel). */
export type SessionMessage =
  /** A new tab found no session but a hint that another tab holds one: "who has it?" */
  | { type: "ask" }
  /** The session of this browser session (an answer to "ask", or a login / new token / new user). */
  | { type: "share"; session: StoredSession }
  /** Logout or a vanished session (spec.md §4): every tab ends it. */
  | { type: "end" };

export interface SessionChannel {
  post(message: SessionMessage): void;
  listen(handler: (message: SessionMessage) => void): void;
}

export type SessionStoreOptions = {
  storages: SessionStorages;
  /** Messages between tabs; null where the browser has no BroadcastChannel. */
  channel: SessionChannel | null;
  /** Subscribes to localStorage changes made by other tabs (the `storage` event): key or null (cleared). */
  onStorageChange?: (handler: (key: string | null) => void) => void;
  /** How long a new tab waits for an open tab to hand over its session. */
  handoffMs?: number;
};

/** A new tab's wait for another tab's answer; only when a browser-session-only session may be open. */
export const HANDOFF_MS = 400;

const sameSession = (a: StoredSession | null, b: StoredSession | null) =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.token === b.token &&
    a.remember === b.remember &&
    a.expiresAt === b.expiresAt &&
    JSON.stringify(a.user) === JSON.stringify(b.user));

/**
 * The session of one tab, kept outside React so the HTTP client can read the token, store a refreshed
 * one and end the session on a 401; React reads it through `useSession()`. Tabs stay in step: a
 * remembered session through localStorage (one value, so never half a session), a browser-session-only
 * one through messages; a logout or a vanished session in one tab ends it in the others.
 */
export function createSessionStore({
  storages,
  channel,
  onStorageChange,
  handoffMs = HANDOFF_MS,
}: SessionStoreOptions) {
  let current: StoredSession | null = readStoredSession(storages);
  let resolving = false;
  let handoffTimer: ReturnType<typeof setTimeout> | undefined;
  let endErrors: FieldErrors | null = null;
  const listeners = new Set<Listener>();

  const emit = () => {
    for (const listener of listeners) listener();
  };

  const stopResolving = () => {
    if (!resolving) return;
    resolving = false;
    clearTimeout(handoffTimer);
  };

  /** This tab changes the session: store it and tell the other tabs. */
  const set = (next: StoredSession) => {
    current = next;
    writeStoredSession(next, storages);
    // A remembered session reaches the other tabs through localStorage's own event.
    if (!next.remember) channel?.post({ type: "share", session: next });
    stopResolving();
    emit();
  };

  /** Another tab changed the session: follow it without telling the others again. */
  const adopt = (session: StoredSession) => {
    const wasResolving = resolving;
    stopResolving();
    if (sameSession(current, session)) {
      if (wasResolving) emit();
      return;
    }
    current = session;
    writeStoredSession(session, storages);
    emit();
  };

  const endHere = () => {
    current = null;
    clearStoredSession(storages);
    emit();
  };

  channel?.listen((message) => {
    if (message.type === "ask") {
      if (current) channel.post({ type: "share", session: current });
    } else if (message.type === "share") {
      const session = checkSession(message.session, message.session?.remember === true);
      if (session) adopt(session);
    } else if (message.type === "end") {
      if (current) endHere();
    }
  });

  onStorageChange?.((key) => {
    if (key !== null && key !== SESSION_STORAGE_KEY) return;
    const remembered = parseSession(storages.local?.getItem(SESSION_STORAGE_KEY) ?? null, true);
    if (remembered) adopt(remembered);
    else if (current?.remember) endHere(); // the remembered session was removed: logout or vanished
  });

  // Nothing stored, but a browser-session-only session may be open in another tab: ask for it.
  if (!current && channel && hasTabSessionHint(storages)) {
    resolving = true;
    handoffTimer = setTimeout(() => {
      if (!resolving) return;
      resolving = false;
      dropTabSessionHint(storages); // nobody answered: no tab holds it any more
      emit();
    }, handoffMs);
    channel.post({ type: "ask" });
  }

  return {
    get: (): StoredSession | null => current,
    token: (): string | null => current?.token ?? null,
    /** True while a new tab waits for another tab to hand over its session. */
    isResolving: (): boolean => resolving,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Starts a session after a successful login; `remember` false ends it when the browser closes. */
    start(token: string, expiresAt: string | null, user: SessionUser, remember = true) {
      endErrors = null;
      set({ token, expiresAt, user, remember });
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
    /**
     * Clears the session in every tab; the route guards then send the visitor to the login screen.
     * `fieldErrors` (a 401's invalid_credentials) are handed to that login screen.
     */
    end(options: { fieldErrors?: FieldErrors } = {}) {
      if (current === null) {
        clearStoredSession(storages);
        return;
      }
      endErrors = options.fieldErrors ?? null;
      channel?.post({ type: "end" });
      endHere();
    },
    /** The field errors the session ended with, once (the login screen shows them). */
    takeEndErrors(): FieldErrors | null {
      const errors = endErrors;
      endErrors = null;
      return errors;
    },
    /** Re-reads storage (tests). */
    reload() {
      current = readStoredSession(storages);
      emit();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

function browserChannel(): SessionChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  try {
    const channel = new BroadcastChannel(SESSION_STORAGE_KEY);
    // Node (tests) keeps a process alive for an open channel; browsers have no unref.
    (channel as { unref?: () => void }).unref?.();
    return {
      post: (message) => channel.postMessage(message),
      listen: (handler) => {
        channel.onmessage = (event: MessageEvent<SessionMessage>) => handler(event.data);
      },
    };
  } catch {
    return null;
  }
}

function browserStorageEvents(handler: (key: string | null) => void) {
  if (typeof window === "undefined") return;
  window.addEventListener("storage", (event) => {
    // sessionStorage events come only from frames of this same tab.
    if (event.storageArea && event.storageArea !== browserStorages().local) return;
    handler(event.key);
  });
}

/** The one session of the app. */
export const sessionStore: SessionStore = createSessionStore({
  storages: browserStorages(),
  channel: browserChannel(),
  onStorageChange: browserStorageEvents,
});
