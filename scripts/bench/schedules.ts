// Bench data for the schedule scenarios (issue 7): a period of its own with 60 sections, each with its
// four course sections, a teacher, a classroom and a full weekly schedule (Monday to Friday, 20 class hours
// a week) without clashes. The scenarios read a section's weekly grid, the classrooms' availability for
// the whole week of the period and the period's whole occupancy (what the schedule editor loads).
import { asc } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.js";
import * as s from "../../server/db/schema/index.js";

export const SCHEDULE_BENCH_SECTIONS = 60;

export type ScheduleBenchIds = {
  periodId: number;
  sectionId: number;
  classroomId: number;
  teacherId: number;
};

/** Before the server starts: seeds the bench period (idempotent per database: it is created once). */
export async function prepareSchedules(opts: { databaseUrl?: string; dataDir: string | null }) {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    return await database.db.transaction(async (tx) => {
      const hours = await tx
        .select({ id: s.classHours.id })
        .from(s.classHours)
        .orderBy(asc(s.classHours.startTime));
      const semesters = await tx.select({ id: s.semesters.id, code: s.semesters.code }).from(s.semesters);
      const links = await tx
        .select({ semesterId: s.semesterCourses.semesterId, courseId: s.semesterCourses.courseId })
        .from(s.semesterCourses);
      const [period] = await tx
        .insert(s.periods)
        .values({ year: 2099, number: 1, startDate: "2099-01-11", endDate: "2099-06-30" })
        .returning({ id: s.periods.id });
      const rooms = await tx
        .insert(s.classrooms)
        .values(
          Array.from({ length: SCHEDULE_BENCH_SECTIONS }, (_, i) => ({
            code: `HB-${String(i + 1).padStart(2, "0")}`,
            description: "Aula del banco de pruebas de horarios",
            maxCapacity: 30,
          })),
        )
        .returning({ id: s.classrooms.id });
      const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
      const sectionValues = Array.from({ length: SCHEDULE_BENCH_SECTIONS }, (_, i) => {
        const semester = semesters[i % semesters.length]!;
        const letter = letters[Math.floor(i / semesters.length)]!;
        return {
          periodId: period!.id,
          semesterId: semester.id,
          letterCode: letter,
          code: `${semester.code}${letter}`,
          shift: "morning",
        };
      });
      const sections = await tx.insert(s.sections).values(sectionValues).returning({
        id: s.sections.id,
        semesterId: s.sections.semesterId,
      });
      const courseSections = await tx
        .insert(s.courseSections)
        .values(
          sections.flatMap((section) =>
            links
              .filter((l) => l.semesterId === section.semesterId)
              .slice(0, 4)
              .map((l) => ({ sectionId: section.id, courseId: l.courseId })),
          ),
        )
        .returning({ id: s.courseSections.id, sectionId: s.courseSections.sectionId });
      // One teacher per section, teaching its four courses.
      const users = await tx
        .insert(s.users)
        .values(
          sections.map((_, i) => ({
            type: 2,
            name: `Profesor Banco ${i + 1}`,
            email: `banco${i + 1}@bench.local`,
          })),
        )
        .returning({ id: s.users.id });
      const teachers = await tx
        .insert(s.teachers)
        .values(
          users.map((u, i) => ({
            userId: u.id,
            firstName: "Profesor",
            lastName: `Banco ${i + 1}`,
            identityDocument: `B-${900000 + i}`,
            gender: i % 2 ? "female" : "male",
          })),
        )
        .returning({ id: s.teachers.id });
      const sectionIndex = new Map(sections.map((x, i) => [x.id, i]));
      await tx.insert(s.courseSectionTeachers).values(
        courseSections.map((cs) => ({
          courseSectionId: cs.id,
          teacherId: teachers[sectionIndex.get(cs.sectionId)!]!.id,
        })),
      );
      // Course c of a section: Monday to Friday, class hour c (4 courses × 5 days = 20 slots per section).
      const position = new Map<number, number>();
      const entries = courseSections.flatMap((cs) => {
        const c = position.get(cs.sectionId) ?? 0;
        position.set(cs.sectionId, c + 1);
        const room = rooms[sectionIndex.get(cs.sectionId)!]!.id;
        return [1, 2, 3, 4, 5].map((day) => ({ cs, day, room, hour: hours[c % hours.length]!.id }));
      });
      const schedules = await tx
        .insert(s.schedules)
        .values(entries.map((e) => ({ courseSectionId: e.cs.id, classroomId: e.room, day: e.day })))
        .returning({ id: s.schedules.id });
      for (let i = 0; i < entries.length; i += 500) {
        await tx.insert(s.scheduleSlots).values(
          entries.slice(i, i + 500).map((e, j) => ({
            scheduleId: schedules[i + j]!.id,
            classHourId: e.hour,
            day: e.day,
            courseSectionId: e.cs.id,
            sectionId: e.cs.sectionId,
            classroomId: e.room,
            classroomShared: false,
          })),
        );
      }
      return {
        periodId: period!.id,
        sectionId: sections[0]!.id,
        classroomId: rooms[0]!.id,
        teacherId: teachers[0]!.id,
      } satisfies ScheduleBenchIds;
    });
  } finally {
    await database.close();
  }
}
