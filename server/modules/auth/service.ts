import { eq, lt, sql } from "drizzle-orm";
import type { LoginResponse, MessageResponse } from "../../../common/schemas/auth.js";
import { recordAudit, recordLogin, recordLoginFailed } from "../../audit/record.js";
import { authErrors } from "../../auth/errors.js";
import { hashPassword, verifyPassword } from "../../auth/password.js";
import type { SessionCache } from "../../auth/session-cache.js";
import { signAccessToken } from "../../auth/tokens.js";
import {
  consumeUserToken,
  findUserTokenOwner,
  issueUserToken,
  userTokenTtlMs,
} from "../../auth/user-tokens.js";
import type { Config } from "../../config.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { revokedTokens, users } from "../../db/schema/index.js";
import { accountConfirmationEmail, type Mailer, passwordRecoveryEmail } from "../../mail/index.js";
import { loadSessionUser } from "./session-user.js";

type AuthConfig = Pick<Config, "jwtSecret" | "tokenTtlMinutes" | "rememberMeTtlDays">;

/** Lifetime of an access token: remember-me lengthens it from minutes to days. */
export function accessTokenTtlSeconds(config: AuthConfig, remember: boolean): number {
  return remember ? config.rememberMeTtlDays * 86400 : config.tokenTtlMinutes * 60;
}

/** The user with this e-mail, compared case-insensitively. */
export async function findUserByEmail(db: DbOrTx, email: string) {
  const [user] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email.trim()})`);
  return user ?? null;
}

/**
 * Checks the credentials and opens a session. An unknown e-mail, a wrong password and an account
 * without a password (not confirmed) give the same `auth_failed`, after the same scrypt work; a
 * disabled account is told so only once its password is right.
 */
export async function login(opts: {
  db: Db;
  config: AuthConfig;
  email: string;
  password: string;
  remember: boolean;
  /** The client's address, for the audit log. */
  ip?: string | null;
}): Promise<LoginResponse> {
  const user = await findUserByEmail(opts.db, opts.email);
  const ok = await verifyPassword(opts.password, user?.passwordHash);
  const attempt = { email: opts.email, userId: user?.id ?? null, ip: opts.ip ?? null };
  if (!user || !ok) {
    await recordLoginFailed(opts.db, { ...attempt, reason: "invalid_credentials" });
    throw authErrors.authFailed();
  }
  if (user.disabled) {
    await recordLoginFailed(opts.db, { ...attempt, reason: "user_disabled" });
    throw authErrors.userDisabled();
  }
  await recordLogin(opts.db, { userId: user.id, ip: attempt.ip });
  const { token, claims } = await signAccessToken({
    secret: opts.config.jwtSecret,
    userId: user.id,
    ttlSeconds: accessTokenTtlSeconds(opts.config, opts.remember),
    remember: opts.remember,
    sessionVersion: user.sessionVersion,
  });
  const sessionUser = await loadSessionUser({ db: opts.db, userId: user.id });
  return {
    access_token: token,
    token_type: "bearer",
    expires_at: claims.expiresAt.toISOString(),
    user: sessionUser!,
  };
}

/** Revokes an access token until it would have expired anyway; forgets revocations already past. */
export async function logout(opts: {
  db: Db;
  sessions: SessionCache;
  jti: string;
  expiresAt: Date;
}): Promise<void> {
  opts.sessions.revoke(opts.jti);
  await opts.db
    .insert(revokedTokens)
    .values({ jti: opts.jti, expiresAt: opts.expiresAt })
    .onConflictDoNothing();
  await opts.db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, sql`now()`));
}

/**
 * Sets the password of a new account from its e-mailed token (single-use, 7 days) and confirms it.
 * A token of an account that is already confirmed answers `already_confirmed`; any other bad token
 * `invalid_token`.
 */
export async function confirmAccount(opts: {
  db: Db;
  token: string;
  password: string;
  /** Client address for the audit log. */
  ip?: string | null;
}): Promise<void> {
  const passwordHash = await hashPassword(opts.password);
  await opts.db.transaction(async (tx) => {
    const ownerId = await findUserTokenOwner({ db: tx, token: opts.token, purpose: "confirm" });
    if (ownerId === null) throw authErrors.invalidToken();
    const [owner] = await tx
      .select({ confirmedAt: users.emailConfirmedAt })
      .from(users)
      .where(eq(users.id, ownerId))
      .for("update");
    if (owner?.confirmedAt) throw authErrors.alreadyConfirmed();
    const userId = await consumeUserToken({ db: tx, token: opts.token, purpose: "confirm" });
    if (userId === null) throw authErrors.invalidToken();
    await tx
      .update(users)
      .set({ passwordHash, emailConfirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    // The token proves the person: they are the actor. Only that it happened, never the password.
    await recordAudit(tx, {
      actorId: userId,
      ip: opts.ip ?? null,
      action: "user.account_confirmed",
      entityType: "user",
      entityId: userId,
    });
  });
}

/** The one answer to a recovery request, whether or not the e-mail belongs to an account. */
export const passwordResetRequested: MessageResponse = {
  message: "password_reset_requested",
  description:
    "Si el correo electrónico está registrado, en breve recibirá un enlace para recuperar su contraseña.",
};

export type PasswordResetRequest = {
  db: Db;
  config: Pick<Config, "appUrl">;
  mailer: Mailer;
  email: string;
  ip?: string | null;
};

/**
 * Sends a recovery link (60 minutes) to an enabled account with this e-mail; nothing for an unknown or
 * disabled one. Callers run it after answering (`startPasswordReset`), so neither the answer nor its
 * timing tells whether the e-mail belongs to an account.
 */
export async function sendPasswordReset(opts: PasswordResetRequest): Promise<void> {
  const user = await findUserByEmail(opts.db, opts.email);
  if (!user || user.disabled) return;
  const { token } = await opts.db.transaction(async (tx) => {
    const issued = await issueUserToken({ db: tx, userId: user.id, purpose: "recover" });
    // Asked by a visitor without a session: no actor; only that a link was sent (never the token).
    await recordAudit(tx, {
      actorId: null,
      ip: opts.ip ?? null,
      action: "user.password_reset_requested",
      entityType: "user",
      entityId: user.id,
    });
    return issued;
  });
  opts.mailer.sendInBackground(
    passwordRecoveryEmail({
      to: user.email,
      name: user.name,
      link: `${opts.config.appUrl}/confirm-password?token=${token}`,
      validMinutes: userTokenTtlMs.recover / 60_000,
    }),
  );
}

const pendingResets = new Set<Promise<void>>();

/** Runs `sendPasswordReset` in the background; a failure is logged, never seen by the visitor. */
export function startPasswordReset(
  opts: PasswordResetRequest & { log: { error(obj: object, msg?: string): void } },
): void {
  const job: Promise<void> = sendPasswordReset(opts)
    .catch((err: unknown) => opts.log.error({ err }, "password reset could not be issued"))
    .finally(() => pendingResets.delete(job));
  pendingResets.add(job);
}

/** Resolves once every recovery request started so far has been handled (tests, shutdown). */
export async function passwordResetsIdle(): Promise<void> {
  while (pendingResets.size > 0) await Promise.all([...pendingResets]);
}

/**
 * Sets a new password from a recovery token (single-use); it also confirms an unconfirmed account. Every
 * session of the account ends (its session version moves on).
 */
export async function recoverPassword(opts: {
  db: Db;
  sessions: SessionCache;
  token: string;
  password: string;
  ip?: string | null;
}): Promise<void> {
  const passwordHash = await hashPassword(opts.password);
  const userId = await opts.db.transaction(async (tx) => {
    const userId = await consumeUserToken({ db: tx, token: opts.token, purpose: "recover" });
    if (userId === null) throw authErrors.invalidToken();
    await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`,
        tokensValidAfter: sql`now()`,
        sessionVersion: sql`${users.sessionVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
    await recordAudit(tx, {
      actorId: userId,
      ip: opts.ip ?? null,
      action: "user.password_recovered",
      entityType: "user",
      entityId: userId,
    });
    return userId;
  });
  opts.sessions.forgetUser(userId);
}

/**
 * E-mails an account-confirmation link (7 days) to a user who has not confirmed yet
 * (`already_confirmed` otherwise). Other modules call it after creating an account; with
 * `background` the caller does not wait for the mail server.
 */
export async function sendAccountConfirmation(opts: {
  db: DbOrTx;
  config: Pick<Config, "appUrl">;
  mailer: Mailer;
  userId: number;
  background?: boolean;
}): Promise<void> {
  const [user] = await opts.db.select().from(users).where(eq(users.id, opts.userId));
  if (!user) throw authErrors.userNotFound();
  if (user.emailConfirmedAt) throw authErrors.alreadyConfirmed();
  const { token } = await issueUserToken({ db: opts.db, userId: user.id, purpose: "confirm" });
  const message = accountConfirmationEmail({
    to: user.email,
    name: user.name,
    link: `${opts.config.appUrl}/confirm-account?token=${token}`,
    validDays: userTokenTtlMs.confirm / 86_400_000,
  });
  if (opts.background) opts.mailer.sendInBackground(message);
  else await opts.mailer.send(message);
}
