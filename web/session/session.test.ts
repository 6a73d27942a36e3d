import { beforeEach, describe, expect, it } from "vitest";
import { Role } from "../../common/roles";
import { makeUser, resetAppState } from "../test/render";
import { readStoredSession, TOKEN_EXPIRY_STORAGE_KEY, TOKEN_STORAGE_KEY, USER_STORAGE_KEY } from "./storage";
import { sessionStore } from "./store";
import { firstName, fullName, sessionFlags, truncate } from "./user";

beforeEach(() => resetAppState());

function store(expiresAt: string | null) {
  localStorage.setItem(TOKEN_STORAGE_KEY, "tok");
  if (expiresAt) localStorage.setItem(TOKEN_EXPIRY_STORAGE_KEY, expiresAt);
  localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(makeUser(Role.student)));
}

describe("stored session", () => {
  it("uses the default build-time keys", () => {
    expect(TOKEN_STORAGE_KEY).toBe("aula.token");
    expect(TOKEN_EXPIRY_STORAGE_KEY).toBe("aula.token_expires_at");
  });

  it("reads a valid session", () => {
    store(new Date(Date.now() + 60_000).toISOString());
    expect(readStoredSession()).toMatchObject({ token: "tok", user: { type: Role.student } });
  });

  it("clears an expired session on load", () => {
    store(new Date(Date.now() - 1_000).toISOString());
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it("clears a malformed session", () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, "tok");
    localStorage.setItem(USER_STORAGE_KEY, "{nope");
    expect(readStoredSession()).toBeNull();
  });

  it("start, replaceToken and end keep storage in step", () => {
    sessionStore.start("a", "2099-01-01T00:00:00Z", makeUser(Role.admin));
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("a");
    sessionStore.replaceToken("b");
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe("b");
    expect(localStorage.getItem(TOKEN_EXPIRY_STORAGE_KEY)).toBe("2099-01-01T00:00:00Z");
    sessionStore.end();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    sessionStore.replaceToken("c");
    expect(sessionStore.get()).toBeNull();
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
  });
});
