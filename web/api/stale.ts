import { isApiError } from "./errors";

/**
 * A save refused because someone else saved the record after this screen read it (409 `stale_record`,
 * issue 27). The client's catalogue already shows the server's Spanish message; the screen reloads the
 * current values so the person can review them and save again.
 */
export const isStaleRecord = (error: unknown): boolean =>
  isApiError(error) && error.status === 409 && error.message === "stale_record";
