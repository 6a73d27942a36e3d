import { asc, eq, inArray } from "drizzle-orm";
import { isAdminGroup, isCoordinator, isTeacher } from "../../../common/roles.js";
import type {
  TeacherUnavailability,
  UpdateTeacherUnavailabilityInput,
} from "../../../common/schemas/teacher-unavailability.js";
import { validationMessage } from "../../../common/validation/messages.js";
import type { Db, DbOrTx } from "../../db/client.js";
import { classHours, teachers, teacherUnavailabilities } from "../../db/schema/index.js";
import { isForeignKeyViolation } from "../../http/db-errors.js";
import { AppError, forbidden, notFound } from "../../http/errors.js";
import { type Caller, callerTeacherId, supervisedTeacherIds } from "../../http/ownership.js";
import { validationError } from "../../http/validation.js";

/**
 * A teacher's weekly unavailability (issue 28, DOMAIN.md "Schedule"): the slots (day × class hour) they
 * cannot teach. The timetable generator reads the table directly and never places them there; the
 * schedule editor warns.
 */

/**
 * 404 for an unknown teacher; then the administration reads anyone's, a teacher only their own, a
 * coordinator their own and those of the teachers they supervise.
 */
export async function assertCanReadUnavailability(db: DbOrTx, caller: Caller, teacherId: number) {
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, teacherId));
  if (!teacher) throw notFound("teacher_not_found", "El profesor no existe.");
  if (isAdminGroup(caller.type)) return;
  if (isCoordinator(caller.type)) {
    if (!(await supervisedTeacherIds(db, caller)).includes(teacherId))
      throw new AppError(403, "coordinator_not_owner_or_not_supervising");
    return;
  }
  if (isTeacher(caller.type) && (await callerTeacherId(db, caller)) === teacherId) return;
  throw forbidden();
}

/** The teacher's unavailable slots, by day, then by the class hour's start; and the day's class hours. */
export async function teacherUnavailability(db: DbOrTx, teacherId: number): Promise<TeacherUnavailability> {
  const hours = await db
    .select({ id: classHours.id, startTime: classHours.startTime, endTime: classHours.endTime })
    .from(classHours)
    .orderBy(asc(classHours.startTime), asc(classHours.id));
  const rows = await db
    .select({ day: teacherUnavailabilities.day, classHourId: teacherUnavailabilities.classHourId })
    .from(teacherUnavailabilities)
    .innerJoin(classHours, eq(classHours.id, teacherUnavailabilities.classHourId))
    .where(eq(teacherUnavailabilities.teacherId, teacherId))
    .orderBy(asc(teacherUnavailabilities.day), asc(classHours.startTime), asc(classHours.id));
  return {
    slots: rows.map((r) => ({ day: r.day, class_hour_id: r.classHourId })),
    class_hours: hours.map((h) => ({
      id: h.id,
      start_time: h.startTime.slice(0, 5),
      end_time: h.endTime.slice(0, 5),
    })),
  };
}

/** 422 on each slot whose class hour does not exist. */
function unknownClassHours(slots: UpdateTeacherUnavailabilityInput["slots"], known: ReadonlySet<number>) {
  const errors: Record<string, string[]> = {};
  slots.forEach((slot, i) => {
    if (!known.has(slot.class_hour_id)) {
      const field = `slots.${i}.class_hour_id`;
      errors[field] = [validationMessage("exists", field)];
    }
  });
  return Object.keys(errors).length > 0 ? validationError(errors) : null;
}

/**
 * Replaces the teacher's unavailable slots with `input.slots`, in one transaction. The teacher's row is
 * locked, so two saves of one teacher run one after the other (the last one wins whole). A class hour
 * deleted meanwhile is refused by the foreign key, answered as the same 422.
 */
export async function replaceTeacherUnavailability(opts: {
  db: Db;
  teacherId: number;
  input: UpdateTeacherUnavailabilityInput;
}): Promise<TeacherUnavailability> {
  const { db, teacherId } = opts;
  const { slots } = opts.input;
  try {
    await db.transaction(async (tx) => {
      const [teacher] = await tx
        .select({ id: teachers.id })
        .from(teachers)
        .where(eq(teachers.id, teacherId))
        .for("update");
      if (!teacher) throw notFound("teacher_not_found", "El profesor no existe.");
      const ids = [...new Set(slots.map((s) => s.class_hour_id))];
      const found = ids.length
        ? await tx.select({ id: classHours.id }).from(classHours).where(inArray(classHours.id, ids))
        : [];
      const refusal = unknownClassHours(slots, new Set(found.map((r) => r.id)));
      if (refusal) throw refusal;
      await tx.delete(teacherUnavailabilities).where(eq(teacherUnavailabilities.teacherId, teacherId));
      if (slots.length > 0)
        await tx
          .insert(teacherUnavailabilities)
          .values(slots.map((s) => ({ teacherId, day: s.day, classHourId: s.class_hour_id })));
    });
  } catch (error) {
    if (isForeignKeyViolation(error, "teacher_unavailabilities_class_hour_id_class_hours_id_fk")) {
      const known = new Set((await db.select({ id: classHours.id }).from(classHours)).map((r) => r.id));
      throw unknownClassHours(slots, known) ?? error;
    }
    throw error;
  }
  return teacherUnavailability(db, teacherId);
}
