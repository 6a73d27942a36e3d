import type { LoginResponse } from "../session/types";
import type { ApiErrorBody } from "./errors";

export type LoginPayload = { email: string; password: string; remember_me: boolean };

/** A refused login: the HTTP status (0 when the server could not be reached) and the error body. */
export class LoginRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message ?? `http_${status}`);
    this.name = "LoginRefused";
  }
}

/**
 * POST /api/login with nothing but fetch: the login page is the first screen most people see, so it does
 * not load the app's HTTP client (toasts, the error catalogue, request tracking). The screen shows the
 * server's Spanish description itself.
 */
export async function requestLogin(payload: LoginPayload): Promise<LoginResponse> {
  let response: Response;
  try {
    response = await fetch("/api/login", {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      body: JSON.stringify(payload),
    });
  } catch {
    throw new LoginRefused(0, { message: "unable_to_reach_server" });
  }
  let body: unknown = {};
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : {};
  } catch {
    body = {};
  }
  if (!response.ok) throw new LoginRefused(response.status, (body ?? {}) as ApiErrorBody);
  return body as LoginResponse;
}
