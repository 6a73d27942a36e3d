// Bench data for the teaching scenarios (issue 9): a period of its own with one section of 35 students,
// each enrolled in its 8 course sections, one teacher for them all, 10 evaluated lessons per course section
// (weight 10 each) with every student's note, and one more lesson to take attendance in. The scenarios
// save that lesson's attendance for the 35 students in one request (PATCH /lessons/{id}/register, two
// payloads alternating so rows change every time) and read the section's students-courses-notes report
// (35 × 8 × 10 notes). One multi-row insert per table.
import { and, asc, eq, isNotNull } from "drizzle-orm";
import { Role } from "../../common/roles.js";
import { openDatabase } from "../../server/db/client.js";
import * as s from "../../server/db/schema/index.js";
import { demoPasswords } from "../../server/db/seed/demo.js";

export const TEACHING_BENCH = { students: 35, courses: 8, evaluations: 10 } as const;

export type TeachingBenchIds = {
  sectionId: number;
  /** The lesson whose attendance is saved. */
  lessonId: number;
  studentIds: number[];
  /** The course sections' teacher logs in with the demo teacher password. */
  teacherEmail: string;
  teacherPassword: string;
};

const teacherEmail = "banco.docente@bench.local";

/** Before the server starts: seeds the teaching bench (once per database). */
export async function prepareTeaching(opts: {
  databaseUrl?: string;
  dataDir: string | null;
}): Promise<TeachingBenchIds> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    return await database.db.transaction(async (tx) => {
      const { students: nStudents, courses: nCourses, evaluations: nEvaluations } = TEACHING_BENCH;
      // The demo teachers' password hash, so the bench teacher logs in with the demo teacher password.
      const [demoTeacher] = await tx
        .select({ hash: s.users.passwordHash })
        .from(s.users)
        .where(and(eq(s.users.type, Role.teacher), isNotNull(s.users.passwordHash)))
        .limit(1);
      const [semester] = await tx
        .select({ id: s.semesters.id, code: s.semesters.code, specializationId: s.pensums.specializationId })
        .from(s.semesters)
        .innerJoin(s.pensums, eq(s.pensums.id, s.semesters.pensumId))
        .orderBy(asc(s.semesters.id))
        .limit(1);
      const courseRows = await tx
        .select({ id: s.courses.id })
        .from(s.courses)
        .orderBy(asc(s.courses.id))
        .limit(nCourses);
      const [period] = await tx
        .insert(s.periods)
        .values({ year: 2098, number: 1, startDate: "2098-01-12", endDate: "2098-06-30" })
        .returning({ id: s.periods.id });
      const periodId = period!.id;
      const [section] = await tx
        .insert(s.sections)
        .values({
          periodId,
          semesterId: semester!.id,
          letterCode: "NOT",
          code: `${semester!.code}NOT`,
          title: "Sección del banco de notas",
          shift: "morning",
          malesLimit: 20,
          femalesLimit: 20,
        })
        .returning({ id: s.sections.id });
      const sectionId = section!.id;
      const courseSections = await tx
        .insert(s.courseSections)
        .values(courseRows.map((c) => ({ sectionId, courseId: c.id })))
        .returning({ id: s.courseSections.id });

      const [teacherUser] = await tx
        .insert(s.users)
        .values({
          type: Role.teacher,
          name: "Docente Banco de Notas",
          email: teacherEmail,
          passwordHash: demoTeacher?.hash ?? null,
          emailConfirmedAt: new Date(),
        })
        .returning({ id: s.users.id });
      const [teacher] = await tx
        .insert(s.teachers)
        .values({
          userId: teacherUser!.id,
          firstName: "Docente",
          lastName: "Banco de Notas",
          identityDocument: "V-39000001",
          gender: "female",
        })
        .returning({ id: s.teachers.id });
      await tx
        .insert(s.courseSectionTeachers)
        .values(courseSections.map((cs) => ({ courseSectionId: cs.id, teacherId: teacher!.id })));

      const users = await tx
        .insert(s.users)
        .values(
          Array.from({ length: nStudents }, (_, i) => ({
            type: Role.student,
            name: `Estudiante Banco ${i + 1}`,
            email: `banco.notas${i + 1}@bench.local`,
            emailConfirmedAt: new Date(),
          })),
        )
        .returning({ id: s.users.id });
      const students = await tx
        .insert(s.students)
        .values(
          users.map((u, i) => ({
            userId: u.id,
            firstName: `Estudiante ${i + 1}`,
            lastName: `Banco ${String(i + 1).padStart(2, "0")}`,
            identityDocument: `V-3910${String(i + 1).padStart(4, "0")}`,
            gender: i % 2 ? "male" : "female",
          })),
        )
        .returning({ id: s.students.id });
      const inscriptions = await tx
        .insert(s.inscriptions)
        .values(
          students.map((st) => ({
            studentId: st.id,
            periodId,
            sectionId,
            semesterId: semester!.id,
            specializationId: semester!.specializationId,
          })),
        )
        .returning({ id: s.inscriptions.id, studentId: s.inscriptions.studentId });
      await tx.insert(s.courseEnrolments).values(
        inscriptions.flatMap((ins) =>
          courseSections.map((cs) => ({
            inscriptionId: ins.id,
            studentId: ins.studentId,
            courseSectionId: cs.id,
          })),
        ),
      );

      const date = (k: number) =>
        new Date(Date.parse("2098-01-12T00:00:00Z") + k * 86_400_000).toISOString().slice(0, 10);
      const lessons = await tx
        .insert(s.lessons)
        .values(
          courseSections.flatMap((cs) =>
            Array.from({ length: nEvaluations }, (_, k) => ({
              courseSectionId: cs.id,
              date: date(k),
              title: `Evaluación ${k + 1}`,
              evaluated: true,
              weight: 100 / nEvaluations,
              registeredAt: new Date(),
              registeredByTeacherId: teacher!.id,
            })),
          ),
        )
        .returning({ id: s.lessons.id });
      await tx.insert(s.lessonStudents).values(
        lessons.flatMap((l, k) =>
          students.map((st, i) => ({
            lessonId: l.id,
            studentId: st.id,
            attendance: "present",
            note: 8 + ((i * 7 + k * 3) % 13),
          })),
        ),
      );
      const [attendanceLesson] = await tx
        .insert(s.lessons)
        .values({ courseSectionId: courseSections[0]!.id, date: date(nEvaluations), title: "Clase" })
        .returning({ id: s.lessons.id });
      return {
        sectionId,
        lessonId: attendanceLesson!.id,
        studentIds: students.map((st) => st.id),
        teacherEmail,
        teacherPassword: demoPasswords.teacher,
      };
    });
  } finally {
    await database.close();
  }
}

/** Two attendance payloads for the whole section: each request changes some students' attendance. */
export function attendancePayloads(studentIds: readonly number[]) {
  const mark = (absent: number[], delayed: number[]) => ({
    students: [
      ...absent.map((i) => ({ student_id: studentIds[i]!, attendance: "absent" })),
      ...delayed.map((i) => ({ student_id: studentIds[i]!, attendance: "delayed" })),
    ],
  });
  return [mark([0, 1, 2, 3, 4], [5, 6]), mark([5, 6, 7, 8, 9], [0, 1])];
}
