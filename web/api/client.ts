import { sessionStore } from "../session/store";
import { ApiError, type ApiErrorBody, errorBehaviour } from "./errors";
import { fieldErrorStore } from "./field-errors";
import { showNotice } from "./notify";
import { trackRequest } from "./pending";

export const API_BASE = "/api";

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly (string | number)[]>;

export type RequestOptions = {
  /** Query-string parameters; null, undefined and "" are left out. */
  query?: QueryParams;
  /** JSON-serialisable value, or FormData for a multipart call. */
  body?: unknown;
  /** An outside signal (TanStack Query's) that also aborts the call. */
  signal?: AbortSignal;
  /** Aborted on route change (default true); false for uploads and the notification bell. */
  cancellable?: boolean;
  /** Sends the bearer token (default true); false for login and the guest calls. */
  auth?: boolean;
  /** Skips the error catalogue (toasts, field errors, ending the session): always, or when it returns true. */
  quiet?: boolean | ((error: ApiError) => boolean);
  headers?: Record<string, string>;
  /** How to read a successful answer (default: JSON when the server says so, else text). */
  responseType?: "json" | "blob" | "text";
};

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith("/") ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else if (value !== null && value !== undefined && value !== "") {
      params.append(key, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Stores the fresh token a response may carry (spec.md §4 Session). */
function storeRefreshedToken(response: Response) {
  const header = response.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  if (match?.[1]) sessionStore.replaceToken(match[1], response.headers.get("X-Token-Expires-At"));
}

async function readBody(response: Response, responseType?: RequestOptions["responseType"]): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  if (responseType === "blob") return response.blob();
  const text = await response.text();
  if (responseType === "text") return text;
  if (!text) return undefined;
  const type = response.headers.get("Content-Type") ?? "";
  if (responseType === "json" || type.includes("json")) return JSON.parse(text);
  return text;
}

async function readErrorBody(response: Response): Promise<ApiErrorBody> {
  try {
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : {};
    return parsed && typeof parsed === "object" ? (parsed as ApiErrorBody) : {};
  } catch {
    return {};
  }
}

/** Applies the error catalogue of spec.md §8 unless the caller handles the error itself. */
export function handleApiError(error: ApiError): void {
  const behaviour = errorBehaviour(error);
  if (behaviour.log) console.error("[api]", error.status, error.message, error.description ?? "");
  if (behaviour.fieldErrors) fieldErrorStore.set(behaviour.fieldErrors);
  if (behaviour.notice) showNotice(behaviour.notice);
  // The login screen that follows shows the e-mail field error (a route change clears the store).
  if (behaviour.endSession) sessionStore.end({ fieldErrors: behaviour.fieldErrors });
}

function isQuiet(options: RequestOptions, error: ApiError): boolean {
  const { quiet } = options;
  return typeof quiet === "function" ? quiet(error) : quiet === true;
}

export async function request<T = unknown>(
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  const controller = new AbortController();
  const outer = options.signal;
  const forward = () => controller.abort();
  if (outer?.aborted) controller.abort();
  outer?.addEventListener("abort", forward);
  const untrack = options.cancellable === false ? () => {} : trackRequest(controller);

  const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
  const token = sessionStore.token();
  if (options.auth !== false && token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (method !== "GET" && options.quiet !== true) fieldErrorStore.clear();

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, options.query), {
        method,
        headers,
        body,
        signal: controller.signal,
      });
    } catch {
      const kind = controller.signal.aborted ? "cancelled" : "network";
      throw new ApiError(kind, 0, { message: kind === "network" ? "unable_to_reach_server" : "cancelled" });
    }
    storeRefreshedToken(response);
    if (!response.ok) throw new ApiError("http", response.status, await readErrorBody(response));
    try {
      return (await readBody(response, options.responseType)) as T;
    } catch {
      if (controller.signal.aborted) throw new ApiError("cancelled", 0, { message: "cancelled" });
      throw new ApiError("http", response.status, { message: "invalid_response" });
    }
  } catch (error) {
    const apiError =
      error instanceof ApiError ? error : new ApiError("network", 0, { message: String(error) });
    if (!isQuiet(options, apiError)) handleApiError(apiError);
    throw apiError;
  } finally {
    outer?.removeEventListener("abort", forward);
    untrack();
  }
}

type NoBody = Omit<RequestOptions, "body">;

/**
 * The API client: paths are relative to /api. `get(path, { query, signal })`, `post(path, body, options)`,
 * `patch`, `put`, `delete(path, options)` (a bulk delete may pass `body` in options).
 */
export const api = {
  request,
  get: <T = unknown>(path: string, options?: NoBody) => request<T>("GET", path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: NoBody) =>
    request<T>("POST", path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: NoBody) =>
    request<T>("PUT", path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: NoBody) =>
    request<T>("PATCH", path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
};
