import { eq, inArray } from "drizzle-orm";
import { isAdminGroup, isCoordinator } from "../../../common/roles.js";
import type { DbOrTx } from "../../db/client.js";
import { courseSectionTeachers } from "../../db/schema/index.js";
import { AppError, forbidden } from "../../http/errors.js";
import { type Caller, callerTeacherId, supervisedTeacherIds } from "../../http/ownership.js";

/**
 * Who works on a course section's lessons (spec.md §6, DOMAIN.md "Teaching"): the administration every
 * one; a teacher only the course sections assigned to them (`teacher_not_has_course_section_assigned`);
 * a coordinator their own and those of the teachers they supervise
 * (`coordinator_not_owner_or_not_supervising`).
 */
export async function assertLessonAccess(db: DbOrTx, caller: Caller, courseSectionId: number): Promise<void> {
  if (isAdminGroup(caller.type)) return;
  const scope = await teacherScope(db, caller);
  if (scope === null) return;
  if (scope.length === 0) throw forbidden();
  const assigned = await db
    .select({ teacherId: courseSectionTeachers.teacherId })
    .from(courseSectionTeachers)
    .where(eq(courseSectionTeachers.courseSectionId, courseSectionId));
  if (assigned.some((a) => scope.includes(a.teacherId))) return;
  if (isCoordinator(caller.type)) throw new AppError(403, "coordinator_not_owner_or_not_supervising");
  throw new AppError(403, "teacher_not_has_course_section_assigned");
}

/**
 * The teachers whose course sections the caller works on: null for the administration (every one), the
 * caller alone for a teacher, the caller and the teachers they supervise for a coordinator, none for
 * anyone else.
 */
export async function teacherScope(db: DbOrTx, caller: Caller): Promise<number[] | null> {
  if (isAdminGroup(caller.type)) return null;
  if (isCoordinator(caller.type)) return supervisedTeacherIds(db, caller);
  const own = await callerTeacherId(db, caller);
  return own === null ? [] : [own];
}

/** Course section ids taught by one of `teacherIds` (a subquery for list filters). */
export const courseSectionsOf = (db: DbOrTx, teacherIds: number[]) =>
  db
    .select({ id: courseSectionTeachers.courseSectionId })
    .from(courseSectionTeachers)
    .where(inArray(courseSectionTeachers.teacherId, teacherIds.length ? teacherIds : [0]));
