import { type SQL, sql } from "drizzle-orm";
import { Role } from "../../../common/roles.js";
import { Audience, type NotificationParams } from "../../../common/schemas/notifications.js";
import type { DbOrTx } from "../../db/client.js";
import { notifications } from "../../db/schema/index.js";

/**
 * The channel on which a committed notification is announced (payload: its id). `pg_notify` inside the
 * sender's transaction is delivered only when that transaction commits, on PostgreSQL to every server
 * LISTENing (server/modules/notifications/live.ts), on the embedded database to this process.
 */
export const notificationChannel = "aula_notifications";

export type NewNotification = {
  /** Audience of spec.md §9 (1 all … 9 the students of a course section). */
  type: number;
  content: string;
  /** Machine code of an automatic notification (type 6), e.g. payment_approved. */
  code?: string | null;
  /** Parameters of the code's text, for the web app to render it in the reader's language (message.ts). */
  params?: NotificationParams | null;
  /** Where the web app goes when it is opened. */
  back?: string | null;
  /** Storage key of the attached file. */
  attachment?: string | null;
  /** Null or absent: sent by the system. */
  senderUserId?: number | null;
  /** Type 7: the one receiver. */
  receiverUserId?: number | null;
  /** Type 8: the section whose students receive it. */
  sectionId?: number | null;
  /** Type 9: the course section whose students receive it. */
  courseSectionId?: number | null;
  /** Type 6 (automatic): the receivers, chosen by the caller. */
  userIds?: readonly number[];
};

const roleList = (roles: readonly number[]) =>
  sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  );

/** Users of the given roles with an enabled account, but the sender (who knows what they sent). */
const usersOfRoles = (roles: readonly number[], senderUserId: number | null): SQL =>
  sql`select u.id from users u where not u.disabled and u.type in (${roleList(roles)})
      and u.id is distinct from ${senderUserId}`;

/**
 * The receivers of an audience as one `select` of distinct user ids (each query yields a user once: users
 * by primary key, one active inscription per student and period, one enrolment per course section) (spec.md §9; DOMAIN.md "Documents and
 * communication"). Only enabled accounts receive. Group audiences (1–5) leave out the sender.
 */
export function audienceQuery(n: NewNotification): SQL {
  const sender = n.senderUserId ?? null;
  switch (n.type) {
    case Audience.all:
      return sql`select u.id from users u where not u.disabled and u.id is distinct from ${sender}`;
    // The administration: admins, assistants (low admins) and god.
    case Audience.admins:
      return usersOfRoles([Role.lowAdmin, Role.admin, Role.god], sender);
    case Audience.coordinators:
      return usersOfRoles([Role.coordinator], sender);
    // "todos los profesores": teachers and coordinators (who teach too).
    case Audience.teachers:
      return usersOfRoles([Role.teacher, Role.coordinator], sender);
    case Audience.students:
      return usersOfRoles([Role.student], sender);
    case Audience.auto: {
      const ids = [...new Set(n.userIds ?? [])];
      if (ids.length === 0) return sql`select u.id from users u where false`;
      return sql`select u.id from users u where not u.disabled and u.id in (${roleList(ids)})`;
    }
    case Audience.single:
      return sql`select u.id from users u where not u.disabled and u.id = ${n.receiverUserId ?? 0}`;
    // The students inscribed (active) in the section in the enabled period.
    case Audience.sectionStudents:
      return sql`select s.user_id from inscriptions i
        join students s on s.id = i.student_id
        join users u on u.id = s.user_id
        where i.section_id = ${n.sectionId ?? 0} and i.status = 'active' and not u.disabled
          and i.period_id = (select p.id from periods p where p.enabled)`;
    // The students enrolled (not withdrawn) in the course section through an active inscription.
    case Audience.courseSections:
      return sql`select s.user_id from course_enrolments ce
        join inscriptions i on i.id = ce.inscription_id
        join students s on s.id = ce.student_id
        join users u on u.id = s.user_id
        where ce.course_section_id = ${n.courseSectionId ?? 0} and ce.status = 'enrolled'
          and i.status = 'active' and not u.disabled`;
    default:
      throw new Error(`Unknown notification audience ${n.type}`);
  }
}

/**
 * THE way a notification is sent, by people and by the system alike: inserts it, resolves its receivers
 * with one set-based `insert … select` and announces it (`pg_notify`, delivered at commit) for the open
 * browsers, all inside the caller's transaction. The fan-out to browsers happens elsewhere, after the
 * commit, and never makes the sender wait. Answers the notification's id and how many receive it.
 */
export async function sendNotification(
  tx: DbOrTx,
  n: NewNotification,
): Promise<{ id: number; receivers: number }> {
  const [row] = await tx
    .insert(notifications)
    .values({
      type: n.type,
      content: n.content,
      code: n.code ?? null,
      back: n.back ?? null,
      attachment: n.attachment ?? null,
      // Only a coded (system) notification has parameters: a person's message is its text.
      params: n.code && n.params && Object.keys(n.params).length > 0 ? n.params : null,
      senderUserId: n.senderUserId ?? null,
      receiverUserId: n.type === Audience.single ? (n.receiverUserId ?? null) : null,
      sectionId: n.type === Audience.sectionStudents ? (n.sectionId ?? null) : null,
      courseSectionId: n.type === Audience.courseSections ? (n.courseSectionId ?? null) : null,
    })
    .returning({ id: notifications.id });
  const id = row!.id;
  const result = await tx.execute(sql`with added as (
      insert into notification_receivers (notification_id, user_id)
      select ${id}::int, r.id from (${audienceQuery(n)}) as r(id)
      on conflict do nothing
      returning 1
    ) select count(*)::int as n from added`);
  const receivers = Number((rowsOf(result)[0] as { n: number } | undefined)?.n ?? 0);
  await tx.execute(sql`select pg_notify(${notificationChannel}, ${String(id)})`);
  return { id, receivers };
}

/** The rows of `execute()`, whichever driver answered (both give `{ rows }`). */
function rowsOf(result: unknown): unknown[] {
  return (result as { rows?: unknown[] }).rows ?? [];
}
