import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";
import type { SeededInscription } from "./enrolment.js";
import { day, type Random } from "./random.js";
import type { SeededSection } from "./sections.js";

const CHUNK = 2000;

/**
 * Lessons already given this period (each course section's schedule days, from the start of the period
 * until yesterday, skipping holidays) with attendance; the fourth week's first lesson is evaluated.
 */
export async function seedLessons(
  db: DbOrTx,
  random: Random,
  academics: SeededAcademics,
  sections: SeededSection[],
  inscriptions: SeededInscription[],
  holidays: Set<string>,
  today: string,
) {
  const start = academics.currentPeriod.startDate;
  const lessonDefs: {
    courseSectionId: number;
    teacherId: number;
    sectionId: number;
    date: string;
    week: number;
  }[] = [];
  for (const section of sections) {
    for (const cs of section.courseSections) {
      for (let week = 0; ; week++) {
        const monday = day.add(start, week * 7);
        if (monday >= today) break;
        for (const weekday of cs.days) {
          const date = day.add(monday, weekday - 1);
          if (date < today && !holidays.has(date)) {
            lessonDefs.push({
              courseSectionId: cs.id,
              teacherId: cs.teacherId,
              sectionId: section.id,
              date,
              week,
            });
          }
        }
      }
    }
  }
  if (lessonDefs.length === 0) return;
  const evaluated = new Set<number>();
  const seen = new Set<number>();
  lessonDefs.forEach((l, i) => {
    if (l.week === 3 && !seen.has(l.courseSectionId)) {
      seen.add(l.courseSectionId);
      evaluated.add(i);
    }
  });
  const lessons = await db
    .insert(s.lessons)
    .values(
      lessonDefs.map((l, i) => ({
        courseSectionId: l.courseSectionId,
        date: l.date,
        title: evaluated.has(i) ? "Evaluación parcial" : `Clase de la semana ${l.week + 1}`,
        evaluated: evaluated.has(i),
        weight: evaluated.has(i) ? 20 : 0,
        registeredAt: new Date(`${l.date}T16:00:00Z`),
        registeredByTeacherId: l.teacherId,
      })),
    )
    .returning({ id: s.lessons.id });

  const studentsOf = new Map<number, number[]>();
  for (const ins of inscriptions) {
    studentsOf.set(ins.section.id, [...(studentsOf.get(ins.section.id) ?? []), ins.student.id]);
  }
  const rows = lessonDefs.flatMap((l, i) =>
    (studentsOf.get(l.sectionId) ?? []).map((studentId) => {
      const r = random.next();
      const attendance = r < 0.9 ? "present" : r < 0.96 ? "absent" : "delayed";
      return {
        lessonId: lessons[i]!.id,
        studentId,
        attendance,
        note: evaluated.has(i) && attendance !== "absent" ? random.int(8, 20) : null,
      };
    }),
  );
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db.insert(s.lessonStudents).values(rows.slice(i, i + CHUNK));
  }
}
