import { errorDescriptions } from "../../common/errors";
import i18n from "../i18n";
import type { FieldErrors } from "./field-errors";

/** The error body of every API answer (ARCHITECTURE.md "HTTP contract"). */
export type ApiErrorBody = {
  message?: string;
  code?: string;
  description?: string;
  errors?: FieldErrors;
  /** Why something cannot be done, one Spanish sentence each (422 `timetable_infeasible`). */
  reasons?: string[];
};

export type ApiErrorKind = "http" | "network" | "cancelled";

/** What a failed call throws: an HTTP error answer, no answer at all, or a cancelled request. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly code: string | undefined;
  readonly description: string | undefined;
  readonly errors: FieldErrors | undefined;
  readonly reasons: string[] | undefined;

  constructor(kind: ApiErrorKind, status: number, body: ApiErrorBody = {}) {
    super(body.message ?? (kind === "http" ? `http_${status}` : kind));
    this.name = "ApiError";
    this.kind = kind;
    this.status = status;
    this.code = body.code;
    this.description = body.description;
    this.errors = body.errors;
    this.reasons = body.reasons;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type NoticeTone = "warning" | "error" | "info";

/** A toast to show. `autoClose: false` keeps it until closed. */
export type Notice = { tone: NoticeTone; title?: string; message: string; autoClose: number | false };

/** What the app does about a failed call (spec.md §8). */
export type ErrorBehaviour = {
  notice?: Notice;
  fieldErrors?: FieldErrors;
  endSession?: boolean;
  log?: boolean;
};

export const BAD_REQUEST_MS = 5_000;
export const WARNING_MS = 10_000;

const SILENT_400_CODES = new Set(["EIN001", "LS003"]);
const SILENT_400_MESSAGES = new Set([
  "unable_to_find_enabled_preregisters_period",
  "period_inscriptions_are_disabled",
]);
const TOKEN_NOT_PROVIDED = "Token not provided";

const t = (key: string) => i18n.t(key);

/** A Spanish sentence for a code: the shared catalogue first, then the server's description. */
export function describeApiError(error: ApiError): string {
  return errorDescriptions[error.message] ?? error.description ?? t("errors.http.unknownDetail");
}

function warning(message: string, title?: string): Notice {
  return { tone: "warning", message, autoClose: WARNING_MS, ...(title ? { title } : {}) };
}

/** Maps a failed call to its behaviour; pure, so the catalogue can be tested on its own. */
export function errorBehaviour(error: ApiError): ErrorBehaviour {
  if (error.kind === "cancelled") return {};
  if (error.kind === "network") {
    return { notice: { tone: "error", message: t("errors.http.unreachable"), autoClose: WARNING_MS } };
  }
  const { status, message, code } = error;
  switch (status) {
    case 500:
      return { log: true };
    case 400: {
      if (code === "SEC001") {
        return {
          notice: {
            tone: "error",
            title: t("errors.http.cannotProcess"),
            message: error.description ?? describeApiError(error),
            autoClose: BAD_REQUEST_MS,
          },
        };
      }
      if (message === "prelation_already_exists") {
        return {
          notice: { tone: "error", message: t("errors.http.prelationExists"), autoClose: BAD_REQUEST_MS },
        };
      }
      if ((code && SILENT_400_CODES.has(code)) || SILENT_400_MESSAGES.has(message)) return {};
      // A refusal the server explains (or whose code the catalogue knows) says why in Spanish; only an
      // unknown, unexplained one points at the logs.
      const known =
        error.description ??
        (Object.hasOwn(errorDescriptions, message) ? errorDescriptions[message] : undefined);
      return {
        notice: { tone: "error", message: known ?? t("errors.http.checkLogs"), autoClose: BAD_REQUEST_MS },
      };
    }
    case 401: {
      if (message === TOKEN_NOT_PROVIDED) {
        return { notice: warning(error.description ?? t("errors.http.tokenNotProvided")) };
      }
      const text = error.description ?? errorDescriptions[message] ?? t("errors.http.invalidCredentials");
      return { notice: warning(text), fieldErrors: { email: [text] }, endSession: true };
    }
    case 403:
    case 409:
      return { notice: warning(describeApiError(error)) };
    case 404: {
      if (message === "student_period_fee_not_found") return {};
      if (message === "the_token_has_been_blacklisted") {
        return { notice: warning(t("errors.http.sessionRevoked")), endSession: true };
      }
      return { notice: warning(describeApiError(error)) };
    }
    case 422:
      return {
        notice: { tone: "warning", message: t("errors.http.checkInput"), autoClose: false },
        fieldErrors: error.errors ?? {},
      };
    case 503:
      // The database restarting (database_unavailable) or the file store full: try again in a moment.
      return { notice: warning(describeApiError(error), t("errors.http.unavailableTitle")) };
    default:
      return {
        notice: {
          tone: "warning",
          title: t("errors.http.unexpectedTitle"),
          message: error.description ?? describeApiError(error),
          autoClose: WARNING_MS,
        },
      };
  }
}
