import type { SessionUser } from "../../common/session";

/** The session user and the login answer are shared with the server (common/schemas/auth.ts). */
export type { LoginResponse, SessionUser } from "../../common/session";

/** What is kept in storage between visits. */
export type StoredSession = {
  token: string;
  /** ISO instant; null when the server did not say. */
  expiresAt: string | null;
  user: SessionUser;
  /**
   * "Recordarme": kept in localStorage across browser restarts; false keeps it in sessionStorage, so it
   * ends when the browser closes (a shared computer).
   */
  remember: boolean;
};
