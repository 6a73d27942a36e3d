import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { describeError } from "../../common/errors";
import { sessionStore } from "../session/store";
import { jsonResponse, loginAs, mockFetch, resetAppState, shownNotifications } from "../test/render";
import { api } from "./client";
import { WARNING_MS } from "./errors";

beforeEach(() => {
  resetAppState();
  loginAs(5);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("503: the database restarting", () => {
  it("says so in Spanish, as a passing warning, and keeps the session", async () => {
    mockFetch(() =>
      jsonResponse(503, {
        message: "database_unavailable",
        description: describeError("database_unavailable"),
      }),
    );
    await api.post("/classrooms", { code: "A-1" }).catch(() => {});
    expect(shownNotifications()).toMatchObject([
      {
        title: "No disponible por un momento",
        message: "La base de datos no está disponible en este momento. Inténtelo de nuevo en unos segundos.",
        autoClose: WARNING_MS,
      },
    ]);
    expect(sessionStore.get()).not.toBeNull();
  });
});
