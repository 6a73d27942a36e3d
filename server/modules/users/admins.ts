import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { isAdmin, roleLabels } from "../../../common/roles.js";
import {
  administratorListRoles,
  type CreateAdministratorInput,
  type UpdateAdministratorInput,
} from "../../../common/schemas/administrators.js";
import { profilePictureMaxBytes } from "../../../common/schemas/users.js";
import { type AuditContext, recordUserChanges, recordUserCreated } from "../../audit/record.js";
import { authErrors } from "../../auth/errors.js";
import type { SessionCache } from "../../auth/session-cache.js";
import type { Config } from "../../config.js";
import type { Db } from "../../db/client.js";
import { users } from "../../db/schema/index.js";
import type { CsvColumn } from "../../http/csv.js";
import { forbidden, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError, rethrowUniqueAsField, validationError } from "../../http/validation.js";
import type { Mailer } from "../../mail/index.js";
import { type FileStorage, StorageWriteError } from "../../storage/types.js";
import { sendAccountConfirmation } from "../auth/service.js";
import { deletePicture, detectImage, reencodePicture, storePicture } from "./pictures.js";
import { type Actor, assertCanManageAccount, isProfileEditableHere } from "./policy.js";
import { storageUnavailable } from "./service.js";

export type UserRow = typeof users.$inferSelect;

/** Columns the administrators list may be sorted by. */
export const administratorSortable = ["name", "email", "type", "enabled", "created_at", "id"] as const;
type SortField = (typeof administratorSortable)[number];

export type AdministratorListParams = ListParams<SortField> & { type?: number; enabled?: boolean };

/**
 * Administrator accounts (assistants, administrators and god) matching the search (name, e-mail; case
 * and accents ignored) and the filters, one page of them.
 */
export async function listAdministrators(opts: {
  db: Db;
  list: AdministratorListParams;
}): Promise<Page<UserRow>> {
  const { db, list } = opts;
  const where = and(
    inArray(users.type, [...administratorListRoles]),
    searchCondition(list.search, [users.name, users.email]),
    list.type === undefined ? undefined : eq(users.type, list.type),
    list.enabled === undefined ? undefined : eq(users.disabled, !list.enabled),
  );
  return paginate({
    db,
    query: db.select().from(users).where(where).$dynamic(),
    list,
    sortColumns: {
      name: users.name,
      email: users.email,
      type: users.type,
      // Active first when ascending.
      enabled: users.disabled,
      created_at: users.createdAt,
      id: users.id,
    },
    tieBreaker: users.id,
  });
}

/** The administrators list as a CSV file (`GET /users?format=csv`), with the list page's labels. */
export const administratorCsvColumns: CsvColumn<UserRow>[] = [
  { header: "Nombre", value: (u) => u.name },
  { header: "Correo electrónico", value: (u) => u.email },
  { header: "Rol", value: (u) => roleLabels[u.type as keyof typeof roleLabels] ?? String(u.type) },
  { header: "Estado", value: (u) => (u.disabled ? "Inactivo" : "Activo") },
  { header: "Cuenta confirmada", value: (u) => u.emailConfirmedAt !== null },
  { header: "Fecha de creación", value: (u) => u.createdAt },
];

const pictureField = "profile_picture";

/** An uploaded picture as the route read it: null without a file; `truncated` when over the limit. */
export type PictureUpload = { data: Buffer; truncated: boolean } | null;

/** The picture of a new account checked and re-encoded (WebP), or null when none was sent. */
async function preparePicture(upload: PictureUpload): Promise<Buffer | null> {
  if (!upload || (upload.data.length === 0 && !upload.truncated)) return null;
  if (upload.truncated || upload.data.length > profilePictureMaxBytes)
    throw fieldError(pictureField, "max", { kind: "file", max: profilePictureMaxBytes / 1024 });
  if (!detectImage(upload.data)) throw fieldError(pictureField, "mimes", { values: ["jpeg", "png", "webp"] });
  const picture = await reencodePicture(upload.data);
  if (!picture) throw fieldError(pictureField, "image");
  return picture;
}

/** The id the next account will have, taken from the users' sequence (its photo is stored under it first). */
async function reserveUserId(db: Db): Promise<number> {
  const result = await db.execute(sql`select nextval(pg_get_serial_sequence('users', 'id'))::int as id`);
  const rows = (result as { rows?: { id: number }[] }).rows ?? (result as unknown as { id: number }[]);
  return Number(rows[0]!.id);
}

/** 422 on `email` when another account already has it (compared case-insensitively). */
async function assertEmailFree(db: Db, email: string, exceptUserId?: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.email}) = lower(${email})`,
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  if (taken) throw fieldError("email", "unique");
}

const uniqueEmail = (error: unknown): never =>
  rethrowUniqueAsField(error, { users_email_lower_unique: "email" });

/**
 * Creates an assistant or administrator account, unconfirmed, with an optional photo, and e-mails the
 * account-confirmation link in the same transaction: the account, its audit row and its link exist
 * together or not at all. The photo is stored first under the account's reserved id, and removed again
 * when the transaction fails.
 */
export async function createAdministrator(opts: {
  db: Db;
  storage: FileStorage;
  config: Pick<Config, "appUrl">;
  mailer: Mailer;
  audit: AuditContext;
  input: CreateAdministratorInput;
  upload: PictureUpload;
}): Promise<UserRow> {
  const { db, input } = opts;
  const picture = await preparePicture(opts.upload);
  await assertEmailFree(db, input.email);
  const id = await reserveUserId(db);
  let fileName: string | null = null;
  if (picture) {
    fileName = await storePicture(opts.storage, id, picture).catch((err: unknown) => {
      // A full disk, an unreachable object store: nothing is created.
      if (err instanceof StorageWriteError) throw storageUnavailable();
      throw err;
    });
  }
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          id,
          type: input.type,
          name: input.name,
          email: input.email,
          profilePicture: fileName,
          passwordHash: null,
          emailConfirmedAt: null,
        })
        .returning()
        .catch(uniqueEmail);
      await recordUserCreated(tx, opts.audit, row!);
      await sendAccountConfirmation({ db: tx, config: opts.config, mailer: opts.mailer, userId: row!.id });
      return row!;
    });
  } catch (err) {
    if (fileName) await deletePicture(opts.storage, fileName).catch(() => {});
    throw err;
  }
}

async function findUser(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw authErrors.userNotFound();
  return user;
}

/**
 * Updates an administrator account: the name (the person or an administrator), the e-mail and the role
 * (only an administrator, never their own: their e-mail changes on their profile with their password, and
 * nobody demotes themself). Every change is audited in the same transaction.
 */
export async function updateAdministrator(opts: {
  db: Db;
  sessions: SessionCache;
  actor: Actor;
  audit: AuditContext;
  userId: number;
  input: UpdateAdministratorInput;
}): Promise<UserRow> {
  const { db, actor, input } = opts;
  const user = await findUser(db, opts.userId);
  assertCanManageAccount(actor, user);
  if (!isProfileEditableHere(user))
    throw refuse(
      "unhandled_update_for_user_type",
      "Los datos de estudiantes y profesores se actualizan desde su propio perfil.",
    );
  const self = actor.id === user.id;
  const email = input.email !== undefined && input.email !== user.email ? input.email : undefined;
  const type = input.type !== undefined && input.type !== user.type ? input.type : undefined;
  if ((email !== undefined || type !== undefined) && !isAdmin(actor.type)) throw forbidden();
  const errors: Record<string, string[]> = {};
  if (self && email !== undefined) errors.email = [ownEmailMessage];
  if (self && type !== undefined) errors.type = [ownRoleMessage];
  if (Object.keys(errors).length > 0) throw validationError(errors);
  if (email !== undefined) await assertEmailFree(db, email, user.id);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        name: input.name,
        ...(email === undefined ? {} : { email }),
        ...(type === undefined ? {} : { type }),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id))
      .returning()
      .catch(uniqueEmail);
    await recordUserChanges(tx, opts.audit, user, row!);
    return row!;
  });
  if (type !== undefined) opts.sessions.forgetUser(user.id);
  return updated;
}

export const ownEmailMessage = "Para cambiar su propio correo electrónico, use la sección Perfil.";
export const ownRoleMessage = "No puede cambiar su propio rol.";

/**
 * Enables or disables an account's login (`user_is_disabled` at login). Disabling ends every session of
 * the account at once. Nobody disables their own account; only god manages god's.
 */
export async function setAccountEnabled(opts: {
  db: Db;
  sessions: SessionCache;
  actor: Actor;
  audit: AuditContext;
  userId: number;
  enabled: boolean;
}): Promise<UserRow> {
  const { db, actor } = opts;
  const user = await findUser(db, opts.userId);
  assertCanManageAccount(actor, user);
  if (actor.id === user.id)
    throw refuse("cannot_disable_own_account", "No puede deshabilitar su propia cuenta.");
  if (user.disabled === !opts.enabled) return user;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        disabled: !opts.enabled,
        ...(opts.enabled
          ? {}
          : { sessionVersion: sql`${users.sessionVersion} + 1`, tokensValidAfter: sql`now()` }),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id))
      .returning();
    await recordUserChanges(tx, opts.audit, user, row!);
    return row!;
  });
  opts.sessions.forgetUser(user.id);
  return updated;
}
