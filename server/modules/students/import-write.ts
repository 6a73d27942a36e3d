// The writes of a student import (import.ts), inside its one transaction, a few statements per 500
// students instead of several per student: 20,000 students one by one were over a minute of round trips
// (about 3 ms a student on the embedded database before any inscription, 15 ms with one), and a multi-row
// insert of 20,000 rows overflows Drizzle's query builder. Every rule stays the one the single-student paths
// apply: the accounts as `createStudent` makes them, the inscriptions as `inscribeInTransaction` makes them.
import { randomBytes } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { type Prelation, splitByPrelations } from "../../../common/enrolment/prelations.js";
import { Role } from "../../../common/roles.js";
import { periodName } from "../../../common/schemas/periods.js";
import type { StudentImportPlacement } from "../../../common/schemas/student-import.js";
import type { CreateStudentInput } from "../../../common/schemas/students.js";
import { type AuditContext, recordAudits } from "../../audit/record.js";
import { hashUserToken, userTokenTtlMs } from "../../auth/user-tokens.js";
import type { DbOrTx } from "../../db/client.js";
import {
  courseSections,
  courses,
  feeInstallments,
  periodPriceInstallments,
  periodPriceSettings,
  prelations,
  sections,
  studentPeriodFees,
} from "../../db/schema/index.js";
import { AppError } from "../../http/errors.js";
import { freeSeats, lockSections, pickSectionWithSeat, type SectionSeats } from "../inscriptions/seats.js";
import { inscriptionPeriod, type SemesterInPeriod } from "../inscriptions/service.js";

/**
 * Students written per statement (each statement's rows go as one JSON parameter): on the embedded database
 * a statement of 500 students runs about 0.1 s on the server's thread.
 */
export const WRITE_CHUNK = 500;

/**
 * One statement of the import, then a turn of the event loop: the embedded database runs each statement on
 * the server's thread and answers through promises alone, so without these turns nothing else (the progress
 * stream, other requests) would move until the whole transaction had ended.
 */
async function step<T>(statement: Promise<T>): Promise<T> {
  const result = await statement;
  await nextTurn();
  return result;
}

export type CreatedStudent = {
  id: number;
  userId: number;
  email: string;
  name: string;
  /** The confirmation link's token (only its SHA-256 is stored), for the e-mail sent after the commit. */
  token: string;
};

/** The rows of a statement as one JSON parameter, read back with `json_to_recordset`. */
const json = (rows: readonly object[]) => sql`${JSON.stringify(rows)}::json`;
/** The rows a statement answers, whichever driver runs it. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Creates these students as `createStudent` does, each kind of row in one statement: the users (type
 * student, unconfirmed and without a password, which they choose from the confirmation link, so nothing is
 * hashed here; the columns `insertStudents` fills), the students, the audit rows `user.created`, and a
 * single-use confirmation token each, valid for 7 days (only its SHA-256 stored). Call it with at most
 * `WRITE_CHUNK` students.
 */
export async function createImportedStudents(
  tx: DbOrTx,
  inputs: readonly CreateStudentInput[],
  audit: AuditContext,
): Promise<CreatedStudent[]> {
  if (inputs.length === 0) return [];
  const people = inputs.map((input, n) => ({
    n,
    name: `${input.first_name} ${input.last_name}`,
    email: input.email,
  }));
  const users = rowsOf<{ id: number; email: string }>(
    await step(
      tx.execute(sql`
      insert into users (type, name, email)
      select ${Role.student}::int, x.name, x.email
        from json_to_recordset(${json(people)}) as x(n int, name text, email text)
        order by x.n
      returning id, email`),
    ),
  );
  const userIdOf = new Map(users.map((u) => [u.email.toLowerCase(), Number(u.id)]));
  const userIds = inputs.map((input) => userIdOf.get(input.email.toLowerCase())!);
  const rows = rowsOf<{ id: number; user_id: number }>(
    await step(
      tx.execute(sql`
      insert into students (user_id, first_name, last_name, identity_document, gender, birth_date, phone, address)
      select x.user_id, x.first_name, x.last_name, x.identity_document, x.gender, x.birth_date, x.phone, x.address
        from json_to_recordset(${json(
          inputs.map((input, n) => ({
            n,
            user_id: userIds[n],
            first_name: input.first_name,
            last_name: input.last_name,
            identity_document: input.identity_document,
            gender: input.gender,
            birth_date: input.birth_date ?? null,
            phone: input.phone ?? null,
            address: input.address ?? null,
          })),
        )}) as x(n int, user_id int, first_name text, last_name text, identity_document text, gender text,
                 birth_date date, phone text, address text)
        order by x.n
      returning id, user_id`),
    ),
  );
  const studentIdOf = new Map(rows.map((r) => [Number(r.user_id), Number(r.id)]));
  const students = people.map((person, n) => ({
    id: studentIdOf.get(userIds[n]!)!,
    userId: userIds[n]!,
    email: person.email,
    name: person.name,
    token: randomBytes(32).toString("base64url"),
  }));
  await step(
    recordAudits(
      tx,
      audit,
      students.map((s) => ({
        action: "user.created",
        entityType: "user",
        entityId: s.userId,
        newValues: { type: Role.student, name: s.name, email: s.email, disabled: false },
      })),
    ),
  );
  // Token lifetimes run on real time (ARCHITECTURE.md "Data rules"), as `issueUserToken` stamps them.
  const now = new Date();
  const expiresAt = new Date(now.getTime() + userTokenTtlMs.confirm);
  await step(
    tx.execute(sql`
    insert into user_tokens (user_id, purpose, token_hash, expires_at, created_at)
    select x.user_id, 'confirm', x.token_hash, ${expiresAt.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from json_to_recordset(${json(
        students.map((s) => ({ user_id: s.userId, token_hash: hashUserToken(s.token) })),
      )}) as x(user_id int, token_hash text)`),
  );
  return students;
}

/** A specialization's semester, of the pensum the period with inscriptions open follows for it. */
export type Placement = {
  specialization: { id: number; code: string; title: string };
  semester: SemesterInPeriod;
};

export type ImportedStudent = {
  line: number;
  name: string;
  id: number;
  gender: string;
  placement: Placement;
};

/** The sections of these semesters in the period (ascending id, the lock order). */
export async function sectionIdsOf(db: DbOrTx, periodId: number, semesterIds: number[]): Promise<number[]> {
  if (semesterIds.length === 0) return [];
  const rows = await db
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.periodId, periodId), inArray(sections.semesterId, semesterIds)))
    .orderBy(asc(sections.id));
  return rows.map((r) => r.id);
}

/** The course sections a new student of each section is enrolled in, and how many the prelations leave out. */
type SectionPlan = { courseSectionIds: number[]; skipped: number };

/**
 * For each section, the enrolment `inscribeInTransaction` gives a student with no history (every imported
 * student is new): its course sections by course code, split by the prelations of the semester's pensum with
 * an empty record (`splitByPrelations`, the one rule), so a course with a prelation is left out.
 */
async function enrolmentPlans(
  tx: DbOrTx,
  locked: SectionSeats[],
  pensumOfSemester: Map<number, number>,
): Promise<Map<number, SectionPlan>> {
  const plans = new Map<number, SectionPlan>();
  if (locked.length === 0) return plans;
  const [offered, rules] = await Promise.all([
    tx
      .select({
        sectionId: courseSections.sectionId,
        courseSectionId: courseSections.id,
        course: { id: courses.id, code: courses.code, title: courses.title },
      })
      .from(courseSections)
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .where(
        inArray(
          courseSections.sectionId,
          locked.map((s) => s.section.id),
        ),
      )
      .orderBy(asc(courses.code)),
    tx
      .select({
        pensumId: prelations.pensumId,
        courseId: prelations.courseId,
        type: prelations.type,
        required: { id: courses.id, code: courses.code, title: courses.title },
      })
      .from(prelations)
      .innerJoin(courses, eq(courses.id, prelations.requiredCourseId))
      .where(inArray(prelations.pensumId, [...new Set(pensumOfSemester.values())])),
  ]);
  for (const seats of locked) {
    const sectionCourses = offered.filter((o) => o.sectionId === seats.section.id);
    const pensumId = pensumOfSemester.get(seats.section.semesterId);
    const courseIds = new Set(sectionCourses.map((c) => c.course.id));
    const ofSection = rules.filter(
      (r) => r.pensumId === pensumId && courseIds.has(r.courseId),
    ) as Prelation[];
    const { allowed, skipped } = splitByPrelations(sectionCourses, ofSection, new Map());
    plans.set(seats.section.id, {
      courseSectionIds: allowed.map((c) => c.courseSectionId),
      skipped: skipped.length,
    });
  }
  return plans;
}

/** The section `pickSectionWithSeat` picks: a free seat of the gender, the fewest students, then the lowest id. */
function pickSection(candidates: SectionSeats[], gender: string): SectionSeats | null {
  let best: SectionSeats | null = null;
  for (const s of candidates) {
    if (freeSeats(s, gender) <= 0) continue;
    if (
      best === null ||
      s.males + s.females < best.males + best.females ||
      (s.males + s.females === best.males + best.females && s.section.id < best.section.id)
    )
      best = s;
  }
  return best;
}

/** `{1,2,3}`: an integer array as one parameter (Drizzle spreads a JavaScript array into many). */
const intArray = (ids: readonly number[]) => `{${ids.map((id) => Math.trunc(id)).join(",")}}`;

/**
 * Inscribes imported students inside the import's transaction, as `inscribeInTransaction` inscribes one into
 * the section the system picks: the sections of every semester asked are locked first (one statement,
 * ascending id, the lock order of seats.ts) and their seats counted; each student, in the file's order, gets
 * the section `pickSectionWithSeat` would pick with those counts; the inscription, its course enrolments
 * (`enrolmentPlans`) and the period fee (as `copyFee` copies it) are written `WRITE_CHUNK` students per
 * statement. A student without a seat (taken since the preview) refuses the whole import with the refusal
 * `pickSectionWithSeat` itself gives, naming the row and the sections; the caller's transaction then rolls
 * back. The seats are counted again under the lock at the end: a section past its limit would be a defect here,
 * and rolls everything back too.
 */
export async function startInscribing(
  tx: DbOrTx,
  opts: { periodId: number; semesters: SemesterInPeriod[]; now: Date },
) {
  const period = await inscriptionPeriod(tx, opts.periodId);
  const semesterIds = [...new Set(opts.semesters.map((s) => s.id))];
  const locked = await lockSections(tx, await sectionIdsOf(tx, period.id, semesterIds));
  const bySemester = new Map<number, SectionSeats[]>();
  for (const seats of locked) {
    const list = bySemester.get(seats.section.semesterId) ?? [];
    list.push(seats);
    bySemester.set(seats.section.semesterId, list);
  }
  const plans = await enrolmentPlans(tx, locked, new Map(opts.semesters.map((s) => [s.id, s.pensumId])));
  const placements = new Map<number, StudentImportPlacement>();
  const touched = new Set<number>();
  let pending: { student: ImportedStudent; seats: SectionSeats }[] = [];

  const flush = async () => {
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    // As `inscribe_into_section` (migration 0019) writes one: kind `inscription`, no pre-inscription, the
    // application's clock's instant.
    const written = rowsOf<{ id: number; student_id: number; section_id: number }>(
      await step(
        tx.execute(sql`
        insert into inscriptions (student_id, period_id, section_id, semester_id, specialization_id, kind,
          pre_inscription_id, created_at)
        select x.student_id, ${period.id}::int, x.section_id, x.semester_id, x.specialization_id, 'inscription',
          null, ${opts.now.toISOString()}::timestamptz
          from json_to_recordset(${json(
            batch.map(({ student, seats }, n) => ({
              n,
              student_id: student.id,
              section_id: seats.section.id,
              semester_id: student.placement.semester.id,
              specialization_id: student.placement.semester.specializationId,
            })),
          )}) as x(n int, student_id int, section_id int, semester_id int, specialization_id int)
          order by x.n
        returning id, student_id, section_id`),
      ),
    ).map((r) => ({ id: Number(r.id), studentId: Number(r.student_id), sectionId: Number(r.section_id) }));
    const enrolments = written.flatMap((row) =>
      (plans.get(row.sectionId)?.courseSectionIds ?? []).map((courseSectionId) => ({
        i: row.id,
        s: row.studentId,
        c: courseSectionId,
      })),
    );
    if (enrolments.length > 0)
      await step(
        tx.execute(sql`
          insert into course_enrolments (inscription_id, student_id, course_section_id)
          select x.i, x.s, x.c from json_to_recordset(${json(enrolments)}) as x(i int, s int, c int)`),
      );
    await step(copyFees(tx, period.id, written));
  };

  return {
    period,
    /** Picks each student's section (in order) and writes them, `WRITE_CHUNK` at a time. */
    async add(students: readonly ImportedStudent[]) {
      for (const student of students) {
        const candidates = bySemester.get(student.placement.semester.id) ?? [];
        let seats = pickSection(candidates, student.gender);
        if (!seats) {
          // No seat left by these counts: with everything before written, the inscriptions' own pick decides,
          // and its refusal names the sections as every inscription's does.
          await flush();
          const picked = await pickSectionWithSeat(tx, {
            periodId: period.id,
            semesterId: student.placement.semester.id,
            gender: student.gender,
          }).catch((error: unknown) => {
            if (error instanceof AppError && error.status === 400)
              throw new AppError(
                400,
                error.message,
                `Fila ${student.line} (${student.name}): ${error.description} No se importó ningún estudiante.`,
                undefined,
                { [`rows.${student.line}.semester`]: [error.description ?? ""] },
              );
            throw error;
          });
          seats = candidates.find((c) => c.section.id === picked.section.id) ?? picked;
          Object.assign(seats, { males: picked.males, females: picked.females });
        }
        if (student.gender === "female") seats.females += 1;
        else seats.males += 1;
        touched.add(seats.section.id);
        pending.push({ student, seats });
        const plan = plans.get(seats.section.id);
        const { specialization, semester } = student.placement;
        const entry = placements.get(seats.section.id) ?? {
          period: { id: period.id, name: periodName(period) },
          specialization,
          semester: { id: semester.id, number: semester.number, code: semester.code },
          section: { id: seats.section.id, code: seats.section.code },
          students: 0,
          skipped_courses: 0,
        };
        entry.students += 1;
        entry.skipped_courses += plan?.skipped ?? 0;
        placements.set(seats.section.id, entry);
        if (pending.length >= WRITE_CHUNK) await flush();
      }
      await flush();
    },
    /** Checks the seats under the lock once more and answers where the students went, section by section. */
    async finish(): Promise<StudentImportPlacement[]> {
      await flush();
      // A semester's sections per statement (locked already, so the lock order holds).
      for (const ofSemester of bySemester.values()) {
        const ids = ofSemester.filter((s) => touched.has(s.section.id)).map((s) => s.section.id);
        if (ids.length === 0) continue;
        const counted = await step(lockSections(tx, ids));
        const over = counted.find((s) => s.males > s.malesLimit || s.females > s.femalesLimit);
        if (over) throw new Error(`student import: section ${over.section.id} past its seats`);
      }
      return [...placements.values()].sort(
        (a, b) =>
          a.specialization.code.localeCompare(b.specialization.code) ||
          a.semester.number - b.semester.number ||
          a.section.code.localeCompare(b.section.code),
      );
    },
  };
}

/**
 * The period fee of each new inscription, as `copyFee` makes one: the period's price setting under a shared
 * lock (a price change being applied finishes first), the fee unless the student has one for the period, its
 * installments in date order. Nothing without a price setting.
 */
async function copyFees(tx: DbOrTx, periodId: number, written: { id: number; studentId: number }[]) {
  if (written.length === 0) return;
  await tx.execute(sql`
    with setting as (
      select * from ${periodPriceSettings} where ${periodPriceSettings.periodId} = ${periodId}::int for share
    ), fee as (
      insert into ${studentPeriodFees} (student_id, period_id, inscription_id, price_setting_id,
        installment_payment_methods, full_payment_methods, installment_grace_period_days,
        late_installment_extra_e2)
      select x.student_id, ${periodId}::int, x.inscription_id, setting.id,
        setting.installment_payment_methods, setting.full_payment_methods,
        setting.installment_grace_period_days, setting.late_installment_extra_e2
        from unnest(${intArray(written.map((w) => w.studentId))}::int[],
                    ${intArray(written.map((w) => w.id))}::int[]) as x(student_id, inscription_id)
        cross join setting
        order by x.inscription_id
      on conflict (student_id, period_id) do nothing
      returning id, price_setting_id
    )
    insert into ${feeInstallments} (fee_id, date, amount_e2)
    select fee.id, i.date, i.amount_e2 from fee
      join ${periodPriceInstallments} i on i.price_setting_id = fee.price_setting_id
      order by fee.id, i.date`);
}

/** `inscribeImported` for callers that have every student at hand: start, add them all, finish. */
export async function inscribeImported(
  tx: DbOrTx,
  opts: { periodId: number; students: ImportedStudent[]; now: Date; today: string },
): Promise<StudentImportPlacement[]> {
  if (opts.students.length === 0) return [];
  const inscribing = await startInscribing(tx, {
    periodId: opts.periodId,
    semesters: opts.students.map((s) => s.placement.semester),
    now: opts.now,
  });
  await inscribing.add(opts.students);
  return inscribing.finish();
}
