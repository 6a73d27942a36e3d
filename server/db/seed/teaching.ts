import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";
import type { SeededInscription } from "./enrolment.js";
import type { SeededPeople } from "./people.js";
import { day, type Random } from "./random.js";
import type { SeededSection } from "./sections.js";

const CHUNK = 2000;

/**
 * The evaluations of each course section so far, by week of the period (its first lesson that week) and
 * weight: 50 % in all, so the course section's final delivery (20 %) and later evaluations still fit.
 */
const evaluations = [
  { week: 1, weight: 15, title: "Evaluación 1: prueba corta" },
  { week: 3, weight: 20, title: "Evaluación parcial" },
  { week: 5, weight: 15, title: "Evaluación 3: taller práctico" },
] as const;

/** Lessons of the last two days are still waiting for their attendance. */
const unregisteredDays = 2;

/** The demo's teaching cases (demo.test.ts checks them). */
export const teachingCases = {
  /** Section and course (by index in the section) where one student is failed by absences. */
  failedSection: "INF-S1A",
  failedCourseIndex: 1,
  /** The student of that section (by index among its students) who missed too many lessons. */
  failedStudentIndex: 2,
  /** The section whose final-delivery course has a delivery with a jury of two teachers. */
  finalDeliverySection: "ADM-S2A",
  finalDeliveryPercent: 20,
  /** Students of the delivery still without the jury's notes. */
  finalDeliveryUngraded: 2,
} as const;

/**
 * The period's lessons: each course section's schedule days from the start of the period to its end,
 * holidays skipped (the rule of the lessons module's generation), so today's classes and Mi horario agree.
 * Those given before the last two days have their attendance; the last two days', today's and the coming
 * ones are still to be taken. Three evaluations per course section (weeks 2, 4 and 6,
 * 50 % in all) with notes; the last one still lacks its notes in every third course section (the
 * pending-evaluation reminder's case). One student of INF-S1A fails a course by absences; ADM-S2A's
 * project course has its final delivery, judged by two teachers, most students graded; a few binnacles
 * by teachers and a coordinator.
 */
export async function seedLessons(
  db: DbOrTx,
  random: Random,
  academics: SeededAcademics,
  people: SeededPeople,
  sections: SeededSection[],
  inscriptions: SeededInscription[],
  holidays: Set<string>,
  today: string,
) {
  const { startDate: start, endDate: end } = academics.currentPeriod;
  const staff = [...people.coordinators, ...people.teachers];
  const userOfTeacher = new Map(staff.map((t) => [t.id, t.userId]));
  const studentsOf = new Map<number, SeededInscription[]>();
  for (const ins of inscriptions) {
    studentsOf.set(ins.section.id, [...(studentsOf.get(ins.section.id) ?? []), ins]);
  }
  const courseIds = [...new Set(sections.flatMap((x) => x.courseSections.map((cs) => cs.courseId)))];
  const courseRows = courseIds.length
    ? await db
        .select({
          id: s.courses.id,
          maxAbsences: s.courses.maxAbsencesToFail,
          finals: s.courses.supportsFinalDelivery,
        })
        .from(s.courses)
        .where(inArray(s.courses.id, courseIds))
    : [];
  const courseOf = new Map(courseRows.map((c) => [c.id, c]));

  const failedSection = sections.find((x) => x.code === teachingCases.failedSection);
  const failedCs = failedSection?.courseSections[teachingCases.failedCourseIndex];
  const failedStudent = failedSection
    ? studentsOf.get(failedSection.id)?.[teachingCases.failedStudentIndex]?.student.id
    : undefined;

  type LessonDef = {
    courseSectionId: number;
    teacherId: number;
    sectionId: number;
    date: string;
    week: number;
    registered: boolean;
    weight: number;
    title: string;
    /** Notes are given (all but the last evaluation of every third course section). */
    graded: boolean;
  };
  const lessonDefs: LessonDef[] = [];
  let csIndex = 0;
  for (const section of sections) {
    for (const cs of section.courseSections) {
      const evaluatedWeeks = new Set<number>();
      for (let week = 0; ; week++) {
        const monday = day.add(start, week * 7);
        if (monday > end) break;
        for (const weekday of cs.days) {
          const date = day.add(monday, weekday - 1);
          if (date < start || date > end || holidays.has(date)) continue;
          const registered = date < day.add(today, -unregisteredDays);
          const evaluation = evaluations.find((e) => e.week === week);
          const evaluated = registered && evaluation !== undefined && !evaluatedWeeks.has(week);
          if (evaluated) evaluatedWeeks.add(week);
          lessonDefs.push({
            courseSectionId: cs.id,
            teacherId: cs.teacherId,
            sectionId: section.id,
            date,
            week,
            registered,
            weight: evaluated ? evaluation!.weight : 0,
            title: evaluated ? evaluation!.title : `Clase de la semana ${week + 1}`,
            graded: evaluated && !(evaluation!.week === 5 && csIndex % 3 === 0),
          });
        }
      }
      csIndex++;
    }
  }
  if (lessonDefs.length === 0) return;

  // Multi-row inserts of CHUNK lessons (7 columns each: within PostgreSQL's parameter limit).
  const lessons: { id: number }[] = [];
  for (let i = 0; i < lessonDefs.length; i += CHUNK) {
    const inserted = await db
      .insert(s.lessons)
      .values(
        lessonDefs.slice(i, i + CHUNK).map((l) => ({
          courseSectionId: l.courseSectionId,
          date: l.date,
          title: l.title,
          evaluated: l.weight > 0,
          weight: l.weight,
          registeredAt: l.registered ? new Date(`${l.date}T16:00:00Z`) : null,
          registeredByTeacherId: l.registered ? l.teacherId : null,
        })),
      )
      .returning({ id: s.lessons.id });
    lessons.push(...inserted);
  }

  // The failed student misses every lesson of that course section but the first few.
  const failedKeep = 2;
  let failedSeen = 0;
  const rows = lessonDefs.flatMap((l, i) => {
    if (!l.registered) return [];
    const isFailedCs = failedCs !== undefined && l.courseSectionId === failedCs.id;
    const failedHere = isFailedCs && failedSeen++ >= failedKeep;
    return (studentsOf.get(l.sectionId) ?? []).map(({ student }) => {
      const r = random.next();
      const missed = failedHere && student.id === failedStudent;
      const attendance = missed ? "absent" : r < 0.9 ? "present" : r < 0.96 ? "absent" : "delayed";
      // Every student sits the evaluation (or its make-up) and gets a note, except one failed by absences.
      const gets = l.graded && !(isFailedCs && student.id === failedStudent);
      return {
        lessonId: lessons[i]!.id,
        studentId: student.id,
        attendance,
        note: gets ? random.int(8, 20) : null,
      };
    });
  });
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(s.lessonStudents).values(rows.slice(i, i + CHUNK));
  }
  await seedChangeTrail(db, rows, new Map(lessonDefs.map((l, i) => [lessons[i]!.id, l])), userOfTeacher);

  await seedFinalDelivery(db, random, people, sections, studentsOf, courseOf, today);
  await seedTeachingBinnacles(db, academics, people, sections, studentsOf, userOfTeacher, {
    failedCsId: failedCs?.id,
    failedStudent,
    today,
  });
}

/**
 * The audit trail the lessons module would have kept of what the teachers recorded: each absence or delay
 * when the attendance was taken, and each note; in every evaluated lesson one student's note was first
 * typed two points lower and corrected the next day (a grade dispute settled), so a student's course
 * note shows staff a history. The notes themselves stay as recorded; no random numbers are drawn.
 */
async function seedChangeTrail(
  db: DbOrTx,
  rows: { lessonId: number; studentId: number; attendance: string; note: number | null }[],
  lessonOf: Map<number, { courseSectionId: number; teacherId: number; date: string }>,
  userOfTeacher: Map<number, number>,
) {
  const userIds = [...new Set(userOfTeacher.values())];
  const names = new Map(
    (userIds.length
      ? await db
          .select({ id: s.users.id, name: s.users.name })
          .from(s.users)
          .where(inArray(s.users.id, userIds))
      : []
    ).map((u) => [u.id, u.name]),
  );
  const corrected = new Set<number>();
  const changes: (typeof s.lessonStudentChanges.$inferInsert)[] = [];
  for (const row of rows) {
    const lesson = lessonOf.get(row.lessonId)!;
    const userId = userOfTeacher.get(lesson.teacherId) ?? null;
    const base = {
      lessonId: row.lessonId,
      lessonDate: lesson.date,
      courseSectionId: lesson.courseSectionId,
      studentId: row.studentId,
      changedByUserId: userId,
      changedByName: userId === null ? null : (names.get(userId) ?? null),
    };
    if (row.attendance !== "present") {
      changes.push({
        ...base,
        field: "attendance",
        oldValue: "present",
        newValue: row.attendance,
        changedAt: new Date(`${lesson.date}T16:00:00Z`),
      });
    }
    if (row.note === null) continue;
    const first = !corrected.has(row.lessonId) && row.note >= 10 ? row.note - 2 : row.note;
    changes.push({
      ...base,
      field: "note",
      oldValue: null,
      newValue: String(first),
      changedAt: new Date(`${lesson.date}T20:00:00Z`),
    });
    if (first !== row.note) {
      corrected.add(row.lessonId);
      changes.push({
        ...base,
        field: "note",
        oldValue: String(first),
        newValue: String(row.note),
        changedAt: new Date(`${day.add(lesson.date, 1)}T13:00:00Z`),
      });
    }
  }
  for (let i = 0; i < changes.length; i += CHUNK) {
    await db.insert(s.lessonStudentChanges).values(changes.slice(i, i + CHUNK));
  }
}

/** ADM-S2A's degree project course: a delivery yesterday, a jury of its teacher and another, most students graded. */
async function seedFinalDelivery(
  db: DbOrTx,
  random: Random,
  people: SeededPeople,
  sections: SeededSection[],
  studentsOf: Map<number, SeededInscription[]>,
  courseOf: Map<number, { finals: boolean }>,
  today: string,
) {
  const section = sections.find((x) => x.code === teachingCases.finalDeliverySection);
  const cs = section?.courseSections.find((c) => courseOf.get(c.courseId)?.finals);
  const students = section ? (studentsOf.get(section.id) ?? []) : [];
  if (!section || !cs || students.length === 0) return;
  const other = people.teachers.find((t) => t.id !== cs.teacherId)!;
  const [delivery] = await db
    .insert(s.finalDeliveries)
    .values({
      courseSectionId: cs.id,
      code: `EF-${section.code}`,
      title: "Defensa del proyecto final",
      description: "Presentación del proyecto ante el jurado y entrega del informe final.",
      // 10:00 in Caracas yesterday: the jury may still change notes for a few hours today.
      deliveryAt: new Date(`${day.add(today, -1)}T14:00:00Z`),
      finalDeliveryValuePercent: teachingCases.finalDeliveryPercent,
      scheduledContent: "Exposición de 20 minutos, demostración del sistema y preguntas del jurado.",
    })
    .returning({ id: s.finalDeliveries.id });
  const finalDeliveryId = delivery!.id;
  await db
    .insert(s.finalDeliveryStudents)
    .values(students.map(({ student }) => ({ finalDeliveryId, studentId: student.id })));
  const jury = [cs.teacherId, other.id];
  await db.insert(s.finalDeliveryJury).values(jury.map((teacherId) => ({ finalDeliveryId, teacherId })));
  const graded = students.slice(0, students.length - teachingCases.finalDeliveryUngraded);
  await db.insert(s.finalDeliveryNotes).values(
    graded.flatMap(({ student }) =>
      jury.map((teacherId) => ({
        finalDeliveryId,
        teacherId,
        studentId: student.id,
        note: random.int(10, 20),
      })),
    ),
  );
}

/** A few binnacles by the teachers of this period's lessons and by a coordinator. */
async function seedTeachingBinnacles(
  db: DbOrTx,
  academics: SeededAcademics,
  people: SeededPeople,
  sections: SeededSection[],
  studentsOf: Map<number, SeededInscription[]>,
  userOfTeacher: Map<number, number>,
  failed: { failedCsId?: number; failedStudent?: number; today: string },
) {
  const rows: (typeof s.binnacles.$inferInsert)[] = [];
  const failedSection = sections.find((x) => x.courseSections.some((c) => c.id === failed.failedCsId));
  const failedCs = failedSection?.courseSections.find((c) => c.id === failed.failedCsId);
  if (failedCs && failed.failedStudent !== undefined) {
    rows.push({
      studentId: failed.failedStudent,
      authorUserId: userOfTeacher.get(failedCs.teacherId) ?? null,
      periodId: academics.currentPeriodId,
      courseSectionId: failedCs.id,
      incidenceDate: day.add(failed.today, -3),
      subject: "Inasistencias reiteradas",
      description: "Superó el máximo de inasistencias de la materia; se informará a su representante.",
      category: "asistencia",
    });
  }
  const coordinator = people.coordinators[0];
  const specialization = people.coordinatorSpecializations[0];
  const coordinated = sections.find((x) => x.specializationId === specialization && x.size > 0);
  const pupils = coordinated ? (studentsOf.get(coordinated.id) ?? []) : [];
  if (coordinator && pupils.length >= 2) {
    rows.push(
      {
        studentId: pupils[0]!.student.id,
        authorUserId: coordinator.userId,
        periodId: academics.currentPeriodId,
        courseSectionId: null,
        incidenceDate: day.add(failed.today, -5),
        subject: "Entrevista con la coordinación",
        description: "Se conversó sobre su rendimiento en el primer corte y se acordó un plan de estudio.",
        category: "académico",
      },
      {
        studentId: pupils[1]!.student.id,
        authorUserId: coordinator.userId,
        periodId: academics.currentPeriodId,
        courseSectionId: coordinated!.courseSections[0]?.id ?? null,
        incidenceDate: day.add(failed.today, -9),
        subject: "Reconocimiento por desempeño",
        description: "Destacó en la evaluación parcial; se felicita al estudiante.",
        category: "académico",
      },
    );
  }
  if (rows.length > 0) await db.insert(s.binnacles).values(rows);
}
