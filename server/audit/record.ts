import { eq, sql } from "drizzle-orm";
import type { AuditAction, AuditEntityType } from "../../common/schemas/audit.js";
import type { DbOrTx } from "../db/client.js";
import { auditLog, users } from "../db/schema/index.js";

/**
 * Who acts and from where, as a route knows it (`auditContextOf(request)` in ./http.ts). Routes hand it
 * to services; services hand it to `recordAudit`. `actorId` null: the system or a visitor without a session.
 */
export type AuditContext = { actorId: number | null; ip?: string | null };

/** The system itself (start-up, scheduled jobs). */
export const systemAudit: AuditContext = { actorId: null, ip: null };

export type AuditValues = Record<string, unknown>;

export type AuditRecord = AuditContext & {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number | null;
  /** The changed fields as they were; omit for a creation. */
  oldValues?: AuditValues | null;
  /** The changed fields as they are now; omit for a deletion or an event without values. */
  newValues?: AuditValues | null;
};

/** Keys whose values never reach the log, however a caller spells them. */
const SECRET_KEY = /pass(word)?|hash|token|secret|otp/i;

/** A copy of `values` without secrets (see SECRET_KEY), at any depth; dates as ISO strings. */
export function withoutSecrets(values: AuditValues | null | undefined): AuditValues | null {
  if (!values) return null;
  const clean = (value: unknown): unknown => {
    if (value instanceof Date) return value.toISOString();
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === "object") {
      const out: AuditValues = {};
      for (const [key, v] of Object.entries(value)) {
        if (!SECRET_KEY.test(key) && v !== undefined) out[key] = clean(v);
      }
      return out;
    }
    return value;
  };
  return clean(values) as AuditValues;
}

/**
 * Appends one row to the audit log. **Call it with the transaction of the change it describes**, so that
 * the row exists exactly when the change does (a change that fails or rolls back leaves no row):
 *
 * ```ts
 * await db.transaction(async (tx) => {
 *   const [before] = await tx.select().from(grades).where(eq(grades.id, id)).for("update");
 *   await tx.update(grades).set({ note }).where(eq(grades.id, id));
 *   await recordAudit(tx, {
 *     ...audit,                      // AuditContext from the route: actor id and client address
 *     action: "grade.changed",       // a code of `auditActions` (common/schemas/audit.ts)
 *     entityType: "grade",
 *     entityId: id,
 *     oldValues: { note: before.note },
 *     newValues: { note },
 *   });
 * });
 * ```
 *
 * Record only the fields that changed. Keys that look like secrets (password, hash, token, secret) are
 * dropped; for a password event record only that it happened (no values). The actor's e-mail and name are
 * copied as they are at this moment in the same statement, so the row stays readable after the account
 * changes or goes away. The table refuses UPDATE, DELETE and TRUNCATE (migration 0006), so history
 * cannot be rewritten by any code path.
 */
export async function recordAudit(tx: DbOrTx, entry: AuditRecord): Promise<void> {
  const actor = entry.actorId;
  await tx.insert(auditLog).values({
    actorUserId: actor,
    actorEmail:
      actor === null
        ? null
        : sql`(${tx.select({ email: users.email }).from(users).where(eq(users.id, actor))})`,
    actorName:
      actor === null
        ? null
        : sql`(${tx.select({ name: users.name }).from(users).where(eq(users.id, actor))})`,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    oldValues: withoutSecrets(entry.oldValues),
    newValues: withoutSecrets(entry.newValues),
    ipAddress: entry.ip ? entry.ip.slice(0, 64) : null,
  });
}

/**
 * Several entries of one actor in one statement, each row as `recordAudit` writes it, for a change of many
 * records at once (the student import's thousands of new accounts): the entries go as one JSON parameter,
 * a few thousand per call at most. Call it with the transaction of the change, like `recordAudit`.
 */
export async function recordAudits(
  tx: DbOrTx,
  context: AuditContext,
  entries: readonly Omit<AuditRecord, keyof AuditContext>[],
): Promise<void> {
  if (entries.length === 0) return;
  const actor = context.actorId;
  const rows = entries.map((entry) => ({
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    old_values: withoutSecrets(entry.oldValues),
    new_values: withoutSecrets(entry.newValues),
  }));
  await tx.execute(sql`
    insert into ${auditLog} (actor_user_id, actor_email, actor_name, action, entity_type, entity_id,
      old_values, new_values, ip_address)
    select ${actor}::int,
      ${actor === null ? sql`null::varchar` : sql`(${tx.select({ email: users.email }).from(users).where(eq(users.id, actor))})`},
      ${actor === null ? sql`null::varchar` : sql`(${tx.select({ name: users.name }).from(users).where(eq(users.id, actor))})`},
      x.action, x.entity_type, x.entity_id, x.old_values, x.new_values,
      ${context.ip ? context.ip.slice(0, 64) : null}::varchar
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as x(action text, entity_type text, entity_id int, old_values jsonb, new_values jsonb)`);
}

/** The account fields whose changes are audited, as a user row holds them. */
type AuditedUser = { id: number; type: number; email: string; name: string; disabled: boolean };

/**
 * Records what changed between two states of an account, one row per kind of change: `user.email_changed`,
 * `user.role_changed`, `user.disabled` / `user.enabled`, and `user.updated` for the name. For the
 * administrators, teachers and students modules, which change several of these in one request.
 */
export async function recordUserChanges(
  tx: DbOrTx,
  context: AuditContext,
  before: AuditedUser,
  after: AuditedUser,
): Promise<void> {
  const base = { ...context, entityType: "user" as const, entityId: after.id };
  if (before.email !== after.email)
    await recordAudit(tx, {
      ...base,
      action: "user.email_changed",
      oldValues: { email: before.email },
      newValues: { email: after.email },
    });
  if (before.type !== after.type)
    await recordAudit(tx, {
      ...base,
      action: "user.role_changed",
      oldValues: { type: before.type },
      newValues: { type: after.type },
    });
  if (before.disabled !== after.disabled)
    await recordAudit(tx, {
      ...base,
      action: after.disabled ? "user.disabled" : "user.enabled",
      oldValues: { disabled: before.disabled },
      newValues: { disabled: after.disabled },
    });
  if (before.name !== after.name)
    await recordAudit(tx, {
      ...base,
      action: "user.updated",
      oldValues: { name: before.name },
      newValues: { name: after.name },
    });
}

/** Records a new account (no password or token ever: only who it is and its state). */
export async function recordUserCreated(tx: DbOrTx, context: AuditContext, user: AuditedUser): Promise<void> {
  await recordAudit(tx, {
    ...context,
    action: "user.created",
    entityType: "user",
    entityId: user.id,
    newValues: { type: user.type, name: user.name, email: user.email, disabled: user.disabled },
  });
}

/** A login that opened a session. */
export async function recordLogin(db: DbOrTx, entry: { userId: number; ip: string | null }): Promise<void> {
  await recordAudit(db, {
    actorId: entry.userId,
    ip: entry.ip,
    action: "auth.login",
    entityType: "user",
    entityId: entry.userId,
  });
}

/**
 * A login refused: no visitor is the author (actor null); the account tried (when the e-mail names one)
 * is the entity, and the e-mail typed and the reason are the values, so the screen finds it by person.
 */
export async function recordLoginFailed(
  db: DbOrTx,
  entry: {
    email: string;
    userId: number | null;
    ip: string | null;
    reason: "invalid_credentials" | "user_disabled";
  },
): Promise<void> {
  await recordAudit(db, {
    actorId: null,
    ip: entry.ip,
    action: "auth.login_failed",
    entityType: "user",
    entityId: entry.userId,
    newValues: { email: entry.email.slice(0, 200), reason: entry.reason },
  });
}

/** One change of a lesson's row, as the lessons module records it in its own per-student trail. */
type LessonChange = {
  studentId: number;
  field: "attendance" | "note";
  oldValue: string | null;
  newValue: string | null;
};

/**
 * The note changes among a lesson's changes, one `note.changed` row per student (attendance stays in the
 * lessons' own trail). Call it in the transaction of the change, next to that trail's write.
 */
export async function recordNoteChanges(
  tx: DbOrTx,
  context: AuditContext,
  lesson: { id: number; date: string; courseSectionId: number },
  changes: readonly LessonChange[],
): Promise<void> {
  for (const change of changes) {
    if (change.field !== "note") continue;
    const where = {
      lesson_id: lesson.id,
      lesson_date: lesson.date,
      course_section_id: lesson.courseSectionId,
    };
    await recordAudit(tx, {
      ...context,
      action: "note.changed",
      entityType: "student",
      entityId: change.studentId,
      oldValues: { ...where, note: change.oldValue },
      newValues: { ...where, note: change.newValue },
    });
  }
}

/** A student record as it was: the fields an edit may change. */
type AuditedStudent = {
  id: number;
  firstName: string;
  lastName: string;
  identityDocument: string;
  gender: string;
  birthDate: string | null;
  phone: string | null;
  address: string | null;
  email: string;
};

/** The fields of a student edit, as the request sends them (absent: unchanged). */
type StudentEdit = Partial<
  Record<
    | "first_name"
    | "last_name"
    | "identity_document"
    | "gender"
    | "birth_date"
    | "phone"
    | "address"
    | "email",
    unknown
  >
>;

const studentFields = {
  first_name: "firstName",
  last_name: "lastName",
  identity_document: "identityDocument",
  gender: "gender",
  birth_date: "birthDate",
  phone: "phone",
  address: "address",
  email: "email",
} as const satisfies Record<keyof StudentEdit, keyof AuditedStudent>;

/**
 * An edit of a student record: one `student.updated` row with only the fields that changed (nothing when
 * none did). Call it in the transaction of the edit.
 */
export async function recordStudentUpdated(
  tx: DbOrTx,
  context: AuditContext,
  before: AuditedStudent,
  edit: StudentEdit,
): Promise<void> {
  const oldValues: AuditValues = {};
  const newValues: AuditValues = {};
  for (const [field, column] of Object.entries(studentFields) as [
    keyof StudentEdit,
    keyof AuditedStudent,
  ][]) {
    const next = edit[field];
    if (next === undefined || next === before[column]) continue;
    oldValues[field] = before[column];
    newValues[field] = next;
  }
  if (Object.keys(newValues).length === 0) return;
  await recordAudit(tx, {
    ...context,
    action: "student.updated",
    entityType: "student",
    entityId: before.id,
    oldValues,
    newValues,
  });
}
