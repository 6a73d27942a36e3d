import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";
import type { SeededInscription } from "./enrolment.js";
import type { SeededPeople } from "./people.js";
import { day } from "./random.js";
import { type SeededSection, seedPeriodSections } from "./sections.js";

/**
 * The older period asked for an average of 12 to approve a semester (the school raised it for a while;
 * the current and next periods are back at 10).
 */
export const OLDER_MINIMUM_AVG = 12;

/**
 * The notes the waiting students got in each CB-S1 course of the older period (two evaluations of 50 %):
 * the first passed everything (average 15,5), the second passed every course but is 0,75 short of the
 * older period's average of 12 (average 11,25).
 */
const waitingNotes = [
  [15, 16, 14, 17],
  [11, 11, 12, 11],
];

/** Sections the next period already has (no INF-S2 one yet: that is still being planned). */
const nextSectionDefs = [
  { semester: "CB-S1", letter: "A", shift: "morning" },
  { semester: "CB-S2", letter: "A", shift: "morning" },
  { semester: "INF-S1", letter: "A", shift: "afternoon" },
  { semester: "ADM-S1", letter: "A", shift: "afternoon" },
] as const;

export type SeededHistory = {
  olderPeriodId: number;
  nextSections: SeededSection[];
  /** The student retired from the current period. */
  retiredStudentId: number;
};

/**
 * What makes the demo's enrolment story: the older period's CB-S1 section where the two waiting students
 * finished their semester (one approved, one short of the average), the next period's first sections,
 * and one student of the current period retired exactly as the withdrawals module does it (student
 * retired, inscription retired, courses withdrawn, nothing deleted).
 */
export async function seedHistory(
  db: DbOrTx,
  academics: SeededAcademics,
  people: SeededPeople,
  sections: SeededSection[],
  inscriptions: SeededInscription[],
  holidays: Set<string>,
  now: Date,
): Promise<SeededHistory> {
  const older = { id: academics.olderPeriodId, ...academics.olderPeriod };
  await db.update(s.periods).set({ approvalMinimumAvg: OLDER_MINIMUM_AVG }).where(eq(s.periods.id, older.id));
  const [olderSection] = await seedPeriodSections(db, academics, sections, older.id, [
    { semester: "CB-S1", letter: "A", shift: "morning" },
  ]);
  const olderInscriptions = await db
    .insert(s.inscriptions)
    .values(
      people.waiting.map((st) => ({
        studentId: st.id,
        periodId: older.id,
        sectionId: olderSection!.id,
        semesterId: olderSection!.semesterId,
        specializationId: olderSection!.specializationId,
        kind: "inscription",
      })),
    )
    .returning({ id: s.inscriptions.id });
  await db.insert(s.courseEnrolments).values(
    people.waiting.flatMap((st, i) =>
      olderSection!.courseSections.map((cs) => ({
        inscriptionId: olderInscriptions[i]!.id,
        studentId: st.id,
        courseSectionId: cs.id,
      })),
    ),
  );
  // Two cuts of 50 % each, at the middle and at the end of the period, every student present.
  const schoolDay = (date: string): string =>
    holidays.has(date) || day.weekday(date) > 5 ? schoolDay(day.add(date, 1)) : date;
  const cuts = [schoolDay(day.add(older.startDate, 7 * 7 + 2)), schoolDay(day.add(older.endDate, -4))];
  const lessons = await db
    .insert(s.lessons)
    .values(
      olderSection!.courseSections.flatMap((cs) =>
        cuts.map((date, k) => ({
          courseSectionId: cs.id,
          date,
          title: k === 0 ? "Evaluación del primer corte" : "Evaluación del segundo corte",
          evaluated: true,
          weight: 50,
          registeredAt: new Date(`${date}T16:00:00Z`),
          registeredByTeacherId: cs.teacherId,
        })),
      ),
    )
    .returning({ id: s.lessons.id, courseSectionId: s.lessons.courseSectionId });
  await db.insert(s.lessonStudents).values(
    lessons.flatMap((l) => {
      const c = olderSection!.courseSections.findIndex((cs) => cs.id === l.courseSectionId);
      return people.waiting.map((st, i) => ({
        lessonId: l.id,
        studentId: st.id,
        attendance: "present",
        note: waitingNotes[i % waitingNotes.length]![c]!,
      }));
    }),
  );

  const nextSections = await seedPeriodSections(
    db,
    academics,
    sections,
    academics.nextPeriodId,
    nextSectionDefs.map((d) => ({ ...d })),
  );

  // The last student of INF-S2 A left this week.
  const infS2 = academics.semesters.find((x) => x.code === "INF-S2")!;
  const leaving = inscriptions.filter((ins) => ins.section.semesterId === infS2.id).at(-1)!;
  await db
    .update(s.inscriptions)
    .set({ status: "retired", retiredAt: now, updatedAt: now })
    .where(inArray(s.inscriptions.id, [leaving.id]));
  await db
    .update(s.courseEnrolments)
    .set({ status: "withdrawn", withdrawnAt: now, updatedAt: now })
    .where(eq(s.courseEnrolments.inscriptionId, leaving.id));
  await db
    .update(s.students)
    .set({ status: "retired", updatedAt: now })
    .where(eq(s.students.id, leaving.student.id));

  return { olderPeriodId: older.id, nextSections, retiredStudentId: leaving.student.id };
}
