import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import {
  courseEnrolments,
  courseSections,
  courses,
  inscriptions,
  periods,
  sections,
  semesters,
  specializations,
  students,
  users,
} from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { inscriptionColumns } from "./records.js";

/** Columns the re-inscriptions list may be sorted by. */
export const reinscriptionSortable = [
  "created_at",
  "last_name",
  "identity_document",
  "section",
  "semester",
  "id",
] as const;
type SortField = (typeof reinscriptionSortable)[number];

export type ReinscriptionListParams = ListParams<SortField> & {
  period_id?: number;
  semester_id?: number;
  section_id?: number;
  status?: "active" | "retired";
};

const coursesCount = sql<number>`(select count(*) from ${courseEnrolments}
  where ${courseEnrolments.inscriptionId} = ${inscriptions.id} and ${courseEnrolments.status} = 'enrolled')`.mapWith(
  Number,
);

const columns = {
  ...inscriptionColumns,
  student: {
    id: students.id,
    firstName: students.firstName,
    lastName: students.lastName,
    identityDocument: students.identityDocument,
    email: users.email,
    gender: students.gender,
    status: students.status,
  },
  coursesCount,
};

const base = (db: DbOrTx, where: SQL | undefined) =>
  db
    .select(columns)
    .from(inscriptions)
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .innerJoin(semesters, eq(semesters.id, inscriptions.semesterId))
    .innerJoin(specializations, eq(specializations.id, inscriptions.specializationId))
    .innerJoin(sections, eq(sections.id, inscriptions.sectionId))
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(and(eq(inscriptions.kind, "reinscription"), where))
    .$dynamic();

export type ReinscriptionRow = Awaited<ReturnType<typeof base>>[number];

/** Re-inscriptions (inscriptions of kind `reinscription`), searched by the student's name, cédula or e-mail. */
export async function listReinscriptions(opts: {
  db: DbOrTx;
  list: ReinscriptionListParams;
}): Promise<Page<ReinscriptionRow>> {
  const { db, list } = opts;
  const where = and(
    searchCondition(list.search, [
      students.firstName,
      students.lastName,
      students.identityDocument,
      users.email,
    ]),
    list.period_id === undefined ? undefined : eq(inscriptions.periodId, list.period_id),
    list.semester_id === undefined ? undefined : eq(inscriptions.semesterId, list.semester_id),
    list.section_id === undefined ? undefined : eq(inscriptions.sectionId, list.section_id),
    list.status === undefined ? undefined : eq(inscriptions.status, list.status),
  );
  return paginate({
    db,
    query: base(db, where),
    list,
    sortColumns: {
      id: inscriptions.id,
      created_at: inscriptions.createdAt,
      last_name: students.lastName,
      identity_document: students.identityDocument,
      section: sections.code,
      semester: semesters.code,
    },
    tieBreaker: inscriptions.id,
  });
}

export type ReinscriptionDetailRow = ReinscriptionRow & {
  courses: { courseSectionId: number; course: { id: number; code: string; title: string }; status: string }[];
};

/** One re-inscription with its courses (404 when the id is not a re-inscription). */
export async function getReinscription(opts: { db: DbOrTx; id: number }): Promise<ReinscriptionDetailRow> {
  const [row] = await base(opts.db, eq(inscriptions.id, opts.id));
  if (!row) throw notFound("resource_not_found", "No se encontró la reinscripción.");
  const list = await opts.db
    .select({
      courseSectionId: courseEnrolments.courseSectionId,
      course: { id: courses.id, code: courses.code, title: courses.title },
      status: courseEnrolments.status,
    })
    .from(courseEnrolments)
    .innerJoin(courseSections, eq(courseSections.id, courseEnrolments.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(courseEnrolments.inscriptionId, opts.id))
    .orderBy(asc(courses.code));
  return { ...row, courses: list };
}
