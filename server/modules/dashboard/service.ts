import { and, asc, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  average,
  type CourseRecord,
  courseNote,
  courseResult,
} from "../../../common/enrolment/progression.js";
import { periodHasEnded } from "../../../common/grades/standing.js";
import { weekdayIn } from "../../../common/time.js";
import type { DbOrTx } from "../../db/client.js";
import {
  activities,
  coordinatorSupervisions,
  courseEnrolments,
  courseSections,
  courseSectionTeachers,
  courses,
  documentRequests,
  inscriptions,
  lessonStudents,
  lessons,
  notificationReceivers,
  paymentStatuses,
  payments,
  pensums,
  periods,
  preInscriptions,
  sections,
  semesters,
  specializations,
  students,
  teachers,
} from "../../db/schema/index.js";
import type { Caller } from "../../http/ownership.js";
import { courseSectionRecords } from "../course-sections/records.js";
import { presentPeriodFee } from "../inscriptions/presenter.js";
import { getPeriodFee } from "../inscriptions/service.js";
import { listDebtors } from "../payments/service.js";
import { weeklyGrid } from "../schedules/service.js";
import { listStudentCourses } from "../students/service.js";

type Ctx = { db: DbOrTx; today: string; timeZone: string };
type PeriodBrief = {
  id: number;
  year: number;
  number: number;
  lowPerformanceNote: number;
  highPerformanceNote: number;
  approvalMinimumNote: number;
  endDate: string;
};

async function enabledPeriod(db: DbOrTx): Promise<PeriodBrief | null> {
  const [row] = await db
    .select({
      id: periods.id,
      year: periods.year,
      number: periods.number,
      lowPerformanceNote: periods.lowPerformanceNote,
      highPerformanceNote: periods.highPerformanceNote,
      approvalMinimumNote: periods.approvalMinimumNote,
      endDate: periods.endDate,
    })
    .from(periods)
    .where(eq(periods.enabled, true));
  return row ?? null;
}

/**
 * A period's inscriptions by specialization and semester (all, and active), counted from the
 * `inscriptions_period_counts_idx` index alone; the few groups are then named.
 */
async function inscriptionCounts(db: DbOrTx, periodId: number) {
  const counts = db
    .select({
      specializationId: inscriptions.specializationId,
      semesterId: inscriptions.semesterId,
      count: countAll().as("count"),
      active: sql<number>`count(*) filter (where ${inscriptions.status} = 'active')`
        .mapWith(Number)
        .as("active"),
    })
    .from(inscriptions)
    .where(eq(inscriptions.periodId, periodId))
    .groupBy(inscriptions.specializationId, inscriptions.semesterId)
    .as("counts");
  return db
    .select({
      specializationId: counts.specializationId,
      title: specializations.title,
      semesterId: counts.semesterId,
      code: semesters.code,
      number: semesters.number,
      count: counts.count,
      active: counts.active,
    })
    .from(counts)
    .innerJoin(specializations, eq(specializations.id, counts.specializationId))
    .innerJoin(semesters, eq(semesters.id, counts.semesterId));
}

const brief = (p: PeriodBrief | null) => (p ? { id: p.id, year: p.year, number: p.number } : null);
const countAll = () => sql<number>`count(*)`.mapWith(Number);

/**
 * The administration's dashboard: every number one aggregate query (they run side by side), except the
 * overdue amount and debtors, which are the payments module's debtors report (the shared money maths).
 */
export async function adminDashboard({ db, today, timeZone }: Ctx) {
  const period = await enabledPeriod(db);
  const pid = period?.id ?? 0;
  const [byStatusGender, bySpecSemester, seats, scalars, debtors, todays] = await Promise.all([
    db
      .select({ status: students.status, gender: students.gender, count: countAll() })
      .from(students)
      .groupBy(students.status, students.gender),
    inscriptionCounts(db, pid),
    db
      .select({
        seats: sql<number>`coalesce(sum(${sections.malesLimit} + ${sections.femalesLimit}), 0)`.mapWith(
          Number,
        ),
      })
      .from(sections)
      .where(eq(sections.periodId, pid)),
    Promise.all([
      db.select({ count: countAll() }).from(preInscriptions).where(eq(preInscriptions.status, "pending")),
      db.select({ count: countAll() }).from(payments).where(eq(payments.status, paymentStatuses.pending)),
      db.select({ count: countAll() }).from(documentRequests).where(eq(documentRequests.status, "pending")),
    ]),
    period
      ? listDebtors({
          db,
          today,
          timeZone,
          list: {
            page: 1,
            limit: 0,
            sort_by: { field: "last_name", direction: "asc" },
            period_id: period.id,
          } as Parameters<typeof listDebtors>[0]["list"],
        })
      : null,
    db
      .select({
        id: activities.id,
        title: activities.title,
        startDate: activities.startDate,
        endDate: activities.endDate,
      })
      .from(activities)
      .where(and(lte(activities.startDate, today), gte(activities.endDate, today)))
      .orderBy(asc(activities.startDate), asc(activities.id)),
  ]);

  const sum = (rows: { count: number }[]) => rows.reduce((acc, r) => acc + r.count, 0);
  const group = <K extends string | number>(rows: { key: K; count: number }[]) => {
    const map = new Map<K, number>();
    for (const r of rows) map.set(r.key, (map.get(r.key) ?? 0) + r.count);
    return map;
  };
  const statusOrder = ["active", "retired", "graduated"];
  const byStatus = group(byStatusGender.map((r) => ({ key: r.status, count: r.count })));
  const byGender = group(byStatusGender.map((r) => ({ key: r.gender, count: r.count })));
  const specs = new Map<number, { id: number; title: string; count: number }>();
  const sems = new Map<number, { id: number; code: string; number: number; count: number }>();
  for (const r of bySpecSemester) {
    const s = specs.get(r.specializationId) ?? { id: r.specializationId, title: r.title, count: 0 };
    s.count += r.count;
    specs.set(s.id, s);
    const m = sems.get(r.semesterId) ?? { id: r.semesterId, code: r.code, number: r.number, count: 0 };
    m.count += r.count;
    sems.set(m.id, m);
  }
  const [preregistered, pendingPayments, pendingRequests] = scalars.map((rows) => rows[0]?.count ?? 0);

  return {
    kind: "admin" as const,
    period: brief(period),
    today,
    students: {
      total: sum(byStatusGender),
      by_status: [...byStatus]
        .map(([status, count]) => ({ status, count }))
        .sort((a, b) => statusOrder.indexOf(a.status) - statusOrder.indexOf(b.status)),
      by_gender: [...byGender]
        .map(([gender, count]) => ({ gender, count }))
        .sort((a, b) => a.gender.localeCompare(b.gender)),
      by_specialization: [...specs.values()].sort((a, b) => a.title.localeCompare(b.title, "es")),
      by_semester: [...sems.values()].sort((a, b) => a.code.localeCompare(b.code, "es")),
    },
    inscriptions: {
      count: bySpecSemester.reduce((acc, r) => acc + r.active, 0),
      seats: seats[0]?.seats ?? 0,
    },
    preregistered_pending: preregistered ?? 0,
    payments: {
      pending_review: pendingPayments ?? 0,
      overdue_e2: debtors?.totalOwedE2 ?? 0,
      debtors: debtors?.meta.total ?? 0,
    },
    document_requests_pending: pendingRequests ?? 0,
    activities_today: todays.map((a) => ({
      id: a.id,
      title: a.title,
      start_date: a.startDate,
      end_date: a.endDate,
    })),
  };
}

/**
 * A student's own dashboard: their courses of the enabled period (or of their latest inscription) with the
 * note so far and absences (as `/students/{id}/courses`), the next installment to pay (the money maths of
 * `/students/{id}/period-fee`), today's classes (their week of Mi horario) and unread notifications.
 */
export async function studentDashboard(ctx: Ctx & { caller: Caller; studentId: number }) {
  const { db, today, caller, studentId } = ctx;
  const period = await enabledPeriod(db);
  const [coursesRows, fee, unread, enrolled] = await Promise.all([
    period
      ? listStudentCourses({ db, caller, id: studentId, filter: { periodId: period.id }, today })
      : Promise.resolve([]),
    getPeriodFee({ db, studentId, periodId: period?.id }).catch(() => null),
    db
      .select({ count: countAll() })
      .from(notificationReceivers)
      .where(and(eq(notificationReceivers.userId, caller.id), isNull(notificationReceivers.readAt))),
    db
      .select({ id: courseEnrolments.courseSectionId })
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.studentId, studentId), eq(courseEnrolments.status, "enrolled"))),
  ]);
  const day = weekdayIn(ctx.timeZone, new Date(`${today}T12:00:00Z`));
  const grid = period
    ? await weeklyGrid({ db, periodId: period.id, courseSectionIds: enrolled.map((e) => e.id) })
    : { classHours: [], slots: [] };
  const hours = new Map(grid.classHours.map((h) => [h.id, h]));
  const todaySlots = grid.slots
    .filter((s) => s.day === day && hours.has(s.classHourId))
    .map((s) => ({ slot: s, hour: hours.get(s.classHourId)! }))
    .sort((a, b) => a.hour.startTime.localeCompare(b.hour.startTime));
  const nextInstallment = fee
    ? (presentPeriodFee(fee, today, ctx.timeZone).installments.find((i) => !i.paid) ?? null)
    : null;
  return {
    kind: "student" as const,
    period: brief(period),
    today,
    courses: coursesRows
      .filter((c) => c.status === "enrolled")
      .map((c) => ({
        course_section_id: c.courseSectionId,
        course: { id: c.course.id, code: c.course.code, title: c.course.title },
        section: { id: c.section.id, code: c.section.code },
        note: c.note,
        evaluated_percent: c.evaluatedPercent,
        standing: c.standing,
        absences: c.absences,
        delays: c.delays,
        failed_by_absences: c.failedByAbsences,
      })),
    next_installment: nextInstallment
      ? {
          // When it falls due: an installment dated before the inscription is due from its day.
          date: nextInstallment.due_date,
          pending_e2: nextInstallment.pending_e2,
          is_late: nextInstallment.is_late,
        }
      : null,
    today_schedule: todayClasses(todaySlots),
    unread_notifications: unread[0]?.count ?? 0,
  };
}

type TodaySlot = {
  slot: {
    courseSectionId: number;
    course: { id: number; code: string; title: string };
    section: { id: number; code: string };
    classroom: { code: string };
  };
  hour: { startTime: string; endTime: string };
};

/** Today's class hours in order, back-to-back hours of one course in one classroom joined into one class. */
function todayClasses(slots: TodaySlot[]) {
  const classes: {
    start_time: string;
    end_time: string;
    course: { id: number; code: string; title: string };
    section: { id: number; code: string };
    classroom: string;
    courseSectionId: number;
  }[] = [];
  for (const { slot, hour } of slots) {
    const last = classes.at(-1);
    const start = hour.startTime.slice(0, 5);
    if (
      last &&
      last.courseSectionId === slot.courseSectionId &&
      last.classroom === slot.classroom.code &&
      last.end_time === start
    ) {
      last.end_time = hour.endTime.slice(0, 5);
      continue;
    }
    classes.push({
      start_time: start,
      end_time: hour.endTime.slice(0, 5),
      course: { id: slot.course.id, code: slot.course.code, title: slot.course.title },
      section: { id: slot.section.id, code: slot.section.code },
      classroom: slot.classroom.code,
      courseSectionId: slot.courseSectionId,
    });
  }
  return classes.map(({ courseSectionId: _, ...c }) => c);
}

/** Evaluated lessons some enrolled student has no note in yet (the evaluation reminders' rule). */
const missingNotes = sql<number>`(select count(*) from ${courseEnrolments} ce
  where ce.course_section_id = ${lessons.courseSectionId} and ce.status = 'enrolled'
    and not exists (select 1 from ${lessonStudents} ls
      where ls.lesson_id = ${lessons.id} and ls.student_id = ce.student_id and ls.note is not null))`.mapWith(
  Number,
);

/**
 * A teacher's (or coordinator's) own teaching: today's lessons and whether attendance was taken, evaluated
 * lessons up to today still missing notes, and their course sections of the enabled period.
 */
export async function teacherDashboard(ctx: Ctx & { teacherId: number }) {
  const { db, today, teacherId } = ctx;
  const period = await enabledPeriod(db);
  const pid = period?.id ?? 0;
  const mine = sql`${lessons.courseSectionId} in (select ${courseSectionTeachers.courseSectionId}
    from ${courseSectionTeachers} where ${courseSectionTeachers.teacherId} = ${teacherId})`;
  const lessonColumns = {
    id: lessons.id,
    date: lessons.date,
    title: lessons.title,
    courseSectionId: lessons.courseSectionId,
    courseId: courses.id,
    courseTitle: courses.title,
    sectionId: sections.id,
    sectionCode: sections.code,
  };
  const lessonsOf = () =>
    db
      .select({ ...lessonColumns, registeredAt: lessons.registeredAt, missing: missingNotes })
      .from(lessons)
      .innerJoin(courseSections, eq(courseSections.id, lessons.courseSectionId))
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .innerJoin(sections, eq(sections.id, courseSections.sectionId));
  const [todays, evaluations, own] = await Promise.all([
    lessonsOf()
      .where(and(mine, eq(lessons.date, today)))
      .orderBy(asc(sections.code), asc(courses.title)),
    lessonsOf()
      .where(
        and(
          mine,
          eq(sections.periodId, pid),
          eq(lessons.evaluated, true),
          lte(lessons.date, today),
          sql`${missingNotes} > 0`,
        ),
      )
      .orderBy(asc(lessons.date), asc(sections.code)),
    db
      .select({
        courseSectionId: courseSections.id,
        courseId: courses.id,
        courseTitle: courses.title,
        sectionId: sections.id,
        sectionCode: sections.code,
        students: sql<number>`(select count(*) from ${courseEnrolments} ce
          where ce.course_section_id = ${courseSections.id} and ce.status = 'enrolled')`.mapWith(Number),
      })
      .from(courseSectionTeachers)
      .innerJoin(courseSections, eq(courseSections.id, courseSectionTeachers.courseSectionId))
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .innerJoin(sections, eq(sections.id, courseSections.sectionId))
      .where(and(eq(courseSectionTeachers.teacherId, teacherId), eq(sections.periodId, pid)))
      .orderBy(asc(sections.code), asc(courses.title)),
  ]);
  const lesson = (l: (typeof todays)[number]) => ({
    id: l.id,
    date: l.date,
    title: l.title,
    course_section_id: l.courseSectionId,
    course: { id: l.courseId, title: l.courseTitle },
    section: { id: l.sectionId, code: l.sectionCode },
  });
  const todayLessons = todays.map((l) => ({ ...lesson(l), registered: l.registeredAt !== null }));
  return {
    period: brief(period),
    today,
    today_lessons: todayLessons,
    pending_attendance: todayLessons.filter((l) => !l.registered).length,
    evaluations_without_notes: evaluations
      .filter((l) => l.missing > 0)
      .map((l) => ({ ...lesson(l), missing: l.missing })),
    sections: own.map((s) => ({
      course_section_id: s.courseSectionId,
      course: { id: s.courseId, title: s.courseTitle },
      section: { id: s.sectionId, code: s.sectionCode },
      students: s.students,
    })),
  };
}

/**
 * The note a course counts with in the coordinator's low and high performers: the final note once the
 * course is final (100 % evaluated or its period ended), else the weighted mean of what was evaluated.
 */
export function performanceNote(
  record: CourseRecord,
  approvalMinimumNote: number,
  periodEnded: boolean,
): number | null {
  const result = courseResult(
    record,
    { approvalMinimumNote, approvalMinimumAvg: approvalMinimumNote },
    { periodEnded },
  );
  return result.final ? result.note : courseNote(record.evaluations, record.finalDelivery).note;
}

/**
 * A coordinator's view: the sections of their specialization in the enabled period, the teachers they
 * supervise with lessons up to today without attendance and evaluations without notes, and the students
 * of their specialization whose average (`performanceNote` of each course) is below the period's low
 * performance note or at least its high performance note.
 */
export async function coordinatorDashboard(ctx: Ctx & { teacherId: number }) {
  const { db, today, teacherId } = ctx;
  const period = await enabledPeriod(db);
  const pid = period?.id ?? 0;
  const specs = await db
    .select({ id: specializations.id, title: specializations.title })
    .from(teachers)
    .innerJoin(specializations, eq(specializations.id, teachers.specializationId))
    .where(and(eq(teachers.id, teacherId), eq(teachers.isCoordinator, true)));
  const specIds = specs.map((s) => s.id);
  const inSpecs = specIds.length ? specIds : [0];
  const [sectionRows, teacherRows, courseSectionRows] = await Promise.all([
    db
      .select({
        id: sections.id,
        code: sections.code,
        semesterNumber: semesters.number,
        students: sql<number>`(select count(*) from ${inscriptions} i
          where i.section_id = ${sections.id} and i.status = 'active')`.mapWith(Number),
      })
      .from(sections)
      .innerJoin(semesters, eq(semesters.id, sections.semesterId))
      .where(
        and(
          eq(sections.periodId, pid),
          inArray(
            semesters.pensumId,
            db.select({ id: pensums.id }).from(pensums).where(inArray(pensums.specializationId, inSpecs)),
          ),
        ),
      )
      .orderBy(asc(sections.code)),
    db
      .select({
        id: teachers.id,
        firstName: teachers.firstName,
        lastName: teachers.lastName,
        pendingAttendance: sql<number>`(select count(*) from ${lessons} l
          inner join ${courseSections} cs on cs.id = l.course_section_id
          inner join ${sections} s on s.id = cs.section_id
          where s.period_id = ${pid} and l.date <= ${today} and l.registered_at is null
            and l.course_section_id in (select course_section_id from ${courseSectionTeachers} cst
              where cst.teacher_id = ${teachers.id}))`.mapWith(Number),
        pendingEvaluations: sql<number>`(select count(*) from ${lessons} l
          inner join ${courseSections} cs on cs.id = l.course_section_id
          inner join ${sections} s on s.id = cs.section_id
          where s.period_id = ${pid} and l.date <= ${today} and l.evaluated
            and l.course_section_id in (select course_section_id from ${courseSectionTeachers} cst
              where cst.teacher_id = ${teachers.id})
            and exists (select 1 from ${courseEnrolments} ce
              where ce.course_section_id = l.course_section_id and ce.status = 'enrolled'
                and not exists (select 1 from ${lessonStudents} ls
                  where ls.lesson_id = l.id and ls.student_id = ce.student_id and ls.note is not null)))`.mapWith(
          Number,
        ),
      })
      .from(coordinatorSupervisions)
      .innerJoin(teachers, eq(teachers.id, coordinatorSupervisions.teacherId))
      .where(eq(coordinatorSupervisions.coordinatorId, teacherId))
      .orderBy(asc(teachers.lastName), asc(teachers.firstName)),
    db
      .select({ id: courseSections.id })
      .from(courseSections)
      .innerJoin(sections, eq(sections.id, courseSections.sectionId))
      .innerJoin(semesters, eq(semesters.id, sections.semesterId))
      .where(
        and(
          eq(sections.periodId, pid),
          inArray(
            semesters.pensumId,
            db.select({ id: pensums.id }).from(pensums).where(inArray(pensums.specializationId, inSpecs)),
          ),
        ),
      ),
  ]);

  // Performance so far: each course's final note once final, else the weighted mean of what was evaluated
  // (its pace: a student with 20 on everything graded is high, though the half graded gives 10 points so
  // far). Five queries in all.
  const { records } = await courseSectionRecords(
    db,
    courseSectionRows.map((c) => c.id),
  );
  const notesByStudent = new Map<number, number[]>();
  if (period) {
    const periodEnded = periodHasEnded(period.endDate, today);
    for (const record of records.values()) {
      if (record.withdrawn) continue;
      const note = performanceNote(record, period.approvalMinimumNote, periodEnded);
      if (note === null) continue;
      notesByStudent.set(record.studentId, [...(notesByStudent.get(record.studentId) ?? []), note]);
    }
  }
  const averages = [...notesByStudent].map(([id, notes]) => ({ id, average: average(notes)! }));
  const low = period ? averages.filter((a) => a.average < period.lowPerformanceNote) : [];
  const high = period ? averages.filter((a) => a.average >= period.highPerformanceNote) : [];
  const named = [...low, ...high].map((a) => a.id);
  const names = named.length
    ? await db
        .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
        .from(students)
        .where(inArray(students.id, named))
    : [];
  const nameOf = new Map(names.map((s) => [s.id, s]));
  const withNames = (list: { id: number; average: number }[], dir: 1 | -1) =>
    list
      .map((a) => ({
        id: a.id,
        first_name: nameOf.get(a.id)?.firstName ?? "",
        last_name: nameOf.get(a.id)?.lastName ?? "",
        average: a.average,
      }))
      .sort((a, b) => dir * (a.average - b.average) || a.last_name.localeCompare(b.last_name, "es"));

  return {
    period: brief(period),
    today,
    specializations: specs,
    sections: sectionRows.map((s) => ({
      id: s.id,
      code: s.code,
      semester_number: s.semesterNumber,
      students: s.students,
    })),
    teachers: teacherRows.map((t) => ({
      id: t.id,
      first_name: t.firstName,
      last_name: t.lastName,
      pending_attendance: t.pendingAttendance,
      pending_evaluations: t.pendingEvaluations,
    })),
    performance: {
      low_note: period?.lowPerformanceNote ?? 0,
      high_note: period?.highPerformanceNote ?? 0,
      low: withNames(low, 1),
      high: withNames(high, -1),
      evaluated: averages.length,
    },
  };
}
