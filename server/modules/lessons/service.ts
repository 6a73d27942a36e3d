import { and, eq, gte, lte, sql } from "drizzle-orm";
import { formatDate } from "../../../common/dates/format.js";
import type {
  Attendance,
  BulkNotesInput,
  CreateLessonInput,
  RegisterLessonInput,
  UpdateLessonInput,
  UpdateLessonStudentInput,
} from "../../../common/schemas/lessons.js";
import { recordNoteChanges } from "../../audit/record.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { withDbErrors } from "../../db/constraints.js";
import {
  courseSections,
  holidays,
  lessonStudentChanges,
  lessonStudents,
  lessons,
  periods,
  schedules,
  users,
} from "../../db/schema/index.js";
import { conflict, notFound, refuse } from "../../http/errors.js";
import { type Caller, callerTeacherId } from "../../http/ownership.js";
import { assertLessonAccess } from "./policy.js";
import {
  absenceTotals,
  availableWeight,
  courseSectionBrief,
  enrolledStudents,
  type LessonDetailRow,
  lessonDetail,
} from "./reads.js";

/** spec.md §8: what a bulk note update answers when it skipped students failed by absences. */
export const SKIPPED_FAILED_MESSAGE =
  "Algunos estudiantes no se pudieron editar ya que tienen la materia aplazada por inasistencias.";

type Ctx = { db: DbOrTx; caller: Caller };

/**
 * Locks a lesson (every write of its students goes through this row) and checks the caller's access. With
 * `readVersion` (the version of its attendance and notes the caller's screen read), a lesson saved since is
 * refused with 409 `stale_record` (issue 27: the later save never silently overwrites the earlier one).
 */
async function lockLesson(tx: Tx, caller: Caller, id: number, readVersion?: number) {
  const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, id)).for("update");
  if (!lesson) throw notFound();
  await assertLessonAccess(tx, caller, lesson.courseSectionId);
  if (readVersion !== undefined && readVersion !== lesson.version) throw conflict("stale_record");
  return lesson;
}

/** A save of the lesson's attendance or notes makes a new version (under the lesson's lock). */
async function nextVersion(tx: Tx, lessonId: number) {
  await tx
    .update(lessons)
    .set({ version: sql`${lessons.version} + 1` })
    .where(eq(lessons.id, lessonId));
}

/** The weekday of an ISO date, 1 Monday … 7 Sunday. */
const weekdayOf = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
};
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function periodOfCourseSection(db: DbOrTx, courseSectionId: number) {
  const brief = await courseSectionBrief(db, courseSectionId);
  const [period] = await db.select().from(periods).where(eq(periods.id, brief.section.periodId));
  return { brief, period: period! };
}

async function assertDateInPeriod(db: DbOrTx, courseSectionId: number, date: string) {
  const { period } = await periodOfCourseSection(db, courseSectionId);
  if (date < period.startDate || date > period.endDate) {
    throw refuse(
      "invalid_date_range",
      `La fecha de la clase debe estar dentro del período (del ${formatDate(period.startDate)} al ${formatDate(period.endDate)}).`,
    );
  }
}

export async function createLesson(opts: Ctx & { input: CreateLessonInput }): Promise<LessonDetailRow> {
  const { db, caller, input } = opts;
  const id = await db.transaction(async (tx) => {
    await courseSectionBrief(tx, input.course_section_id);
    await assertLessonAccess(tx, caller, input.course_section_id);
    await assertDateInPeriod(tx, input.course_section_id, input.date);
    const [row] = await withDbErrors(() =>
      tx
        .insert(lessons)
        .values({
          courseSectionId: input.course_section_id,
          date: input.date,
          title: input.title,
          description: input.description,
        })
        .returning({ id: lessons.id }),
    );
    return row!.id;
  });
  return lessonDetail(db, id);
}

/**
 * Every lesson of the course section's schedule for every week of its period, holidays skipped. Lessons
 * already there are kept (one per course section and date), so generating twice adds nothing.
 */
export async function generateLessons(opts: Ctx & { courseSectionId: number }) {
  const { db, caller, courseSectionId } = opts;
  return db.transaction(async (tx) => {
    const { brief, period } = await periodOfCourseSection(tx, courseSectionId);
    await assertLessonAccess(tx, caller, courseSectionId);
    // One generation at a time per course section.
    await tx
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.id, courseSectionId))
      .for("update");
    if (brief.teachers.length === 0) throw refuse("course_section_must_have_a_teacher");
    const days = new Set(
      (
        await tx
          .select({ day: schedules.day })
          .from(schedules)
          .where(eq(schedules.courseSectionId, courseSectionId))
      ).map((r) => r.day),
    );
    if (days.size === 0) throw refuse("course_section_missing_schedules");
    const offDays = await tx
      .select({ start: holidays.startDate, end: holidays.endDate })
      .from(holidays)
      .where(and(lte(holidays.startDate, period.endDate), gte(holidays.endDate, period.startDate)));
    const isHoliday = (d: string) => offDays.some((h) => h.start <= d && d <= h.end);
    const dates: string[] = [];
    let skippedHolidays = 0;
    for (let d = period.startDate; d <= period.endDate; d = addDays(d, 1)) {
      if (!days.has(weekdayOf(d))) continue;
      if (isHoliday(d)) skippedHolidays++;
      else dates.push(d);
    }
    const created = dates.length
      ? await tx
          .insert(lessons)
          .values(dates.map((date) => ({ courseSectionId, date })))
          .onConflictDoNothing({ target: [lessons.courseSectionId, lessons.date] })
          .returning({ id: lessons.id })
      : [];
    const existing = dates.length - created.length;
    return {
      created: created.length,
      skippedHolidays,
      existing,
      message:
        created.length === 0
          ? "No se generaron clases nuevas: todas las clases del período ya existen."
          : `Se generaron ${created.length} ${created.length === 1 ? "clase" : "clases"}.`,
    };
  });
}

export async function updateLesson(opts: Ctx & { id: number; input: UpdateLessonInput }) {
  const { db, caller, id, input } = opts;
  await db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, caller, id);
    if (input.date !== undefined) await assertDateInPeriod(tx, lesson.courseSectionId, input.date);
    await withDbErrors(() =>
      tx
        .update(lessons)
        .set({ date: input.date, title: input.title, description: input.description, updatedAt: new Date() })
        .where(eq(lessons.id, id)),
    );
  });
  return lessonDetail(db, id);
}

/** Deletes a lesson without notes (`lesson_student_has_note`) or absences and delays (`lesson_has_absences`). */
export async function deleteLesson(opts: Ctx & { id: number }) {
  const { db, caller, id } = opts;
  await db.transaction(async (tx) => {
    await lockLesson(tx, caller, id);
    const [counts] = await tx
      .select({
        notes: sql<number>`count(*) filter (where ${lessonStudents.note} is not null)`.mapWith(Number),
        absences: sql<number>`count(*) filter (where ${lessonStudents.attendance} <> 'present')`.mapWith(
          Number,
        ),
      })
      .from(lessonStudents)
      .where(eq(lessonStudents.lessonId, id));
    if ((counts?.notes ?? 0) > 0) throw refuse("lesson_student_has_note");
    if ((counts?.absences ?? 0) > 0) throw refuse("lesson_has_absences");
    await tx.delete(lessons).where(eq(lessons.id, id));
  });
}

type Change = {
  studentId: number;
  field: "attendance" | "note";
  oldValue: string | null;
  newValue: string | null;
};

const noteText = (note: number | null) => (note === null ? null : String(Math.round(note * 100) / 100));

/** Appends the changes to the audit trail, in the caller's transaction. */
async function recordChanges(tx: Tx, caller: Caller, lesson: typeof lessons.$inferSelect, changes: Change[]) {
  if (changes.length === 0) return;
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, caller.id));
  await tx.insert(lessonStudentChanges).values(
    changes.map((c) => ({
      lessonId: lesson.id,
      lessonDate: lesson.date,
      courseSectionId: lesson.courseSectionId,
      studentId: c.studentId,
      field: c.field,
      oldValue: c.oldValue,
      newValue: c.newValue,
      changedByUserId: caller.id,
      changedByName: user?.name ?? null,
    })),
  );
  await recordNoteChanges(tx, { actorId: caller.id }, lesson, changes);
}

/** Ids of `studentIds` not enrolled in the course section: refused with `student_is_not_related_to_course_section`. */
async function assertEnrolled(tx: Tx, courseSectionId: number, studentIds: number[]) {
  const roster = await enrolledStudents(tx, courseSectionId);
  const enrolled = new Set(roster.map((s) => s.id));
  if (studentIds.some((id) => !enrolled.has(id))) throw refuse("student_is_not_related_to_course_section");
  return roster;
}

async function currentRows(tx: Tx, lessonId: number) {
  const rows = await tx.select().from(lessonStudents).where(eq(lessonStudents.lessonId, lessonId));
  return new Map(rows.map((r) => [r.studentId, r]));
}

/**
 * The attendance of every enrolled student in one request: those listed get their attendance, the
 * others are present. Changes go to the audit trail; the lesson is marked registered.
 */
export async function registerAttendance(opts: Ctx & { id: number; input: RegisterLessonInput }) {
  const { db, caller, id, input } = opts;
  await db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, caller, id, input.version);
    const wanted = new Map(input.students.map((s) => [s.student_id, s.attendance]));
    const roster = await assertEnrolled(tx, lesson.courseSectionId, [...wanted.keys()]);
    const before = await currentRows(tx, id);
    const changes: Change[] = [];
    const values = roster.map((st) => {
      const attendance: Attendance = wanted.get(st.id) ?? "present";
      const old = (before.get(st.id)?.attendance ?? "present") as Attendance;
      if (old !== attendance)
        changes.push({ studentId: st.id, field: "attendance", oldValue: old, newValue: attendance });
      return { lessonId: id, studentId: st.id, attendance };
    });
    if (values.length > 0) {
      await tx
        .insert(lessonStudents)
        .values(values)
        .onConflictDoUpdate({
          target: [lessonStudents.lessonId, lessonStudents.studentId],
          set: { attendance: sql`excluded.attendance`, updatedAt: sql`now()` },
          setWhere: sql`${lessonStudents.attendance} <> excluded.attendance`,
        });
    }
    await recordChanges(tx, caller, lesson, changes);
    await tx
      .update(lessons)
      .set({
        registeredAt: new Date(),
        registeredByTeacherId: await callerTeacherId(tx, caller),
        version: sql`${lessons.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(lessons.id, id));
  });
  return lessonDetail(db, id);
}

/**
 * Evaluates a lesson with a weight (percent); 0 makes it an ordinary lesson. The course section's weights
 * plus its final delivery's percent never pass 100 (`invalid_weighting`, with what is still available).
 */
export async function evaluateLesson(opts: Ctx & { id: number; weight: number }) {
  const { db, caller, id, weight } = opts;
  await db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, caller, id);
    // Weights of one course section change one at a time.
    await tx
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.id, lesson.courseSectionId))
      .for("update");
    const available = await availableWeight(tx, lesson.courseSectionId, id);
    if (weight > available) {
      throw refuse(
        "invalid_weighting",
        `La ponderación supera el porcentaje disponible: quedan ${available} % para esta evaluación.`,
      );
    }
    await tx
      .update(lessons)
      .set({ weight, evaluated: weight > 0, updatedAt: new Date() })
      .where(eq(lessons.id, id));
  });
  return lessonDetail(db, id);
}

async function writeNotes(
  tx: Tx,
  caller: Caller,
  lesson: typeof lessons.$inferSelect,
  notes: { studentId: number; note: number | null }[],
) {
  const before = await currentRows(tx, lesson.id);
  const changes: Change[] = [];
  for (const { studentId, note } of notes) {
    const old = before.get(studentId)?.note ?? null;
    if (noteText(old) !== noteText(note)) {
      changes.push({ studentId, field: "note", oldValue: noteText(old), newValue: noteText(note) });
    }
  }
  if (notes.length > 0) {
    await tx
      .insert(lessonStudents)
      .values(notes.map((n) => ({ lessonId: lesson.id, studentId: n.studentId, note: n.note })))
      .onConflictDoUpdate({
        target: [lessonStudents.lessonId, lessonStudents.studentId],
        set: { note: sql`excluded.note`, updatedAt: sql`now()` },
      });
  }
  await recordChanges(tx, caller, lesson, changes);
}

function assertEvaluated(lesson: typeof lessons.$inferSelect) {
  if (!lesson.evaluated || lesson.weight <= 0) throw refuse("lesson_is_not_evaluated");
}

/**
 * Notes of several students of an evaluated lesson. Students failed by absences are skipped, and the
 * answer says so (spec.md §8).
 */
export async function bulkUpdateNotes(opts: Ctx & { id: number; input: BulkNotesInput }) {
  const { db, caller, id, input } = opts;
  const skipped = await db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, caller, id, input.version);
    assertEvaluated(lesson);
    const wanted = new Map(input.students.map((s) => [s.student_id, s.note]));
    await assertEnrolled(tx, lesson.courseSectionId, [...wanted.keys()]);
    const brief = await courseSectionBrief(tx, lesson.courseSectionId);
    const totals = await absenceTotals(tx, lesson.courseSectionId, brief.course.maxAbsencesToFail);
    const skip: number[] = [];
    const notes: { studentId: number; note: number | null }[] = [];
    for (const [studentId, note] of wanted) {
      if (totals(studentId).failed) skip.push(studentId);
      else notes.push({ studentId, note });
    }
    await writeNotes(tx, caller, lesson, notes);
    await nextVersion(tx, id);
    return skip;
  });
  const detail = await lessonDetail(db, id);
  return skipped.length > 0
    ? { ...detail, message: SKIPPED_FAILED_MESSAGE, skippedStudentIds: skipped }
    : detail;
}

/** One student's attendance and/or note. A note for a student failed by absences is refused. */
export async function updateLessonStudent(
  opts: Ctx & { id: number; studentId: number; input: UpdateLessonStudentInput },
) {
  const { db, caller, id, studentId, input } = opts;
  await db.transaction(async (tx) => {
    const lesson = await lockLesson(tx, caller, id, input.version);
    await assertEnrolled(tx, lesson.courseSectionId, [studentId]);
    if (input.attendance !== undefined) {
      const before = await currentRows(tx, id);
      const old = (before.get(studentId)?.attendance ?? "present") as Attendance;
      await tx
        .insert(lessonStudents)
        .values({ lessonId: id, studentId, attendance: input.attendance })
        .onConflictDoUpdate({
          target: [lessonStudents.lessonId, lessonStudents.studentId],
          set: { attendance: input.attendance, updatedAt: sql`now()` },
        });
      if (old !== input.attendance) {
        await recordChanges(tx, caller, lesson, [
          { studentId, field: "attendance", oldValue: old, newValue: input.attendance },
        ]);
      }
    }
    if (input.note !== undefined) {
      assertEvaluated(lesson);
      const brief = await courseSectionBrief(tx, lesson.courseSectionId);
      const totals = await absenceTotals(tx, lesson.courseSectionId, brief.course.maxAbsencesToFail);
      if (totals(studentId).failed) throw refuse("lesson_student_failed_by_absences");
      await writeNotes(tx, caller, lesson, [{ studentId, note: input.note }]);
    }
    await nextVersion(tx, id);
  });
  return lessonDetail(db, id);
}

/**
 * One student's notes of several evaluations of a course section in one transaction (PATCH
 * /sections/{id}/courses/{course}/students/{student}), with the rules and audit rows of the note updates
 * above: each lesson locked (in id order) and checked for the caller, of this course section
 * (`lesson_not_of_course_section`), evaluated (`lesson_is_not_evaluated`); the student enrolled
 * (`student_is_not_related_to_course_section`) and not failed by absences (refused with spec.md §8's
 * sentence). Nothing is written when anything is refused.
 */
export async function saveStudentNotes(
  opts: Ctx & {
    courseSectionId: number;
    studentId: number;
    /** `version`: the lesson's version the screen read (409 `stale_record` when it changed since). */
    notes: { lessonId: number; note: number | null; version?: number }[];
  },
) {
  const { db, caller, courseSectionId, studentId } = opts;
  const wanted = [...opts.notes].sort((a, b) => a.lessonId - b.lessonId);
  await db.transaction(async (tx) => {
    await assertLessonAccess(tx, caller, courseSectionId);
    const locked: (typeof lessons.$inferSelect)[] = [];
    for (const { lessonId, version } of wanted) {
      const [lesson] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).for("update");
      if (!lesson || lesson.courseSectionId !== courseSectionId) {
        throw refuse(
          "lesson_not_of_course_section",
          `La clase ${lessonId} no es una evaluación de esta materia de la sección.`,
        );
      }
      assertEvaluated(lesson);
      if (version !== undefined && version !== lesson.version) throw conflict("stale_record");
      locked.push(lesson);
    }
    await assertEnrolled(tx, courseSectionId, [studentId]);
    const brief = await courseSectionBrief(tx, courseSectionId);
    const totals = await absenceTotals(tx, courseSectionId, brief.course.maxAbsencesToFail);
    if (totals(studentId).failed) throw refuse("lesson_student_failed_by_absences", SKIPPED_FAILED_MESSAGE);
    for (const [i, lesson] of locked.entries()) {
      await writeNotes(tx, caller, lesson, [{ studentId, note: wanted[i]!.note }]);
      await nextVersion(tx, lesson.id);
    }
  });
}
