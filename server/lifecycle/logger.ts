// Logs: one JSON object per line for machines (the default when stdout is not a terminal), readable
// lines for people (the default in a terminal). LOG_FORMAT=pretty|json overrides the guess.
import type { FastifyServerOptions } from "fastify";
import pinoPretty from "pino-pretty";
import type { Config } from "../config.js";

export type LogFormat = "pretty" | "json";

/** The configured format, else pretty in a terminal and JSON otherwise. */
export function resolveLogFormat(
  config: Pick<Config, "logFormat">,
  stdout: { isTTY?: boolean } = process.stdout,
): LogFormat {
  return config.logFormat ?? (stdout.isTTY ? "pretty" : "json");
}

/** Where log lines go instead of stdout (tests read them). */
export type LogStream = { write(line: string): void };

const HIDDEN = "[oculto]";

/**
 * Values that must never reach a log line: an e-mailed link's token (`?token=…`, `access_token=…`), a password,
 * a secret, whether in a URL, a message or a JSON field of the line.
 */
const SECRET_IN_URL = /\b((?:[a-z_]*token|password|secret)=)[^&#\s"'<>\\]*/gi;
const SECRET_IN_JSON = /("(?:[a-z_]*token|password|secret)"\s*:\s*")(?:[^"\\]|\\.)*(")/gi;

/** `text` with every secret value replaced by "[oculto]". */
export function redactSecrets(text: string): string {
  return text.replace(SECRET_IN_URL, `$1${HIDDEN}`).replace(SECRET_IN_JSON, `$1${HIDDEN}$2`);
}

/** Pages opened from an e-mailed link: their whole query string is the secret. */
const TOKEN_PAGES = ["/confirm-password", "/confirm-account"];

/** The request's URL as logged: without the query string of a token page, without any secret value. */
export function loggedUrl(url: string): string {
  const query = url.indexOf("?");
  const pathname = query === -1 ? url : url.slice(0, query);
  if (query !== -1 && TOKEN_PAGES.includes(pathname.replace(/\/+$/, ""))) return `${pathname}?${HIDDEN}`;
  return redactSecrets(url);
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
};

/** Fastify's request serializer, with the URL as `loggedUrl` gives it. */
function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: loggedUrl(req.url),
    version: req.headers?.["accept-version"] as string | undefined,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Fastify's `logger` option for the app: silent in tests (unless a test hands in `stream` to read the lines),
 * pretty or JSON otherwise. Secrets never reach a line: the request serializer drops token pages' query
 * strings, and every finished line goes through `redactSecrets` (messages, errors, any field).
 */
export function loggerOptions(
  config: Pick<Config, "env" | "logLevel" | "logFormat">,
  stream?: LogStream,
): FastifyServerOptions["logger"] {
  if (config.env === "test" && !stream) return false;
  const common = {
    level: config.logLevel,
    serializers: { req: serializeRequest },
    redact: {
      paths: ["token", "password", "*.token", "*.password", "req.headers.authorization"],
      censor: HIDDEN,
    },
    hooks: { streamWrite: redactSecrets },
  };
  if (stream) return { ...common, stream };
  if (resolveLogFormat(config) === "json") return common;
  return {
    ...common,
    // In the main thread and synchronous, so the last lines before an exit are never lost.
    stream: pinoPretty({
      sync: true,
      colorize: Boolean(process.stdout.isTTY),
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname",
    }),
  };
}

/**
 * Lines in a frame, for what a person must not miss among the log lines (the first administrator's
 * password, the demo accounts):
 *
 *   ┌──────────────────────┐
 *   │ Primer administrador │
 *   └──────────────────────┘
 */
export function framed(lines: string[]): string {
  const width = Math.max(...lines.map((l) => [...l].length));
  const pad = (l: string) => l + " ".repeat(width - [...l].length);
  return [
    `┌${"─".repeat(width + 2)}┐`,
    ...lines.map((l) => `│ ${pad(l)} │`),
    `└${"─".repeat(width + 2)}┘`,
  ].join("\n");
}
