import { randomBytes } from "node:crypto";
import { count, sql } from "drizzle-orm";
import { Role } from "../../common/roles.js";
import { recordUserCreated, systemAudit } from "../audit/record.js";
import { hashPassword } from "../auth/password.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import { users } from "../db/schema/index.js";

export const defaultAdminEmail = "admin@aula.local";

export type FirstAdminResult =
  | { created: false }
  | {
      created: true;
      email: string;
      /** The password to print once: the configured one, or a generated one. */
      password: string;
      generatedPassword: boolean;
    };

type Log = { info(obj: object, msg?: string): void };

/** A strong random password: 20 characters of letters and digits (about 119 bits). */
export function generatePassword(length = 20): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling keeps every character equally likely.
      if (byte < 256 - (256 % alphabet.length)) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/**
 * On an empty users table, creates the first administrator (type 5, confirmed) from ADMIN_EMAIL and
 * ADMIN_PASSWORD, generating a password when none is configured. Answers the credentials so the caller
 * prints them once; answers `{ created: false }` when any user exists. Safe when several processes
 * start together (a transaction-scoped advisory lock serializes them).
 */
export async function ensureFirstAdmin(
  db: Db,
  config: Pick<Config, "adminEmail" | "adminPassword">,
  log?: Log,
): Promise<FirstAdminResult> {
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return { created: false };
  const email = config.adminEmail ?? defaultAdminEmail;
  const generatedPassword = !config.adminPassword;
  const password = config.adminPassword ?? generatePassword();
  const passwordHash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7239001)`);
    const [row] = await tx.select({ n: count() }).from(users);
    if ((row?.n ?? 0) > 0) return false;
    const [admin] = await tx
      .insert(users)
      .values({
        type: Role.admin,
        name: "Administrador",
        email,
        passwordHash,
        emailConfirmedAt: new Date(),
      })
      .returning();
    await recordUserCreated(tx, systemAudit, admin!);
    return true;
  });
  if (!created) return { created: false };
  log?.info({ email, generatedPassword }, "first administrator created");
  return { created: true, email, password, generatedPassword };
}
