import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { AuthRateLimits } from "./auth/rate-limiter.js";
import { parseStorageUrl } from "./storage/url.js";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** postgres://… of a PostgreSQL 15+ server; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  /** Defaults to `data`, or `data-demo` for `npm run demo`. */
  DATA_DIR: z.string().optional(),
  /** Uploaded files; defaults to DATA_DIR/uploads. */
  STORAGE_DIR: z.string().optional(),
  /**
   * s3://bucket/prefix?endpoint=https://…&region=…&forcePathStyle=1 (credentials as user:password or the AWS_*
   * variables): files go to that object store. Unset: the database on PostgreSQL, STORAGE_DIR otherwise.
   */
  STORAGE_URL: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (!value) return;
      try {
        parseStorageUrl(value);
      } catch (err) {
        ctx.addIssue({
          code: "custom",
          message: `${(err as Error).message}; formato/format: s3://bucket/prefijo?endpoint=https://…&region=…&forcePathStyle=1`,
        });
      }
    }),
  /** Backups (npm run backup, scheduled ones, the /backups page); defaults to DATA_DIR/backups. */
  BACKUP_DIR: z.string().optional(),
  /** Hours between scheduled backups; 0 or unset: none. */
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 365)
    .default(0),
  /** How many archives BACKUP_DIR keeps: older ones are deleted after a successful new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  /** Signing secret for access tokens; when absent one is generated once and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(120),
  REMEMBER_ME_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** smtp(s)://user:pass@host:port; when absent e-mails are written to DATA_DIR/outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Aula <no-reply@aula.local>"),
  /** Public address of the web app, used in e-mailed links; defaults to http://localhost:$PORT. */
  APP_URL: z.string().url().optional(),
  TZ: z.string().default("America/Caracas"),
  /** The school's name, printed on grade sheets, receipts and certificates. */
  INSTITUTION_NAME: z.string().trim().min(1).max(200).default("Aula"),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Set to 1 behind a reverse proxy so client addresses come from X-Forwarded-For. */
  TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0"),
  /** Comma-separated origins (https://app.example.org) allowed to call the API from another site; none by default. */
  CORS_ORIGINS: z.string().default(""),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** pretty (readable lines) or json (one object per line); defaults to pretty in a terminal, else json. */
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  /** How long a server trusts its cached view of a session (role, disabled, logout) before re-reading it. */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** Seconds between deletions of expired recovery links, revoked tokens and rate-limit counters (one server runs each). */
  EXPIRY_SWEEP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(300),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  storageDir: string;
  /** STORAGE_URL: an S3-compatible object store for files (server/storage/s3.ts). */
  storageUrl?: string;
  outboxDir: string;
  /** BACKUP_DIR: where backups are written. */
  backupDir: string;
  /** BACKUP_EVERY_HOURS: hours between scheduled backups (0: none). */
  backupEveryHours: number;
  /** BACKUP_KEEP: archives kept in backupDir. */
  backupKeep: number;
  jwtSecret: string;
  tokenTtlMinutes: number;
  rememberMeTtlDays: number;
  smtpUrl?: string;
  mailFrom: string;
  institutionName: string;
  appUrl: string;
  timeZone: string;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: string;
  /** Unset: chosen at start-up (pretty in a terminal, JSON otherwise). */
  logFormat?: "pretty" | "json";
  trustProxy: boolean;
  /** Origins allowed by CORS (CORS_ORIGINS); empty = same origin only. */
  corsOrigins: string[];
  /** Changes to the login and recovery rate limits (server/auth/rate-limiter.ts has the defaults). */
  authRateLimit?: Partial<AuthRateLimits>;
  /**
   * Milliseconds a server keeps its cached auth state of a user or token (0: no cache). Changes made by
   * this server apply at once; other servers sharing the database see them within this time.
   */
  authCacheTtlMs?: number;
  /** Seconds between runs of the `expire-tokens` job (EXPIRY_SWEEP_SECONDS). */
  expirySweepSeconds: number;
};

/** The folder `npm run demo` uses unless DATA_DIR says otherwise (never the real school's `data`). */
export const demoDataDir = "data-demo";

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(48).toString("base64url");
  let fd: number;
  try {
    // Created exclusively: two processes starting together never each write (and use) their own.
    fd = openSync(file, "wx", 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    return readFileSync(file, "utf8").trim();
  }
  try {
    writeSync(fd, secret);
  } finally {
    closeSync(fd);
  }
  return secret;
}

/** `demo`: `npm run demo` (DATA_DIR defaults to `data-demo`). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, opts: { demo?: boolean } = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR ?? (opts.demo ? demoDataDir : "data"));
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, "uploads")),
    storageUrl: e.STORAGE_URL || undefined,
    outboxDir: path.join(dataDir, "outbox"),
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(dataDir, "backups")),
    backupEveryHours: e.BACKUP_EVERY_HOURS,
    backupKeep: e.BACKUP_KEEP,
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    rememberMeTtlDays: e.REMEMBER_ME_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    institutionName: e.INSTITUTION_NAME,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    timeZone: e.TZ,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    trustProxy: e.TRUST_PROXY === "1" || e.TRUST_PROXY === "true",
    corsOrigins: e.CORS_ORIGINS.split(",")
      .map((origin) => origin.trim().replace(/\/$/, ""))
      .filter(Boolean),
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
    expirySweepSeconds: e.EXPIRY_SWEEP_SECONDS,
  };
}
