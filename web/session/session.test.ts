import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Role } from "../../common/roles";
import { makeUser, resetAppState } from "../test/render";
import {
  LEGACY_STORAGE_KEYS,
  readStoredSession,
  SESSION_STORAGE_KEY,
  type SessionStorages,
  TAB_SESSION_HINT_KEY,
} from "./storage";
import { createSessionStore, type SessionChannel, type SessionMessage, sessionStore } from "./store";
import { firstName, fullName, roleKey, sessionFlags, truncate } from "./user";

beforeEach(() => resetAppState());
afterEach(() => vi.useRealTimers());

const stored = (storage: Storage = localStorage) =>
  JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? "null");

function store(expiresAt: string | null) {
  localStorage.setItem(
    SESSION_STORAGE_KEY,
    JSON.stringify({ token: "tok", expires_at: expiresAt, user: makeUser(Role.student) }),
  );
}

describe("stored session", () => {
  it("uses the default build-time key", () => {
    expect(SESSION_STORAGE_KEY).toBe("aula.session");
  });

  it("reads a valid session", () => {
    store(new Date(Date.now() + 60_000).toISOString());
    expect(readStoredSession()).toMatchObject({ token: "tok", remember: true, user: { type: Role.student } });
  });

  it("clears an expired session on load", () => {
    store(new Date(Date.now() - 1_000).toISOString());
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("clears a malformed session", () => {
    localStorage.setItem(SESSION_STORAGE_KEY, "{nope");
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("converts the old three-key session into one value", () => {
    localStorage.setItem(LEGACY_STORAGE_KEYS.token, "old");
    localStorage.setItem(LEGACY_STORAGE_KEYS.expiresAt, "2099-01-01T00:00:00Z");
    localStorage.setItem(LEGACY_STORAGE_KEYS.user, JSON.stringify(makeUser(Role.admin)));
    expect(readStoredSession()).toMatchObject({ token: "old", expiresAt: "2099-01-01T00:00:00Z" });
    expect(stored()).toMatchObject({ token: "old", expires_at: "2099-01-01T00:00:00Z" });
    expect(localStorage.getItem(LEGACY_STORAGE_KEYS.token)).toBeNull();
  });

  it("start, replaceToken and end write the whole session as one value", () => {
    const writes = [vi.spyOn(localStorage, "setItem"), vi.spyOn(sessionStorage, "setItem")];
    sessionStore.start("a", "2099-01-01T00:00:00Z", makeUser(Role.admin));
    expect(writes.flatMap((spy) => spy.mock.calls.map(([key]) => key))).toEqual([SESSION_STORAGE_KEY]);
    expect(stored()).toMatchObject({ token: "a", expires_at: "2099-01-01T00:00:00Z", user: { type: 5 } });
    sessionStore.replaceToken("b");
    expect(stored()).toMatchObject({ token: "b", expires_at: "2099-01-01T00:00:00Z", user: { type: 5 } });
    sessionStore.end();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    sessionStore.replaceToken("c");
    expect(sessionStore.get()).toBeNull();
    for (const spy of writes) spy.mockRestore();
  });

  it("without Recordarme keeps the session in sessionStorage only", () => {
    sessionStore.start("t", null, makeUser(Role.admin), false);
    expect(stored(sessionStorage)).toMatchObject({ token: "t" });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(TAB_SESSION_HINT_KEY)).toBe("1");
    expect(JSON.stringify(localStorage)).not.toContain('"t"');
    sessionStore.end();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(TAB_SESSION_HINT_KEY)).toBeNull();
  });

  it("hands the field errors of a 401 to the login screen once", () => {
    sessionStore.start("t", null, makeUser(Role.admin));
    sessionStore.end({ fieldErrors: { email: ["Por favor verifique sus datos."] } });
    expect(sessionStore.takeEndErrors()).toEqual({ email: ["Por favor verifique sus datos."] });
    expect(sessionStore.takeEndErrors()).toBeNull();
  });
});

/** A fake browser: one localStorage with storage events, one sessionStorage per tab, one message bus. */
class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  constructor(private onChange?: (key: string | null) => void) {}
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
    this.onChange?.(null);
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    if (!this.map.has(key)) return;
    this.map.delete(key);
    this.onChange?.(key);
  }
  setItem(key: string, value: string) {
    if (this.map.get(key) === value) return;
    this.map.set(key, value);
    this.onChange?.(key);
  }
}

function fakeBrowser() {
  type Tab = {
    id: number;
    onStorage?: (key: string | null) => void;
    onMessage?: (m: SessionMessage) => void;
  };
  const tabs: Tab[] = [];
  let writer = 0;
  // Like browsers: the storage event and messages reach the other tabs, later (not the writer, not now).
  const local = new MemoryStorage((key) => {
    const from = writer;
    for (const tab of tabs) if (tab.id !== from) queueMicrotask(() => tab.onStorage?.(key));
  });
  /** localStorage as seen by one tab (0: someone by hand, e.g. the developer tools). */
  const withWriter = (storage: Storage, id: number): Storage =>
    new Proxy(storage, {
      get(target, prop) {
        const value = Reflect.get(target, prop) as unknown;
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          writer = id;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
  let next = 0;
  const openTab = (handoffMs = 50) => {
    const tab: Tab = { id: ++next };
    tabs.push(tab);
    const tabStorage = new MemoryStorage();
    const storages: SessionStorages = { local: withWriter(local, tab.id), tab: tabStorage };
    const channel: SessionChannel = {
      post: (message) => {
        const copy = structuredClone(message);
        for (const other of tabs) if (other !== tab) queueMicrotask(() => other.onMessage?.(copy));
      },
      listen: (handler) => {
        tab.onMessage = handler;
      },
    };
    const tabStore = createSessionStore({
      storages,
      channel,
      onStorageChange: (handler) => {
        tab.onStorage = handler;
      },
      handoffMs,
    });
    return { store: tabStore, storages, close: () => tabs.splice(tabs.indexOf(tab), 1) };
  };
  return { local: withWriter(local, 0), openTab };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("tabs of one browser (issue 13 item 1, spec.md §4)", () => {
  it("a login in one tab is followed by the other, never undone", async () => {
    const browser = fakeBrowser();
    const first = browser.openTab();
    const second = browser.openTab();
    first.store.start("tok", "2099-01-01T00:00:00Z", makeUser(Role.admin));
    first.store.updateUser(makeUser(Role.admin, { name: "Nuevo" })); // /users/me right after login
    await settle();
    expect(first.store.get()).toMatchObject({ token: "tok", user: { name: "Nuevo" } });
    expect(second.store.get()).toMatchObject({ token: "tok", user: { name: "Nuevo" } });
    expect(browser.local.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
  });

  it("a logout or a vanished session in one tab ends the others", async () => {
    const browser = fakeBrowser();
    const first = browser.openTab();
    const second = browser.openTab();
    first.store.start("tok", null, makeUser(Role.admin));
    await settle();
    expect(second.store.get()).not.toBeNull();
    second.store.end();
    await settle();
    expect(first.store.get()).toBeNull();

    first.store.start("tok2", null, makeUser(Role.admin));
    await settle();
    browser.local.removeItem(SESSION_STORAGE_KEY); // vanished (cleared by hand)
    await settle();
    expect(first.store.get()).toBeNull();
    expect(second.store.get()).toBeNull();
  });

  it("a session without Recordarme reaches a tab opened later, and its logout ends both", async () => {
    const browser = fakeBrowser();
    const first = browser.openTab();
    first.store.start("tok", null, makeUser(Role.admin), false);
    expect(browser.local.getItem(SESSION_STORAGE_KEY)).toBeNull();

    const second = browser.openTab();
    expect(second.store.isResolving()).toBe(true);
    expect(second.store.get()).toBeNull();
    await settle();
    expect(second.store.isResolving()).toBe(false);
    expect(second.store.get()).toMatchObject({ token: "tok", remember: false });
    expect(second.storages.tab?.getItem(SESSION_STORAGE_KEY)).not.toBeNull();

    first.store.replaceToken("fresh");
    await settle();
    expect(second.store.token()).toBe("fresh");

    second.store.end();
    await settle();
    expect(first.store.get()).toBeNull();
    expect(first.storages.tab?.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("after the browser closed, a session without Recordarme is gone", async () => {
    vi.useFakeTimers();
    const browser = fakeBrowser();
    const first = browser.openTab();
    first.store.start("tok", null, makeUser(Role.admin), false);
    first.close(); // the browser closes: sessionStorage goes with the tab
    const later = browser.openTab();
    expect(later.store.isResolving()).toBe(true);
    await vi.advanceTimersByTimeAsync(100);
    expect(later.store.isResolving()).toBe(false);
    expect(later.store.get()).toBeNull();
    expect(browser.local.getItem(TAB_SESSION_HINT_KEY)).toBeNull();
    // Nothing hinted any more: the next tab does not wait.
    expect(browser.openTab().store.isResolving()).toBe(false);
  });
});

describe("session user helpers", () => {
  it("derives the role flags", () => {
    expect(sessionFlags(makeUser(Role.god))).toMatchObject({
      isAdmin: true,
      isAdminGroup: true,
      isLowAdmin: false,
    });
    expect(sessionFlags(makeUser(Role.lowAdmin))).toMatchObject({
      isAdmin: false,
      isAdminGroup: true,
      isLowAdmin: true,
    });
    expect(sessionFlags(makeUser(Role.coordinator))).toMatchObject({
      isCoordinator: true,
      isTeacherGroup: true,
    });
    expect(sessionFlags(makeUser(Role.student))).toMatchObject({ isStudent: true, isTeacherGroup: false });
    expect(sessionFlags(null)).toMatchObject({ isStudent: false, isAdmin: false });
  });

  it("names people", () => {
    expect(fullName(makeUser(Role.student))).toBe("Ana María Pérez");
    expect(firstName(makeUser(Role.student))).toBe("Ana");
    expect(firstName(makeUser(Role.admin))).toBe("Carlos");
    expect(truncate("abcdefghijklmnopq", 16)).toBe("abcdefghijklmnop…");
    expect(truncate("corto", 16)).toBe("corto");
    // No stray space before the ellipsis.
    expect(truncate("Ana María Pérez Gómez", 16)).toBe("Ana María Pérez…");
  });

  it("names roles by gender where known", () => {
    expect(
      roleKey(
        makeUser(Role.coordinator, { teacher: { ...makeUser(Role.coordinator).teacher!, gender: "female" } }),
      ),
    ).toBe("roles.female.3");
    expect(
      roleKey(makeUser(Role.teacher, { teacher: { ...makeUser(Role.teacher).teacher!, gender: "female" } })),
    ).toBe("roles.female.2");
    expect(
      roleKey(makeUser(Role.teacher, { teacher: { ...makeUser(Role.teacher).teacher!, gender: "male" } })),
    ).toBe("roles.2");
    expect(roleKey(makeUser(Role.student))).toBe("roles.female.1");
    expect(roleKey(makeUser(Role.admin))).toBe("roles.5");
  });
});
