import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  courseSectionNotesSchema,
  courseSectionReportSchema,
  gradeSheetQuerySchema,
  jsonOrCsvQuerySchema,
  sectionReportSchema,
  studentAbsencesSchema,
  studentCourseLessonsSchema,
  studentCourseNoteSchema,
  studentCourseNotesSchema,
  updateStudentNotesSchema,
} from "../../../common/schemas/course-sections.js";
import { lessonSchema } from "../../../common/schemas/lessons.js";
import { idParamsSchema, recordIdParam } from "../../../common/validation/ids.js";
import { principalOf } from "../../http/auth.js";
import { isFileExport, sendCsv, sendExport, sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { lessonCsvColumns, presentLesson } from "../lessons/presenter.js";
import { lessonSortable, listLessons } from "../lessons/reads.js";
import { saveStudentNotes } from "../lessons/service.js";
import { lessonsRegister, studentAbsences, studentCourseLessons } from "./attendance.js";
import {
  courseStudentCsvColumns,
  gradeSheetCsvColumns,
  gradeSheetFilename,
  gradeSheetPdf,
} from "./grade-sheet.js";
import {
  lessonsRegisterCsvColumns,
  lessonsRegisterFilename,
  lessonsRegisterPdf,
  studentAbsencesCsvColumns,
  studentLessonsCsvColumns,
} from "./lessons-register.js";
import {
  presentNotes,
  presentReport,
  presentSectionReport,
  presentStudentAbsences,
  presentStudentCourseLessons,
  presentStudentCourseNote,
  presentStudentNotes,
} from "./presenter.js";
import {
  courseSectionForStaff,
  courseSectionInfo,
  courseSectionNotes,
  courseSectionReport,
  courseStudentSortable,
  listCourseSectionStudents,
  sectionReport,
  studentCourseNote,
} from "./service.js";

const tags = ["Notas"];
const courseParams = z.object({ id: recordIdParam(), course_id: recordIdParam() });
const studentParams = courseParams.extend({ student_id: recordIdParam() });
const lessonsQuery = listQuery({
  sortable: lessonSortable,
  defaultSort: { field: "date", direction: "asc" },
  maxLimit: 500,
  filters: { evaluated: queryFilter.boolean().describe("1: solo evaluadas; 0: solo no evaluadas.") },
});
const studentsQuery = listQuery({
  sortable: courseStudentSortable,
  defaultSort: { field: "last_name", direction: "asc" },
  maxLimit: 500,
});
const STUDENT_RULE =
  "Un estudiante, solo los suyos. La administración, cualquiera; un profesor, sus materias " +
  "(`teacher_not_has_course_section_assigned`); un coordinador, también las de los profesores que supervisa " +
  "(`coordinator_not_owner_or_not_supervising`). Sin inscribir en la materia: " +
  "`student_is_not_related_to_course_section`.";
const STAFF_RULE =
  "La administración, cualquiera; un profesor, sus materias (`teacher_not_has_course_section_assigned`); " +
  "un coordinador, también las de los profesores que supervisa (`coordinator_not_owner_or_not_supervising`).";

/**
 * The notes of a course section (spec.md §7 "Sections": the `sections/{id}/courses/{id}/…` reads of
 * evaluations and notes) and its grade sheet. The maths is common/enrolment/progression.ts's.
 */
export async function courseSectionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const _timeZone = app.config.timeZone;

  r.get(
    "/sections/:id/courses/:course_id/students-notes",
    {
      onRequest: app.allow("lessonsList"),
      schema: {
        tags,
        summary: "Notas de los estudiantes de una materia de la sección",
        description:
          "Cada estudiante inscrito en la materia con su nota en cada clase evaluada, la entrega final, la " +
          `nota final hasta ahora, los cortes y las inasistencias. ${STAFF_RULE}`,
        params: courseParams,
        response: { 200: itemResponse(courseSectionNotesSchema) },
      },
    },
    async (request) => ({
      data: presentNotes(
        await courseSectionNotes({
          db,
          caller: principalOf(request),
          today: app.clock.today(),
          sectionId: request.params.id,
          courseId: request.params.course_id,
        }),
      ),
    }),
  );

  r.get(
    "/sections/:id/courses/:course_id/students",
    {
      onRequest: app.allow("studentsList"),
      schema: {
        tags,
        summary: "Estudiantes de una materia de la sección con sus notas",
        description:
          "Busca en nombre, apellido y cédula. Cada uno con su nota en cada clase evaluada, los cortes, la " +
          `nota final hasta ahora y las inasistencias. ${STAFF_RULE}`,
        params: courseParams,
        querystring: studentsQuery,
        response: { 200: listResponse(studentCourseNotesSchema) },
      },
    },
    async (request, reply) => {
      const caller = principalOf(request);
      const { id, course_id } = request.params;
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) =>
          listCourseSectionStudents({
            db,
            caller,
            today: app.clock.today(),
            sectionId: id,
            courseId: course_id,
            list,
          }),
        present: presentStudentNotes,
        csv: { filename: "notas-de-la-materia", columns: courseStudentCsvColumns },
      });
    },
  );

  r.get(
    "/sections/:id/courses/:course_id/lessons",
    {
      onRequest: app.allow("studentsList"),
      schema: {
        tags,
        summary: "Clases de una materia de la sección",
        description: `Con inasistencias, retrasos y notas de cada clase. ${STAFF_RULE}`,
        params: courseParams,
        querystring: lessonsQuery,
        response: { 200: listResponse(lessonSchema) },
      },
    },
    async (request, reply) => {
      const courseSectionId = await courseSectionForStaff({
        db,
        caller: principalOf(request),
        sectionId: request.params.id,
        courseId: request.params.course_id,
      });
      return sendList(reply, {
        list: request.query,
        fetchPage: (list) =>
          listLessons({ db, scope: null, list: { ...list, course_section_id: courseSectionId } }),
        present: presentLesson,
        csv: { filename: "clases-de-la-materia", columns: lessonCsvColumns },
      });
    },
  );

  r.get(
    "/sections/:id/courses/:course_id/students/:student_id",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Nota de un estudiante en una materia",
        description:
          "Cada evaluación con su peso y nota, los cortes, la nota final hasta ahora y las inasistencias. Un " +
          `estudiante, solo las suyas. ${STAFF_RULE} Sin inscribir en la materia: ` +
          "`student_is_not_related_to_course_section`.",
        params: studentParams,
        response: { 200: itemResponse(studentCourseNoteSchema) },
      },
    },
    async (request) => ({
      data: presentStudentCourseNote(
        await studentCourseNote({
          db,
          caller: principalOf(request),
          today: app.clock.today(),
          sectionId: request.params.id,
          courseId: request.params.course_id,
          studentId: request.params.student_id,
        }),
      ),
    }),
  );

  r.get(
    "/sections/:id/courses/:course_id/reports/students",
    {
      onRequest: app.allow("lessonsList"),
      schema: {
        tags,
        summary: "Resumen de notas de una materia de la sección",
        description:
          "Estudiantes, aprobados, reprobados (también por inasistencias), promedio, nota más alta y más " +
          `baja. Sin notas todavía: \`course_sections_avg_not_found\`. ${STAFF_RULE}`,
        params: courseParams,
        response: { 200: itemResponse(courseSectionReportSchema) },
      },
    },
    async (request) => ({
      data: presentReport(
        await courseSectionReport({
          db,
          caller: principalOf(request),
          today: app.clock.today(),
          sectionId: request.params.id,
          courseId: request.params.course_id,
        }),
      ),
    }),
  );

  r.get(
    "/sections/:id/reports/students",
    {
      onRequest: app.allow("sectionDetail"),
      schema: {
        tags,
        summary: "Resumen de notas de una sección por materia",
        description:
          "Por materia: estudiantes, aprobados, reprobados (también por inasistencias), promedio, nota más " +
          "alta y más baja; y el promedio de los promedios de los estudiantes. Sin notas en ninguna " +
          "materia: `course_sections_avg_not_found`. Un coordinador, solo las secciones de su especialidad.",
        params: idParamsSchema,
        response: { 200: itemResponse(sectionReportSchema) },
      },
    },
    async (request) => ({
      data: presentSectionReport(
        await sectionReport({
          db,
          caller: principalOf(request),
          id: request.params.id,
          today: app.clock.today(),
        }),
      ),
    }),
  );

  r.get(
    "/sections/:id/courses/:course_id/grade-sheet",
    {
      onRequest: app.allow("lessonsList"),
      schema: {
        tags,
        summary: "Acta de notas (PDF o CSV)",
        description:
          "La institución, el período, la materia, la sección, el profesor y cada estudiante por cédula con " +
          `su nota final y condición. \`format=pdf\` (por omisión) o \`csv\`. ${STAFF_RULE}`,
        params: courseParams,
        querystring: gradeSheetQuerySchema,
      },
    },
    async (request, reply) => {
      const notes = await courseSectionNotes({
        db,
        caller: principalOf(request),
        today: app.clock.today(),
        sectionId: request.params.id,
        courseId: request.params.course_id,
      });
      const filename = gradeSheetFilename(notes).replace(/[^A-Za-z0-9_-]+/g, "-");
      if (request.query.format === "csv") {
        return sendCsv(reply, {
          filename,
          columns: gradeSheetCsvColumns,
          rows: (async function* () {
            yield* notes.students;
          })(),
        });
      }
      const pdf = await gradeSheetPdf({
        institution: app.config.institutionName,
        notes,
        today: app.clock.today(),
      });
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${filename}.pdf"`)
        .header("Cache-Control", "no-store")
        .send(pdf);
    },
  );

  r.get(
    "/sections/:id/courses/:course_id/students/:student_id/absences",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Inasistencias y retrasos de un estudiante en una materia",
        description:
          "Una fila por clase en que no estuvo presente (fecha, clase, inasistencia o retraso) y los totales: " +
          "tres retrasos cuentan como una inasistencia, contra el máximo de la materia, y si la reprobó por " +
          "inasistencias. `format=csv` o `xlsx`: las filas y una última con los totales. " +
          STUDENT_RULE,
        params: studentParams,
        querystring: jsonOrCsvQuerySchema,
        response: { 200: itemResponse(studentAbsencesSchema) },
      },
    },
    async (request, reply) => {
      const row = await studentAbsences({
        db,
        caller: principalOf(request),
        sectionId: request.params.id,
        courseId: request.params.course_id,
        studentId: request.params.student_id,
      });
      if (isFileExport(request.query.format)) {
        return sendExport(reply, {
          format: request.query.format,
          filename: `inasistencias-${row.student.identityDocument}-${row.courseSection.course.code}`,
          columns: studentAbsencesCsvColumns,
          rows: (async function* () {
            yield* row.absences;
            yield row.totals;
          })(),
        });
      }
      return { data: presentStudentAbsences(row) };
    },
  );

  r.get(
    "/sections/:id/courses/:course_id/students/:student_id/lessons",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Clases de un estudiante en una materia",
        description:
          "Cada clase de la materia de la sección con la asistencia del estudiante (null mientras no se " +
          "pase), y su nota y ponderación en las evaluadas. `format=csv` o `xlsx` también. " +
          STUDENT_RULE,
        params: studentParams,
        querystring: jsonOrCsvQuerySchema,
        response: { 200: itemResponse(studentCourseLessonsSchema) },
      },
    },
    async (request, reply) => {
      const row = await studentCourseLessons({
        db,
        caller: principalOf(request),
        sectionId: request.params.id,
        courseId: request.params.course_id,
        studentId: request.params.student_id,
      });
      if (isFileExport(request.query.format)) {
        return sendExport(reply, {
          format: request.query.format,
          filename: `clases-${row.student.identityDocument}-${row.courseSection.course.code}`,
          columns: studentLessonsCsvColumns,
          rows: (async function* () {
            yield* row.lessons;
          })(),
        });
      }
      return { data: presentStudentCourseLessons(row) };
    },
  );

  r.patch(
    "/sections/:id/courses/:course_id/students/:student_id",
    {
      // Writing notes is a lesson's detail (spec.md §6: teachers and coordinators), not the list's.
      onRequest: app.allow("lessonDetail"),
      schema: {
        tags,
        summary: "Guardar notas de un estudiante en una materia",
        description:
          "Las notas (0–20; null borra) del estudiante en varias evaluaciones de la materia de la sección, en " +
          "una sola petición y con las mismas reglas e historial que las notas de una clase: cada clase debe " +
          "ser una evaluación de esta materia (`lesson_not_of_course_section`, `lesson_is_not_evaluated`); un " +
          "estudiante con la materia aplazada por inasistencias no se edita " +
          "(`lesson_student_failed_by_absences`). Si algo se rechaza no se guarda nada. Un profesor, sus " +
          "materias (`teacher_not_has_course_section_assigned`); un coordinador, también las de los profesores que " +
          "supervisa (`coordinator_not_owner_or_not_supervising`); la administración no carga notas (spec.md §6).",
        params: studentParams,
        body: updateStudentNotesSchema,
        response: { 200: itemResponse(studentCourseNoteSchema) },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const { id, course_id, student_id } = request.params;
      const info = await courseSectionInfo(db, id, course_id);
      await saveStudentNotes({
        db,
        caller,
        courseSectionId: info.id,
        studentId: student_id,
        notes: request.body.notes.map((n) => ({ lessonId: n.lesson_id, note: n.note, version: n.version })),
      });
      return {
        data: presentStudentCourseNote(
          await studentCourseNote({
            db,
            caller,
            today: app.clock.today(),
            sectionId: id,
            courseId: course_id,
            studentId: student_id,
          }),
        ),
      };
    },
  );

  r.get(
    "/sections/:id/courses/:course_id/lessons-register-report",
    {
      onRequest: app.allow("lessonsList"),
      schema: {
        tags,
        summary: "Registro de clases (PDF o CSV)",
        description:
          "La institución, el período, la materia, la sección, el profesor y cada clase: fecha, tema, si fue " +
          "evaluada y su ponderación, presentes, inasistentes y retrasos; los totales. `format=pdf` (por " +
          `omisión) o \`csv\`. ${STAFF_RULE}`,
        params: courseParams,
        querystring: gradeSheetQuerySchema,
      },
    },
    async (request, reply) => {
      const register = await lessonsRegister({
        db,
        caller: principalOf(request),
        sectionId: request.params.id,
        courseId: request.params.course_id,
      });
      const filename = lessonsRegisterFilename(register);
      if (request.query.format === "csv") {
        return sendCsv(reply, {
          filename,
          columns: lessonsRegisterCsvColumns,
          rows: (async function* () {
            yield* register.lessons;
          })(),
        });
      }
      const pdf = await lessonsRegisterPdf({
        institution: app.config.institutionName,
        register,
        today: app.clock.today(),
      });
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${filename}.pdf"`)
        .header("Cache-Control", "no-store")
        .send(pdf);
    },
  );
}
