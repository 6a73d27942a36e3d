import { and, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { isAdminGroup, isCoordinator, isStudent, isTeacherGroup } from "../../../common/roles.js";
import type { DbOrTx } from "../../db/client.js";
import { courseEnrolments, courseSectionTeachers, inscriptions, students } from "../../db/schema/index.js";
import { forbidden } from "../../http/errors.js";
import { assertOwnStudent, type Caller, callerTeacherId } from "../../http/ownership.js";
import { visibleSpecializationIds } from "../sections/service.js";

/**
 * Which students a caller reaches (spec.md §6 and the record rules of ARCHITECTURE.md): the administration
 * every one; a student only themself; a teacher the students enrolled in a course section they teach; a
 * coordinator those inscribed in the specialization they coordinate, and those they teach.
 */
export type StudentScope =
  | { kind: "all" }
  | { kind: "none" }
  | { kind: "own"; studentId: number }
  | { kind: "staff"; teacherId: number | null; specializationIds: number[] };

export async function studentScope(db: DbOrTx, caller: Caller): Promise<StudentScope> {
  if (isAdminGroup(caller.type)) return { kind: "all" };
  if (isStudent(caller.type)) {
    const [row] = await db.select({ id: students.id }).from(students).where(eq(students.userId, caller.id));
    return row ? { kind: "own", studentId: row.id } : { kind: "none" };
  }
  if (isTeacherGroup(caller.type)) {
    const teacherId = await callerTeacherId(db, caller);
    const specializationIds = isCoordinator(caller.type)
      ? ((await visibleSpecializationIds(db, caller)) ?? [])
      : [];
    return { kind: "staff", teacherId, specializationIds };
  }
  return { kind: "none" };
}

/** The SQL condition on `students.id` that keeps only the students of the scope (undefined: all). */
export function scopeCondition(scope: StudentScope): SQL | undefined {
  if (scope.kind === "all") return undefined;
  if (scope.kind === "none") return sql`false`;
  if (scope.kind === "own") return eq(students.id, scope.studentId);
  const taught =
    scope.teacherId === null
      ? undefined
      : sql`exists (select 1 from ${courseEnrolments} inner join ${courseSectionTeachers}
            on ${courseSectionTeachers.courseSectionId} = ${courseEnrolments.courseSectionId}
            where ${courseEnrolments.studentId} = ${students.id}
              and ${courseSectionTeachers.teacherId} = ${scope.teacherId})`;
  const coordinated =
    scope.specializationIds.length === 0
      ? undefined
      : sql`exists (select 1 from ${inscriptions} where ${inscriptions.studentId} = ${students.id}
            and ${inArray(inscriptions.specializationId, scope.specializationIds)})`;
  return or(taught, coordinated) ?? sql`false`;
}

/**
 * Refuses (403) a caller who may not reach the student: a student another's record, a teacher a student
 * they do not teach, a coordinator one outside their specialization. Missing students are the caller's
 * 404 (checked by the service before).
 */
export async function assertCanSeeStudent(db: DbOrTx, caller: Caller, studentId: number): Promise<void> {
  if (isAdminGroup(caller.type)) return;
  if (isStudent(caller.type)) return assertOwnStudent(db, caller, studentId);
  const scope = await studentScope(db, caller);
  const [row] = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.id, studentId), scopeCondition(scope)));
  if (!row) throw forbidden();
}
