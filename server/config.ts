import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** postgres://… of a PostgreSQL 15+ server; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("data"),
  /** Uploaded files; defaults to DATA_DIR/uploads. */
  STORAGE_DIR: z.string().optional(),
  /** Signing secret for access tokens; when absent one is generated once and kept in DATA_DIR/jwt-secret. */
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(120),
  REMEMBER_ME_TTL_DAYS: z.coerce.number().int().positive().default(30),
  /** smtp(s)://user:pass@host:port; when absent e-mails are written to DATA_DIR/outbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Aula <no-reply@aula.local>"),
  /** Public address of the web app, used in e-mailed links. */
  APP_URL: z.string().url().default("http://localhost:3000"),
  TZ: z.string().default("America/Caracas"),
  ADMIN_EMAIL: z.string().email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Set to 1 behind a reverse proxy so client addresses come from X-Forwarded-For. */
  TRUST_PROXY: z.enum(["0", "1", "true", "false"]).default("0"),
  /** Comma-separated origins (https://app.example.org) allowed to call the API from another site; none by default. */
  CORS_ORIGINS: z.string().default(""),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How long a server trusts its cached view of a session (role, disabled, logout) before re-reading it. */
  AUTH_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(3000),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  storageDir: string;
  outboxDir: string;
  jwtSecret: string;
  tokenTtlMinutes: number;
  rememberMeTtlDays: number;
  smtpUrl?: string;
  mailFrom: string;
  appUrl: string;
  timeZone: string;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: string;
  trustProxy: boolean;
  /** Origins allowed by CORS (CORS_ORIGINS); empty = same origin only. */
  corsOrigins: string[];
  /** Rate limits for login and recovery calls (per IP and minute). */
  authRateLimit: { max: number; timeWindowMs: number };
  /**
   * Milliseconds a server keeps its cached auth state of a user or token (0: no cache). Changes made by
   * this server apply at once; other servers sharing the database see them within this time.
   */
  authCacheTtlMs?: number;
};

function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    storageDir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, "uploads")),
    outboxDir: path.join(dataDir, "outbox"),
    jwtSecret: e.JWT_SECRET ?? loadOrCreateSecret(dataDir),
    tokenTtlMinutes: e.TOKEN_TTL_MINUTES,
    rememberMeTtlDays: e.REMEMBER_ME_TTL_DAYS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    appUrl: e.APP_URL.replace(/\/$/, ""),
    timeZone: e.TZ,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY === "1" || e.TRUST_PROXY === "true",
    corsOrigins: e.CORS_ORIGINS.split(",")
      .map((origin) => origin.trim().replace(/\/$/, ""))
      .filter(Boolean),
    authRateLimit: { max: 10, timeWindowMs: 60_000 },
    authCacheTtlMs: e.AUTH_CACHE_TTL_MS,
  };
}
