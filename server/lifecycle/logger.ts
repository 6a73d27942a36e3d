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

/** Fastify's `logger` option for the app: silent in tests, pretty or JSON otherwise. */
export function loggerOptions(
  config: Pick<Config, "env" | "logLevel" | "logFormat">,
): FastifyServerOptions["logger"] {
  if (config.env === "test") return false;
  if (resolveLogFormat(config) === "json") return { level: config.logLevel };
  return {
    level: config.logLevel,
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
