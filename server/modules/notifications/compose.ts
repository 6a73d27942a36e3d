import { randomBytes } from "node:crypto";
import { and, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { isAdminGroup, isTeacherGroup, Role } from "../../../common/roles.js";
import {
  Audience,
  composableAudiences,
  type NotificationAudiences,
  type NotificationCreate,
  type NotificationReceiverOption,
  teacherAudiences,
} from "../../../common/schemas/notifications.js";
import type { DbOrTx } from "../../db/client.js";
import { notificationReceivers, notifications, users } from "../../db/schema/index.js";
import { notFound, refuse } from "../../http/errors.js";
import { type Caller, callerTeacherId } from "../../http/ownership.js";
import { fieldError, missingReference } from "../../http/validation.js";
import type { FileStorage } from "../../storage/types.js";
import { sendNotification } from "./send.js";

/** Where attachments are kept in `app.storage`; `notifications.attachment` holds the key. */
export const attachmentPrefix = "notifications/";
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Detected type → extension. Anything else (an executable, an SVG, HTML…) is refused. */
export const attachmentTypes: Record<string, string> = {
  "application/pdf": "pdf",
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
};

/** The audiences a role may compose (DOMAIN.md): the administration any, teachers and coordinators 7–9. */
export function audiencesOf(type: number): number[] {
  if (isAdminGroup(type)) return [...composableAudiences];
  if (isTeacherGroup(type)) return [...teacherAudiences];
  return [];
}

/** The ids of the course sections of the enabled period the caller teaches (null: any, the administration). */
function ownCourseSections(teacherId: number | null): SQL {
  return sql`select cst.course_section_id from course_section_teachers cst
    join course_sections cs on cs.id = cst.course_section_id
    join sections sec on sec.id = cs.section_id
    join periods p on p.id = sec.period_id and p.enabled
    where cst.teacher_id = ${teacherId ?? 0}`;
}

type Rows<T> = { rows?: T[] };

/** Sections and course sections of the enabled period the caller may write to, with their students. */
export async function composeOptions(db: DbOrTx, caller: Caller): Promise<NotificationAudiences> {
  const types = audiencesOf(caller.type);
  if (types.length === 0) return { types, sections: [], course_sections: [] };
  const admin = isAdminGroup(caller.type);
  const teacherId = admin ? null : await callerTeacherId(db, caller);
  const csFilter = admin ? sql`true` : sql`cs.id in (${ownCourseSections(teacherId)})`;
  const courseSections = (await db.execute(sql`
    select cs.id, sec.id as section_id, sec.code as section_code, c.title as course_name,
      (select count(*)::int from course_enrolments ce join inscriptions i on i.id = ce.inscription_id
        where ce.course_section_id = cs.id and ce.status = 'enrolled' and i.status = 'active') as students
    from course_sections cs
    join sections sec on sec.id = cs.section_id
    join periods p on p.id = sec.period_id and p.enabled
    join courses c on c.id = cs.course_id
    where ${csFilter}
    order by sec.code, c.title`)) as Rows<{
    id: number;
    section_id: number;
    section_code: string;
    course_name: string;
    students: number;
  }>;
  const csRows = courseSections.rows ?? [];
  const sectionFilter = admin
    ? sql`true`
    : csRows.length === 0
      ? sql`false`
      : sql`sec.id in (${sql.join(
          [...new Set(csRows.map((r) => r.section_id))].map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const sections = (await db.execute(sql`
    select sec.id, sec.code,
      (select count(*)::int from inscriptions i where i.section_id = sec.id and i.status = 'active'
        and i.period_id = sec.period_id) as students
    from sections sec join periods p on p.id = sec.period_id and p.enabled
    where ${sectionFilter}
    order by sec.code`)) as Rows<{ id: number; code: string; students: number }>;
  return {
    types,
    sections: (sections.rows ?? []).map((s) => ({ id: s.id, code: s.code, students: Number(s.students) })),
    course_sections: csRows.map((r) => ({
      id: r.id,
      section_code: r.section_code,
      course_name: r.course_name,
      students: Number(r.students),
    })),
  };
}

/**
 * Whether `userId` is someone a teacher or coordinator may write to alone (type 7): a member of staff, or a
 * student enrolled in one of the course sections they teach in the enabled period.
 */
function reachableByTeacher(teacherId: number | null, userId: SQL): SQL {
  return sql`(exists (select 1 from users su where su.id = ${userId} and su.type <> ${Role.student})
    or exists (select 1 from course_enrolments ce
      join inscriptions i on i.id = ce.inscription_id and i.status = 'active'
      join students s on s.id = ce.student_id
      where s.user_id = ${userId} and ce.status = 'enrolled'
        and ce.course_section_id in (${ownCourseSections(teacherId)})))`;
}

/** People a type-7 notification may go to (the user picker), matching `search`, at most 20. */
export async function receiverOptions(
  db: DbOrTx,
  caller: Caller,
  search: string | undefined,
): Promise<NotificationReceiverOption[]> {
  const types = audiencesOf(caller.type);
  if (!types.includes(Audience.single)) return [];
  const teacherId = isAdminGroup(caller.type) ? null : await callerTeacherId(db, caller);
  const term = search?.trim();
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, type: users.type })
    .from(users)
    .where(
      and(
        eq(users.disabled, false),
        sql`${users.id} <> ${caller.id}`,
        term ? or(ilike(users.name, `%${term}%`), ilike(users.email, `%${term}%`)) : undefined,
        isAdminGroup(caller.type) ? undefined : reachableByTeacher(teacherId, sql`${users.id}`),
      ),
    )
    .orderBy(users.name, users.id)
    .limit(20);
  return rows;
}

/** Checks the caller may send `input` (who may send to whom); throws the Spanish refusal otherwise. */
async function assertMaySend(db: DbOrTx, caller: Caller, input: NotificationCreate): Promise<void> {
  const allowed = audiencesOf(caller.type);
  if (allowed.length === 0 || !allowed.includes(input.type))
    throw refuse("notification_audience_not_allowed");
  if (input.type === Audience.single) {
    if (input.receiver_user_id === undefined) throw fieldError("receiver_user_id", "required");
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.receiver_user_id));
    if (!user) throw missingReference("receiver_user_id");
  }
  if (input.type === Audience.sectionStudents) {
    if (input.section_id === undefined) throw fieldError("section_id", "required");
    const found = await db.execute(sql`select 1 from sections where id = ${input.section_id}`);
    if ((found as Rows<unknown>).rows?.length !== 1) throw missingReference("section_id");
  }
  if (input.type === Audience.courseSections) {
    if (input.course_section_id === undefined) throw fieldError("course_section_id", "required");
    const found = await db.execute(sql`select 1 from course_sections where id = ${input.course_section_id}`);
    if ((found as Rows<unknown>).rows?.length !== 1) throw missingReference("course_section_id");
  }
  if (isAdminGroup(caller.type)) return;
  const teacherId = await callerTeacherId(db, caller);
  let owned: SQL;
  if (input.type === Audience.single) owned = reachableByTeacher(teacherId, sql`${input.receiver_user_id!}`);
  else if (input.type === Audience.sectionStudents)
    owned = sql`exists (select 1 from course_sections cs where cs.section_id = ${input.section_id!}
      and cs.id in (${ownCourseSections(teacherId)}))`;
  else owned = sql`${input.course_section_id!} in (${ownCourseSections(teacherId)})`;
  const result = (await db.execute(sql`select (${owned}) as ok`)) as Rows<{ ok: boolean }>;
  if (!result.rows?.[0]?.ok) throw refuse("notification_receiver_not_owned");
}

export type Upload = { data: Buffer; filename: string };

/** Checks an upload's real type (by its bytes, not its name); answers its content type and extension. */
export async function checkAttachment(upload: Upload): Promise<{ contentType: string; extension: string }> {
  const values = [...new Set(Object.values(attachmentTypes))];
  if (upload.data.length === 0) throw fieldError("attachment", "required");
  const detected = await fileTypeFromBuffer(upload.data);
  const extension = detected ? attachmentTypes[detected.mime] : undefined;
  if (!detected || !extension) throw fieldError("attachment", "mimes", { values });
  return { contentType: detected.mime, extension };
}

/**
 * Composes a notification (POST /notifications): checks who may send to whom, stores the attachment (if
 * any), then sends it through the one send path in one transaction. A refusal writes nothing and leaves no
 * file behind.
 */
export async function composeNotification(opts: {
  db: DbOrTx;
  storage: FileStorage;
  caller: Caller;
  input: NotificationCreate;
  upload?: Upload | null;
}): Promise<{ id: number; receivers: number }> {
  const { db, caller, input } = opts;
  await assertMaySend(db, caller, input);
  let key: string | null = null;
  if (opts.upload) {
    const { contentType, extension } = await checkAttachment(opts.upload);
    key = `${attachmentPrefix}${Date.now()}-${randomBytes(8).toString("hex")}.${extension}`;
    await opts.storage.put(key, opts.upload.data, { contentType, maxBytes: ATTACHMENT_MAX_BYTES });
  }
  try {
    return await db.transaction(async (tx) => {
      await assertMaySend(tx, caller, input);
      return sendNotification(tx, {
        type: input.type,
        content: input.content,
        attachment: key,
        senderUserId: caller.id,
        receiverUserId: input.receiver_user_id,
        sectionId: input.section_id,
        courseSectionId: input.course_section_id,
      });
    });
  } catch (error) {
    if (key) await opts.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** A notification's attached file, for its receivers and its sender only (404 for anyone else). */
export async function openAttachment(opts: { db: DbOrTx; storage: FileStorage; caller: Caller; id: number }) {
  const [row] = await opts.db
    .select({ key: notifications.attachment })
    .from(notifications)
    .where(
      and(
        eq(notifications.id, opts.id),
        or(
          eq(notifications.senderUserId, opts.caller.id),
          inArray(
            notifications.id,
            opts.db
              .select({ id: notificationReceivers.notificationId })
              .from(notificationReceivers)
              .where(
                and(
                  eq(notificationReceivers.notificationId, opts.id),
                  eq(notificationReceivers.userId, opts.caller.id),
                ),
              ),
          ),
        ),
      ),
    );
  if (!row) throw notFound("notification_not_found", "La notificación no existe.");
  const file = row.key?.startsWith(attachmentPrefix) ? await opts.storage.open(row.key) : null;
  if (!file) throw notFound("file_not_found", "La notificación no tiene archivo adjunto.");
  return { ...file, name: `adjunto-${opts.id}.${row.key!.split(".").pop()}` };
}
