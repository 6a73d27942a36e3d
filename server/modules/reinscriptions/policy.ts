import { and, eq, inArray, or, sql } from "drizzle-orm";
import { isAdminGroup, isCoordinator, isStudent, isTeacherGroup } from "../../../common/roles.js";
import type { DbOrTx } from "../../db/client.js";
import { courseEnrolments, courseSectionTeachers, inscriptions, students } from "../../db/schema/index.js";
import { forbidden } from "../../http/errors.js";
import { assertOwnStudent, type Caller, callerTeacherId } from "../../http/ownership.js";
import { visibleSpecializationIds } from "../sections/service.js";

/**
 * Who may see a student's next-semester preview (the record rules of the students area, ARCHITECTURE.md):
 * the administration every student; a student only themself; a teacher the students enrolled in a course
 * section they teach; a coordinator those inscribed in the specialization they coordinate, and those they
 * teach. Others get 403. A missing student is left to the service (404).
 */
export async function assertMaySeeStudent(db: DbOrTx, caller: Caller, studentId: number): Promise<void> {
  if (isAdminGroup(caller.type)) return;
  if (isStudent(caller.type)) return assertOwnStudent(db, caller, studentId);
  if (!isTeacherGroup(caller.type)) throw forbidden();
  const teacherId = await callerTeacherId(db, caller);
  const specializationIds = isCoordinator(caller.type)
    ? ((await visibleSpecializationIds(db, caller)) ?? [])
    : [];
  const taught =
    teacherId === null
      ? undefined
      : sql`exists (select 1 from ${courseEnrolments} inner join ${courseSectionTeachers}
          on ${courseSectionTeachers.courseSectionId} = ${courseEnrolments.courseSectionId}
          where ${courseEnrolments.studentId} = ${students.id} and ${courseSectionTeachers.teacherId} = ${teacherId})`;
  const coordinated =
    specializationIds.length === 0
      ? undefined
      : sql`exists (select 1 from ${inscriptions} where ${inscriptions.studentId} = ${students.id}
          and ${inArray(inscriptions.specializationId, specializationIds)})`;
  const scope = or(taught, coordinated);
  if (!scope) throw forbidden();
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, studentId), scope));
  if (!row) throw forbidden();
}
