import { and, eq } from "drizzle-orm";
import { isAdminGroup, isCoordinator, isStudent, isTeacherGroup } from "../../common/roles.js";
import type { DbOrTx } from "../db/client.js";
import { coordinatorSupervisions, courseSectionTeachers, students, teachers } from "../db/schema/index.js";
import { AppError, forbidden } from "./errors.js";

/**
 * Record-level rules shared by every module (ARCHITECTURE.md): a student reaches only their own records,
 * a coordinator only the teachers they supervise, a teacher only their own course sections. Role lists
 * (`app.allow`) run first; these helpers narrow what a permitted role may touch. The administration
 * (admin, god, low admin) passes them all.
 */
export type Caller = { id: number; type: number };

/** The caller's student profile id, or null when the caller is not a student (or has no profile). */
export async function callerStudentId(db: DbOrTx, caller: Caller): Promise<number | null> {
  if (!isStudent(caller.type)) return null;
  const [row] = await db.select({ id: students.id }).from(students).where(eq(students.userId, caller.id));
  return row?.id ?? null;
}

/** The caller's teacher profile id (teachers and coordinators), or null. */
export async function callerTeacherId(db: DbOrTx, caller: Caller): Promise<number | null> {
  if (!isTeacherGroup(caller.type)) return null;
  const [row] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, caller.id));
  return row?.id ?? null;
}

/** A student may only reach their own records; other roles are left to the route's role list. */
export async function assertOwnStudent(db: DbOrTx, caller: Caller, studentId: number): Promise<void> {
  if (!isStudent(caller.type)) return;
  if ((await callerStudentId(db, caller)) !== studentId) throw forbidden();
}

/** Teacher ids a coordinator supervises (themselves included). */
export async function supervisedTeacherIds(db: DbOrTx, caller: Caller): Promise<number[]> {
  const own = await callerTeacherId(db, caller);
  if (own === null) return [];
  const rows = await db
    .select({ id: coordinatorSupervisions.teacherId })
    .from(coordinatorSupervisions)
    .where(eq(coordinatorSupervisions.coordinatorId, own));
  return [own, ...rows.map((r) => r.id)];
}

/** A coordinator sees only the teachers they supervise (and themselves). */
export async function assertSupervises(db: DbOrTx, caller: Caller, teacherId: number): Promise<void> {
  if (!isCoordinator(caller.type)) return;
  if (!(await supervisedTeacherIds(db, caller)).includes(teacherId)) {
    throw new AppError(403, "coordinator_not_owner_or_not_supervising");
  }
}

/** A teacher or coordinator may only work on course sections assigned to them. */
export async function assertTeachesCourseSection(
  db: DbOrTx,
  caller: Caller,
  courseSectionId: number,
): Promise<void> {
  if (isAdminGroup(caller.type)) return;
  if (!isTeacherGroup(caller.type)) throw forbidden();
  const teacherId = await callerTeacherId(db, caller);
  const [assigned] =
    teacherId === null
      ? []
      : await db
          .select({ id: courseSectionTeachers.teacherId })
          .from(courseSectionTeachers)
          .where(
            and(
              eq(courseSectionTeachers.courseSectionId, courseSectionId),
              eq(courseSectionTeachers.teacherId, teacherId),
            ),
          );
  if (!assigned) throw new AppError(403, "teacher_not_has_course_section_assigned");
}
