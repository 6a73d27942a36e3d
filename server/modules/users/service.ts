import { and, eq, ne, sql } from "drizzle-orm";
import type { SessionUser } from "../../../common/schemas/auth.js";
import type { UserResource } from "../../../common/schemas/users.js";
import { profilePictureMaxBytes } from "../../../common/schemas/users.js";
import { type AuditContext, recordAudit, recordUserChanges } from "../../audit/record.js";
import { authErrors } from "../../auth/errors.js";
import { hashPassword, verifyPassword } from "../../auth/password.js";
import { RateLimited, type Throttle } from "../../auth/rate-limiter.js";
import type { SessionCache } from "../../auth/session-cache.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import { AppError, notFound } from "../../http/errors.js";
import { fieldError } from "../../http/validation.js";
import type { Mailer } from "../../mail/index.js";
import { type FileStorage, StorageWriteError } from "../../storage/types.js";
import { sendAccountConfirmation } from "../auth/service.js";
import { loadSessionUser } from "../auth/session-user.js";
import {
  deletePicture,
  detectImage,
  mimeOfPicture,
  openPicture,
  reencodePicture,
  storePicture,
} from "./pictures.js";
import { type Actor, assertCanManageAccount, assertCanViewAccount } from "./policy.js";
import { hasOwnPicture, presentUser } from "./presenter.js";

async function findUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw authErrors.userNotFound();
  return user;
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
};

/** The audit context of a service call: the acting user and the client address the route passed. */
const auditOf = (opts: { actor: Actor; ip?: string | null }): AuditContext => ({
  actorId: opts.actor.id,
  ip: opts.ip ?? null,
});

/** The caller's own session user (same shape as the login answer's `user`). */
export async function getSessionUser(opts: { db: Db; actor: Actor }): Promise<SessionUser> {
  const user = await loadSessionUser({ db: opts.db, userId: opts.actor.id });
  if (!user) throw authErrors.userNotFound();
  return user;
}

export async function getUser(opts: { db: Db; actor: Actor; userId: number }): Promise<UserResource> {
  const user = await findUser(opts.db, opts.userId);
  assertCanViewAccount(opts.actor, user);
  return presentUser(user);
}

/** A person changing their own account proves it with their current password. */
async function assertCurrentPassword(opts: {
  actor: Actor;
  user: { id: number; passwordHash: string | null };
  field: string;
  password: string | undefined;
  /** Counts wrong passwords per account (429 `too_many_requests` past the limit); right ones cost nothing. */
  throttle?: Throttle;
}) {
  if (opts.actor.id !== opts.user.id) return;
  if (!opts.password) throw fieldError(opts.field, "required");
  const subject = `user:${opts.user.id}`;
  try {
    await opts.throttle?.take(subject);
  } catch (err) {
    if (err instanceof RateLimited) throw authErrors.tooManyRequests(err.retryAfterMs);
    throw err;
  }
  if (!(await verifyPassword(opts.password, opts.user.passwordHash))) throw authErrors.invalidPassword();
  await opts.throttle?.give(subject);
}

/**
 * Changes the e-mail of an account: the person (with their password) or an admin. The new address must
 * differ from the current one and belong to nobody else (compared case-insensitively).
 */
export async function updateEmail(opts: {
  db: Db;
  actor: Actor;
  userId: number;
  email: string;
  password?: string;
  ip?: string | null;
  throttle?: Throttle;
}): Promise<UserResource> {
  const user = await findUser(opts.db, opts.userId);
  assertCanManageAccount(opts.actor, user);
  const email = opts.email.trim();
  if (email.toLowerCase() === user.email.toLowerCase()) throw authErrors.newEmailEqualsCurrent();
  await assertCurrentPassword({
    actor: opts.actor,
    user,
    field: "password",
    password: opts.password,
    throttle: opts.throttle,
  });
  const [taken] = await opts.db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, user.id)));
  if (taken) throw authErrors.emailAlreadyTaken();
  try {
    const updated = await opts.db.transaction(async (tx) => {
      // Recorded first, so the actor's e-mail is copied as it was before a change of their own.
      await recordUserChanges(tx, auditOf(opts), user, { ...user, email });
      const [row] = await tx
        .update(users)
        .set({ email, updatedAt: sql`now()` })
        .where(eq(users.id, user.id))
        .returning();
      return row!;
    });
    return presentUser(updated);
  } catch (err) {
    if (isUniqueViolation(err)) throw authErrors.emailAlreadyTaken();
    throw err;
  }
}

/**
 * Changes a password: the person gives the current one (`invalid_password` when wrong); an admin sets
 * another person's without it.
 */
export async function updatePassword(opts: {
  db: Db;
  sessions: SessionCache;
  actor: Actor;
  userId: number;
  currentPassword?: string;
  password: string;
  ip?: string | null;
  throttle?: Throttle;
}): Promise<UserResource> {
  const user = await findUser(opts.db, opts.userId);
  assertCanManageAccount(opts.actor, user);
  await assertCurrentPassword({
    actor: opts.actor,
    user,
    field: "current_password",
    password: opts.currentPassword,
    throttle: opts.throttle,
  });
  const passwordHash = await hashPassword(opts.password);
  const updated = await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        passwordHash,
        tokensValidAfter: sql`now()`,
        // Every older session of the account ends, however recent (session-cache.ts, http/auth.ts).
        sessionVersion: sql`${users.sessionVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id))
      .returning();
    // Only that it happened, and by whom: never the hash.
    await recordAudit(tx, {
      ...auditOf(opts),
      action: "user.password_changed",
      entityType: "user",
      entityId: user.id,
    });
    return row!;
  });
  opts.sessions.forgetUser(user.id);
  return presentUser(updated);
}

const pictureField = "profile_picture";

/**
 * Stores a new profile picture (JPEG, PNG or WebP by content, at most 2 MB), decoded and re-encoded as
 * WebP of at most 512 pixels a side, and removes the old one.
 * `data` is null when the upload had no file; `truncated` when it went over the size limit.
 */
export async function saveProfilePicture(opts: {
  db: Db;
  storage: FileStorage;
  actor: Actor;
  userId: number;
  upload: { data: Buffer; mimetype: string; truncated: boolean } | null;
}): Promise<UserResource> {
  const user = await findUser(opts.db, opts.userId);
  assertCanManageAccount(opts.actor, user);
  const { upload } = opts;
  if (!upload) throw fieldError(pictureField, "required");
  if (upload.truncated || upload.data.length > profilePictureMaxBytes)
    throw fieldError(pictureField, "max", { kind: "file", max: profilePictureMaxBytes / 1024 });
  if (upload.data.length === 0) throw fieldError(pictureField, "required");
  if (!detectImage(upload.data)) throw fieldError(pictureField, "mimes", { values: ["jpeg", "png", "webp"] });
  // Only the decoded pixels are kept: whatever else the file carried (metadata, appended bytes) is gone.
  const picture = await reencodePicture(upload.data);
  if (!picture) throw fieldError(pictureField, "image");
  const fileName = await storePicture(opts.storage, user.id, picture).catch((err: unknown) => {
    // A full disk, an unreachable object store: the previous picture stays, nothing new is kept.
    if (err instanceof StorageWriteError) throw storageUnavailable();
    throw err;
  });
  let updated: typeof users.$inferSelect | undefined;
  try {
    [updated] = await opts.db
      .update(users)
      .set({ profilePicture: fileName, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning();
  } catch (err) {
    await deletePicture(opts.storage, fileName).catch(() => {});
    throw err;
  }
  if (hasOwnPicture(user.profilePicture)) await deletePicture(opts.storage, user.profilePicture);
  return presentUser(updated!);
}

/** Removes a profile picture ("Remover foto"). */
export async function removeProfilePicture(opts: {
  db: Db;
  storage: FileStorage;
  actor: Actor;
  userId: number;
}): Promise<UserResource> {
  const user = await findUser(opts.db, opts.userId);
  assertCanManageAccount(opts.actor, user);
  const [updated] = await opts.db
    .update(users)
    .set({ profilePicture: null, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  if (hasOwnPicture(user.profilePicture)) await deletePicture(opts.storage, user.profilePicture);
  return presentUser(updated!);
}

/** 503 when the storage cannot keep an upload (full disk, object store unreachable). */
export const storageUnavailable = () =>
  new AppError(
    503,
    "storage_unavailable",
    "No se pudo guardar el archivo porque el almacenamiento no está disponible. Intente de nuevo más tarde.",
  );

/**
 * A user's picture, for any logged-in caller (the route checks the session first): its stream, type, size
 * and file name; 404 when there is none.
 */
export async function openProfilePicture(opts: { db: Db; storage: FileStorage; userId: number }) {
  const user = await findUser(opts.db, opts.userId);
  const fileName = user.profilePicture;
  const opened = hasOwnPicture(fileName) ? await openPicture(opts.storage, fileName) : null;
  if (!opened) throw notFound("profile_picture_not_found", "El usuario no tiene foto de perfil.");
  return {
    stream: opened.stream,
    size: opened.info.size,
    mime: mimeOfPicture(fileName!),
    fileName: fileName!,
  };
}

/** Admin: e-mails a new confirmation link to an account not yet confirmed (`already_confirmed`). */
export async function resendAccountConfirmation(opts: {
  db: Db;
  config: Pick<Config, "appUrl">;
  mailer: Mailer;
  actor: Actor;
  userId: number;
}): Promise<void> {
  const user = await findUser(opts.db, opts.userId);
  assertCanManageAccount(opts.actor, user);
  await sendAccountConfirmation({ db: opts.db, config: opts.config, mailer: opts.mailer, userId: user.id });
}
