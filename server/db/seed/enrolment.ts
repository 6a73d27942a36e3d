import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";
import type { SeededPeople, SeededPerson } from "./people.js";
import type { SeededSection } from "./sections.js";

export type SeededInscription = { id: number; student: SeededPerson; section: SeededSection };

/**
 * Spreads the students over the sections (each section gets its size, genders balanced within the
 * limits), inscribes them in the current period at `inscribedAt` (their fees count from that day) and
 * enrols them in every course section.
 */
export async function seedEnrolment(
  db: DbOrTx,
  academics: SeededAcademics,
  people: SeededPeople,
  sections: SeededSection[],
  inscribedAt: Date,
): Promise<SeededInscription[]> {
  // Students alternate female/male, so consecutive runs keep each section balanced.
  const placements: { student: SeededPerson; section: SeededSection }[] = [];
  let next = 0;
  for (const section of sections) {
    for (let i = 0; i < section.size; i++) placements.push({ student: people.students[next++]!, section });
  }
  // Only the first semester of the basic cycle is a first inscription; the rest came back.
  const basic = academics.specializationIds.CB;
  const firstSemesters = new Set(
    academics.semesters.filter((x) => x.number === 1 && x.specializationId === basic).map((x) => x.id),
  );
  const rows = await db
    .insert(s.inscriptions)
    .values(
      placements.map(({ student, section }) => ({
        studentId: student.id,
        periodId: academics.currentPeriodId,
        sectionId: section.id,
        semesterId: section.semesterId,
        specializationId: section.specializationId,
        kind: firstSemesters.has(section.semesterId) ? "inscription" : "reinscription",
        createdAt: inscribedAt,
        updatedAt: inscribedAt,
      })),
    )
    .returning({ id: s.inscriptions.id });
  const inscriptions = placements.map((p, i) => ({ id: rows[i]!.id, ...p }));
  await db.insert(s.courseEnrolments).values(
    inscriptions.flatMap((ins) =>
      ins.section.courseSections.map((cs) => ({
        inscriptionId: ins.id,
        studentId: ins.student.id,
        courseSectionId: cs.id,
      })),
    ),
  );
  return inscriptions;
}
