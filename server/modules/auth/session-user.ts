import { and, desc, eq, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import { isStudent, isTeacherGroup } from "../../../common/roles.js";
import type {
  LatestInscription,
  SessionStudent,
  SessionTeacher,
  SessionUser,
} from "../../../common/schemas/auth.js";
import { permissionsFor } from "../../../common/session.js";
import type { DbOrTx } from "../../db/client.js";
import {
  feeInstallments,
  inscriptions,
  payments,
  periods,
  sections,
  semesters,
  specializations,
  studentPeriodFees,
  students,
  teachers,
  users,
} from "../../db/schema/index.js";
import { profilePictureUrl } from "../users/presenter.js";

/**
 * A student's latest inscription (the one of the latest-starting period) with its section,
 * specialization, period, semester, that period's payments (newest first) and whether the period fee
 * is partly paid.
 */
export async function loadLatestInscription(opts: {
  db: DbOrTx;
  studentId: number;
}): Promise<LatestInscription | null> {
  const [row] = await opts.db
    .select({
      inscription: inscriptions,
      section: sections,
      specialization: specializations,
      period: periods,
      semester: semesters,
      // The period fee is partly paid: some installment money in, not completed (same query, no round trip).
      partialPaid: sql<boolean>`coalesce((
        select ${studentPeriodFees.completedAt} is null and coalesce((
          select sum(${feeInstallments.paidAmountE2}) from ${feeInstallments}
          where ${feeInstallments.feeId} = ${studentPeriodFees.id}), 0) > 0
        from ${studentPeriodFees}
        where ${studentPeriodFees.studentId} = ${inscriptions.studentId}
          and ${studentPeriodFees.periodId} = ${periods.id}
        limit 1), false)`,
    })
    .from(inscriptions)
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .innerJoin(sections, eq(sections.id, inscriptions.sectionId))
    .innerJoin(specializations, eq(specializations.id, inscriptions.specializationId))
    .innerJoin(semesters, eq(semesters.id, inscriptions.semesterId))
    .where(eq(inscriptions.studentId, opts.studentId))
    .orderBy(desc(periods.startDate), desc(inscriptions.id))
    .limit(1);
  if (!row) return null;
  const { inscription, section, specialization, period, semester } = row;
  const paymentRows = await opts.db
    .select()
    .from(payments)
    .where(and(eq(payments.studentId, opts.studentId), eq(payments.periodId, period.id)))
    .orderBy(desc(payments.date), desc(payments.id));
  return {
    id: inscription.id,
    student_id: inscription.studentId,
    period_id: inscription.periodId,
    status: inscription.status,
    section: {
      id: section.id,
      code: section.code,
      letter_code: section.letterCode,
      title: section.title,
      shift: section.shift,
    },
    specialization: {
      id: specialization.id,
      title: specialization.title,
      code: specialization.code,
      is_basic: specialization.isBasic,
    },
    period: {
      id: period.id,
      year: period.year,
      number: period.number,
      enabled: period.enabled,
      start_date: period.startDate,
      end_date: period.endDate,
    },
    semester: { id: semester.id, number: semester.number, code: semester.code },
    payments: paymentRows.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      type: p.type,
      from_report: p.fromReport,
      date: p.date,
      amount_e2: p.amountE2,
      receipt_number: p.receiptNumber,
      student_id: p.studentId,
      period_id: p.periodId,
      created_at: p.createdAt.toISOString(),
    })),
    partial_paid: Boolean(row.partialPaid),
  };
}

async function presentStudent(
  db: DbOrTx,
  student: Pick<typeof students.$inferSelect, "id" | "firstName" | "lastName" | "gender">,
  user: { email: string },
): Promise<SessionStudent> {
  return {
    id: student.id,
    first_name: student.firstName,
    last_name: student.lastName,
    email: user.email,
    gender: student.gender,
    latest_inscription: await loadLatestInscription({ db, studentId: student.id }),
  };
}

function presentTeacher(
  teacher: Pick<
    typeof teachers.$inferSelect,
    "id" | "firstName" | "lastName" | "gender" | "isCoordinator" | "specializationId"
  >,
  user: { email: string },
): SessionTeacher {
  return {
    id: teacher.id,
    first_name: teacher.firstName,
    last_name: teacher.lastName,
    email: user.email,
    gender: teacher.gender,
    is_coordinator: teacher.isCoordinator,
    specialization_id: teacher.specializationId,
  };
}

function sessionUserQuery(db: DbOrTx) {
  return db
    .select({
      user: {
        id: users.id,
        type: users.type,
        name: users.name,
        email: users.email,
        profilePicture: users.profilePicture,
      },
      student: {
        id: students.id,
        firstName: students.firstName,
        lastName: students.lastName,
        gender: students.gender,
      },
      teacher: {
        id: teachers.id,
        firstName: teachers.firstName,
        lastName: teachers.lastName,
        gender: teachers.gender,
        isCoordinator: teachers.isCoordinator,
        specializationId: teachers.specializationId,
      },
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(teachers, eq(teachers.userId, users.id))
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1);
}

// Read on every /users/me and login: built once per database and prepared (on PostgreSQL each pooled
// connection parses and plans it once).
const preparedSessionUser = new WeakMap<object, ReturnType<ReturnType<typeof sessionUserQuery>["prepare"]>>();

function readSessionUserRow(db: DbOrTx, userId: number) {
  if (db instanceof PgTransaction) return sessionUserQuery(db).execute({ userId });
  let prepared = preparedSessionUser.get(db);
  if (!prepared) {
    prepared = sessionUserQuery(db).prepare("aula_session_user");
    preparedSessionUser.set(db, prepared);
  }
  return prepared.execute({ userId });
}

/**
 * The session user of spec.md §3 for a user id (null when there is none): account fields, the
 * permissions map of its role, its student or teacher profile and a student's latest inscription
 * (also under `student.latest_inscription`).
 */
export async function loadSessionUser(opts: { db: DbOrTx; userId: number }): Promise<SessionUser | null> {
  // One query for the account and its profile: an administrator's session user needs nothing more.
  const [row] = await readSessionUserRow(opts.db, opts.userId);
  if (!row) return null;
  const { user } = row;
  const student =
    isStudent(user.type) && row.student ? await presentStudent(opts.db, row.student, user) : null;
  const teacher = isTeacherGroup(user.type) && row.teacher ? presentTeacher(row.teacher, user) : null;
  return {
    id: user.id,
    type: user.type,
    name: user.name,
    email: user.email,
    profile_picture: profilePictureUrl(user),
    permissions: permissionsFor(user.type),
    student,
    teacher,
    latest_inscription: student?.latest_inscription ?? null,
  };
}
