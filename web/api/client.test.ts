import { notificationsStore } from "@mantine/notifications";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SESSION_STORAGE_KEY } from "../session/storage";
import { sessionStore } from "../session/store";
import { jsonResponse, loginAs, mockFetch, resetAppState, shownNotifications } from "../test/render";
import { api, buildUrl } from "./client";
import { ApiError, BAD_REQUEST_MS, WARNING_MS } from "./errors";
import { fieldErrorStore } from "./field-errors";
import { cancelPendingRequests, pendingRequestCount } from "./pending";

/** Calls the API once with the given answer and returns what was thrown. */
async function failWith(status: number, body: unknown): Promise<ApiError> {
  mockFetch(() => jsonResponse(status, body));
  const error = await api.get("/things").catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  resetAppState();
  loginAs(5);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("requests", () => {
  it("sends the bearer token, JSON body and query to /api", async () => {
    const fetch = mockFetch(() => jsonResponse(200, { data: { id: 1 } }));
    const answer = await api.post<{ data: { id: number } }>(
      "/classrooms",
      { code: "A1" },
      { query: { a: 1 } },
    );
    expect(answer.data.id).toBe(1);
    const [url, init = {}] = fetch.mock.calls[0]!;
    const headers = init.headers as Record<string, string>;
    expect(url).toBe("/api/classrooms?a=1");
    expect(init.method).toBe("POST");
    expect(headers.Authorization).toBe("Bearer test-token");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(init.body).toBe(JSON.stringify({ code: "A1" }));
  });

  it("leaves out the token for guest calls and sends FormData untouched", async () => {
    const fetch = mockFetch(() => jsonResponse(204));
    const form = new FormData();
    form.append("photo", "x");
    expect(await api.post("/login", form, { auth: false })).toBeUndefined();
    const init = fetch.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect((init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
    expect(init.body).toBe(form);
  });

  it("builds list query strings, dropping empty values and writing booleans as 1/0", () => {
    expect(
      buildUrl("/periods", { page: 1, limit: 0, search: "", sort_by: "year,desc", x: null, on: true }),
    ).toBe("/api/periods?page=1&limit=0&sort_by=year%2Cdesc&on=1");
  });

  it("replaces the stored token when a response carries Authorization", async () => {
    mockFetch(() =>
      jsonResponse(
        200,
        { data: [] },
        { Authorization: "Bearer fresh-token", "X-Token-Expires-At": "2099-01-01T00:00:00Z" },
      ),
    );
    await api.get("/things");
    expect(sessionStore.token()).toBe("fresh-token");
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? "{}")).toMatchObject({
      token: "fresh-token",
      expires_at: "2099-01-01T00:00:00Z",
    });
    const fetch = mockFetch(() => jsonResponse(200, {}));
    await api.get("/again");
    expect((fetch.mock.calls[0]![1]!.headers as Record<string, string>).Authorization).toBe(
      "Bearer fresh-token",
    );
  });

  it("also takes a fresh token from an error answer", async () => {
    mockFetch(() =>
      jsonResponse(404, { message: "student_period_fee_not_found" }, { Authorization: "Bearer t2" }),
    );
    await api.get("/x").catch(() => {});
    expect(sessionStore.token()).toBe("t2");
  });
});

describe("cancellation", () => {
  it("aborts pending cancellable requests on demand, silently", async () => {
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        }),
    );
    const call = api.get("/slow").catch((e: unknown) => e);
    const kept = api.get("/bell", { cancellable: false }).catch((e: unknown) => e);
    expect(pendingRequestCount()).toBe(1);
    cancelPendingRequests();
    const error = (await call) as ApiError;
    expect(error.kind).toBe("cancelled");
    expect(shownNotifications()).toEqual([]);
    expect(pendingRequestCount()).toBe(0);
    void kept;
  });

  it("follows an outside AbortSignal (TanStack Query's)", async () => {
    mockFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("Aborted", "AbortError")));
        }),
    );
    const controller = new AbortController();
    const call = api.get("/slow", { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await call) as ApiError).kind).toBe("cancelled");
    expect(shownNotifications()).toEqual([]);
  });
});

describe("error catalogue (spec.md §8)", () => {
  it("500: logged only", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await failWith(500, { message: "unhandled_error" });
    expect(log).toHaveBeenCalled();
    expect(shownNotifications()).toEqual([]);
    expect(sessionStore.get()).not.toBeNull();
  });

  it("400 SEC001: 'Imposible procesar' with the server description, 5 s", async () => {
    await failWith(400, { message: "x", code: "SEC001", description: "No se puede borrar" });
    expect(shownNotifications()).toMatchObject([
      { title: "Imposible procesar", message: "No se puede borrar", autoClose: BAD_REQUEST_MS },
    ]);
  });

  it("400 prelation_already_exists: 'La prelación ya existe'", async () => {
    await failWith(400, { message: "prelation_already_exists" });
    expect(shownNotifications()).toMatchObject([
      { message: "La prelación ya existe", autoClose: BAD_REQUEST_MS },
    ]);
  });

  it.each([
    [{ message: "a", code: "EIN001" }],
    [{ message: "b", code: "LS003" }],
    [{ message: "unable_to_find_enabled_preregisters_period" }],
    [{ message: "period_inscriptions_are_disabled" }],
  ])("400 silent: %j", async (body) => {
    const error = await failWith(400, body);
    expect(error.status).toBe(400);
    expect(shownNotifications()).toEqual([]);
  });

  it("other 400 with the server's description: that description for 5 s", async () => {
    await failWith(400, {
      message: "invalid_token",
      description: "El enlace no es válido o ha expirado. Solicite uno nuevo.",
    });
    expect(shownNotifications()).toMatchObject([
      { message: "El enlace no es válido o ha expirado. Solicite uno nuevo.", autoClose: BAD_REQUEST_MS },
    ]);
  });

  it("other 400 with a known code and no description: the catalogue's text", async () => {
    await failWith(400, { message: "letter_code_already_exists" });
    expect(shownNotifications()).toMatchObject([
      { message: "Ya existe una sección con esa letra en el semestre y período.", autoClose: BAD_REQUEST_MS },
    ]);
  });

  it("other 400, unknown and unexplained: 'Consultar logs para más información' for 5 s", async () => {
    await failWith(400, { message: "something_new" });
    expect(shownNotifications()).toMatchObject([
      { message: "Consultar logs para más información", autoClose: BAD_REQUEST_MS },
    ]);
  });

  it("only the persistent 422 notice has a close button (spec.md §4)", async () => {
    const closeButtons = () => notificationsStore.getState().notifications.map((n) => n.withCloseButton);
    await failWith(400, { message: "something_new" });
    await failWith(404, { message: "resource_not_found" });
    expect(closeButtons()).toEqual([false, false]);
    await failWith(422, { message: "validation_failed", errors: {} });
    expect(closeButtons()).toEqual([false, false, true]);
    // Named for screen readers.
    expect(notificationsStore.getState().notifications[2]?.closeButtonProps).toMatchObject({
      "aria-label": "Cerrar",
    });
  });

  it("401: marks the e-mail field invalid_credentials, warns and ends the session", async () => {
    await failWith(401, { message: "auth_failed", description: "Por favor verifique sus datos." });
    expect(fieldErrorStore.get()).toEqual({ email: ["Por favor verifique sus datos."] });
    expect(shownNotifications()).toMatchObject([
      { message: "Por favor verifique sus datos.", color: "yellow", autoClose: WARNING_MS },
    ]);
    expect(sessionStore.get()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("401 'Token not provided': only a warning", async () => {
    await failWith(401, { message: "Token not provided" });
    expect(shownNotifications()).toHaveLength(1);
    expect(shownNotifications()[0]!.color).toBe("yellow");
    expect(fieldErrorStore.get()).toEqual({});
    expect(sessionStore.get()).not.toBeNull();
  });

  it.each([403, 409])("%i: a warning from the catalogue", async (status) => {
    await failWith(status, { message: "this_action_is_unauthorized" });
    expect(shownNotifications()).toMatchObject([
      { message: "No tiene permiso para realizar esta acción.", color: "yellow", autoClose: WARNING_MS },
    ]);
  });

  it("409 with a code missing from the catalogue uses the server description", async () => {
    await failWith(409, { message: "some_new_conflict", description: "Conflicto" });
    expect(shownNotifications()).toMatchObject([{ message: "Conflicto" }]);
  });

  it("404 student_period_fee_not_found: silent", async () => {
    await failWith(404, { message: "student_period_fee_not_found" });
    expect(shownNotifications()).toEqual([]);
    expect(sessionStore.get()).not.toBeNull();
  });

  it("404 the_token_has_been_blacklisted: ends the session", async () => {
    await failWith(404, { message: "the_token_has_been_blacklisted" });
    expect(sessionStore.get()).toBeNull();
    expect(shownNotifications()).toHaveLength(1);
  });

  it("other 404: a warning", async () => {
    await failWith(404, { message: "resource_not_found" });
    expect(shownNotifications()).toMatchObject([
      { message: "El recurso solicitado no existe.", color: "yellow" },
    ]);
    expect(sessionStore.get()).not.toBeNull();
  });

  it("422: persistent notice and field errors stored per field", async () => {
    const errors = {
      code: ["El campo código es obligatorio.", "otro"],
      max_capacity: ["Debe ser un número."],
    };
    await failWith(422, { message: "validation_failed", errors });
    expect(shownNotifications()).toMatchObject([
      { message: "Por favor verifique la información ingresada", autoClose: false },
    ]);
    expect(fieldErrorStore.get()).toEqual(errors);
  });

  it("a new write clears the previous field errors", async () => {
    fieldErrorStore.set({ code: ["x"] });
    mockFetch(() => jsonResponse(201, { data: {} }));
    await api.post("/classrooms", {});
    expect(fieldErrorStore.get()).toEqual({});
  });

  it("no response: 'No fue posible contactar con el servidor'", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    const error = (await api.get("/x").catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("network");
    expect(shownNotifications()).toMatchObject([{ message: "No fue posible contactar con el servidor" }]);
  });

  it("fallback: warning titled 'Ha ocurrido un error inesperado' for 10 s", async () => {
    await failWith(413, { message: "payload_too_large", description: "Archivo muy grande" });
    expect(shownNotifications()).toMatchObject([
      { title: "Ha ocurrido un error inesperado", message: "Archivo muy grande", autoClose: 10_000 },
    ]);
  });

  it("quiet calls skip the catalogue", async () => {
    mockFetch(() => jsonResponse(401, { message: "auth_failed" }));
    await api.get("/x", { quiet: true }).catch(() => {});
    await api.get("/x", { quiet: (e) => e.status === 401 }).catch(() => {});
    expect(shownNotifications()).toEqual([]);
    expect(sessionStore.get()).not.toBeNull();
  });
});
