import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  type CourseBrief,
  type CourseRecord,
  type MissingPrelation,
  type Prelation,
  splitByPrelations,
} from "../../../common/enrolment/prelations.js";
import { courseResult } from "../../../common/enrolment/progression.js";
import { periodHasEnded } from "../../../common/grades/standing.js";
import { Role } from "../../../common/roles.js";
import type {
  CreateInscriptionInput,
  NewStudentInput,
  UpdateInscriptionInput,
} from "../../../common/schemas/inscriptions.js";
import { periodName } from "../../../common/schemas/periods.js";
import type { DbOrTx } from "../../db/client.js";
import { withDbErrors } from "../../db/constraints.js";
import {
  courseEnrolments,
  courseSections,
  courses,
  feeInstallments,
  inscriptions,
  lessonStudents,
  lessons,
  payments,
  pensums,
  periodPensums,
  periodPriceInstallments,
  periodPriceSettings,
  periods,
  preInscriptions,
  prelations,
  sections,
  semesters,
  specializations,
  studentPeriodFees,
  students,
  users,
} from "../../db/schema/index.js";
import { notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError, rethrowUniqueAsField, validationError } from "../../http/validation.js";
import { type PeriodFeeRow, periodFeeExtras } from "../payments/period-fee.js";
import { courseRecords } from "../reinscriptions/records.js";
import { refuseKnownFull, rememberSeats, remembersFull } from "./full-sections.js";
import {
  claimSeat,
  freeSeats,
  fullSectionDescription,
  holdSeat,
  pickSectionWithSeat,
  refuseFullFromSnapshot,
  type SeatsSeen,
  type SectionSeats,
} from "./seats.js";
import { throughSectionGate } from "./section-gate.js";
import { studentGender } from "./student-genders.js";
import { writeInscription } from "./write.js";

export type PeriodRow = typeof periods.$inferSelect;

/**
 * The period to inscribe into: the one asked (it must have inscriptions open), else the only open one. With
 * two open (the current and the next) and none asked, the call is ambiguous and refused.
 */
export async function inscriptionPeriod(db: DbOrTx, periodId: number | undefined): Promise<PeriodRow> {
  if (periodId !== undefined) {
    const [row] = await db.select().from(periods).where(eq(periods.id, periodId));
    if (!row) throw notFound("period_not_found");
    if (!row.enabledInscriptions) {
      throw refuse(
        "period_inscriptions_are_disabled",
        `Las inscripciones del período ${periodName(row)} están deshabilitadas.`,
      );
    }
    return row;
  }
  const open = await db
    .select()
    .from(periods)
    .where(eq(periods.enabledInscriptions, true))
    .orderBy(asc(periods.startDate), asc(periods.id))
    .limit(3);
  if (open.length === 0) {
    throw refuse(
      "period_inscriptions_are_disabled",
      "Ningún período tiene las inscripciones abiertas: ábralas en el período antes de inscribir.",
    );
  }
  if (open.length > 1) {
    throw refuse(
      "inscription_period_is_ambiguous",
      `Hay ${open.length === 2 ? "dos" : "varios"} períodos con inscripciones abiertas (${open.map(periodName).join(", ")}): indique en cuál inscribir.`,
    );
  }
  return open[0]!;
}

export type SemesterInPeriod = {
  id: number;
  number: number;
  code: string;
  pensumId: number;
  specializationId: number;
};

/** The semester, which must belong to a pensum the period follows (422 on `semester_id` otherwise). */
async function semesterOfPeriod(db: DbOrTx, periodId: number, semesterId: number): Promise<SemesterInPeriod> {
  const [row] = await db
    .select({
      id: semesters.id,
      number: semesters.number,
      code: semesters.code,
      pensumId: semesters.pensumId,
      specializationId: pensums.specializationId,
      followed: periodPensums.periodId,
    })
    .from(semesters)
    .innerJoin(pensums, eq(pensums.id, semesters.pensumId))
    .leftJoin(
      periodPensums,
      and(eq(periodPensums.pensumId, semesters.pensumId), eq(periodPensums.periodId, periodId)),
    )
    .where(eq(semesters.id, semesterId));
  if (!row) throw fieldError("semester_id", "exists");
  if (row.followed === null) {
    throw validationError({
      semester_id: [`El semestre ${row.code} no pertenece a los pensums que sigue el período.`],
    });
  }
  const { followed: _, ...semester } = row;
  return semester;
}

type StudentRow = { id: number; gender: string; userId: number; firstName: string; lastName: string };

const studentColumns = {
  id: students.id,
  gender: students.gender,
  userId: students.userId,
  firstName: students.firstName,
  lastName: students.lastName,
};

/** A new student and their account (student type, unconfirmed): duplicates are 422 on the field. */
async function createStudent(tx: DbOrTx, input: NewStudentInput): Promise<StudentRow> {
  try {
    const [user] = await tx
      .insert(users)
      .values({ type: Role.student, name: `${input.first_name} ${input.last_name}`, email: input.email })
      .returning({ id: users.id });
    const [row] = await tx
      .insert(students)
      .values({
        userId: user!.id,
        firstName: input.first_name,
        lastName: input.last_name,
        identityDocument: input.identity_document,
        gender: input.gender,
        birthDate: input.birth_date,
        phone: input.phone,
        address: input.address,
      })
      .returning(studentColumns);
    return row!;
  } catch (error) {
    rethrowUniqueAsField(error, {
      users_email_lower_unique: "student.email",
      students_identity_document_unique: "student.identity_document",
    });
  }
}

/** Who is inscribed: an existing student, a new one, or the student an approved pre-inscription created. */
async function resolveStudent(
  tx: DbOrTx,
  input: CreateInscriptionInput,
): Promise<{ student: StudentRow; created: boolean; preInscriptionId: number | null }> {
  if (input.student)
    return { student: await createStudent(tx, input.student), created: true, preInscriptionId: null };
  if (input.preinscription_id !== undefined) {
    const [pre] = await tx
      .select({ status: preInscriptions.status, studentId: preInscriptions.studentId })
      .from(preInscriptions)
      .where(eq(preInscriptions.id, input.preinscription_id));
    if (!pre) throw fieldError("preinscription_id", "exists");
    if (pre.status !== "approved" || pre.studentId === null) {
      throw validationError({
        preinscription_id: [
          "La preinscripción no ha sido aprobada: apruébela antes de inscribir al estudiante.",
        ],
      });
    }
    const [student] = await tx.select(studentColumns).from(students).where(eq(students.id, pre.studentId));
    if (!student) throw fieldError("preinscription_id", "exists");
    return { student, created: false, preInscriptionId: input.preinscription_id };
  }
  const [student] = await tx.select(studentColumns).from(students).where(eq(students.id, input.student_id!));
  if (!student) throw fieldError("student_id", "exists");
  const [pre] = await tx
    .select({ id: preInscriptions.id })
    .from(preInscriptions)
    .where(eq(preInscriptions.studentId, student.id))
    .limit(1);
  return { student, created: false, preInscriptionId: pre?.id ?? null };
}

/** Refuses a second inscription of the student in the period, saying where they already are. */
async function assertNotInscribed(tx: DbOrTx, studentId: number, period: PeriodRow) {
  const [existing] = await tx
    .select({ code: sections.code })
    .from(inscriptions)
    .innerJoin(sections, eq(sections.id, inscriptions.sectionId))
    .where(and(eq(inscriptions.studentId, studentId), eq(inscriptions.periodId, period.id)));
  if (existing) {
    throw refuse(
      "period_and_student_latest_period_are_equals",
      `El estudiante ya está inscrito en el período ${periodName(period)} (sección ${existing.code}).`,
    );
  }
}

type ChosenSection = {
  sectionId: number;
  periodId: number;
  semesterId: number;
  gender: string;
  exceptInscriptionId?: number;
  onSeats?: SeatsSeen;
};

/** The chosen section must exist (404) and be of the period and semester (422 on `section_id`). */
async function assertSectionOfSemester(tx: DbOrTx, opts: ChosenSection) {
  const [section] = await tx
    .select({ periodId: sections.periodId, semesterId: sections.semesterId, code: sections.code })
    .from(sections)
    .where(eq(sections.id, opts.sectionId));
  if (!section) throw notFound("section_not_found_for_inscription");
  if (section.periodId !== opts.periodId || section.semesterId !== opts.semesterId) {
    throw validationError({
      section_id: [`La sección ${section.code} no pertenece al semestre y período de la inscripción.`],
    });
  }
}

/** A new inscription's chosen section: valid and not full right now; its seat is held after the writes. */
async function checkChosenSection(tx: DbOrTx, opts: ChosenSection): Promise<number> {
  await assertSectionOfSemester(tx, opts);
  await refuseFullFromSnapshot(tx, opts);
  return opts.sectionId;
}

/** A moved inscription's chosen section: valid, and its seat claimed under the section's lock. */
async function claimChosenSection(tx: DbOrTx, opts: ChosenSection) {
  await assertSectionOfSemester(tx, opts);
  return claimSeat(tx, opts);
}

/**
 * What the student did in periods other than `exceptPeriodId`, course by course: taken (enrolled, not
 * withdrawn) and passed, with the one definition of a passed course (`courseResult`, DOMAIN.md "Final
 * note") that re-inscriptions use too, each attempt judged by its own period's approval_minimum_note. A
 * course still "En curso" on the school's `today` is taken but not passed.
 */
export async function courseHistory(
  db: DbOrTx,
  studentId: number,
  exceptPeriodId: number,
  today: string,
): Promise<Map<number, CourseRecord>> {
  const earlier = await db
    .select({
      id: inscriptions.id,
      approvalMinimumNote: periods.approvalMinimumNote,
      approvalMinimumAvg: periods.approvalMinimumAvg,
      endDate: periods.endDate,
    })
    .from(inscriptions)
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .where(and(eq(inscriptions.studentId, studentId), ne(inscriptions.periodId, exceptPeriodId)));
  const records = await courseRecords(
    db,
    studentId,
    earlier.map((i) => i.id),
  );
  const history = new Map<number, CourseRecord>();
  for (const inscription of earlier) {
    for (const record of records.get(inscription.id) ?? []) {
      const entry = history.get(record.courseId) ?? { taken: false, passed: false };
      entry.taken ||= !record.withdrawn;
      entry.passed ||= courseResult(record, inscription, {
        periodEnded: periodHasEnded(inscription.endDate, today),
      }).passed;
      history.set(record.courseId, entry);
    }
  }
  return history;
}

export type EnrolmentOutcome = {
  enrolled: { courseSectionId: number; course: CourseBrief }[];
  skipped: { course: CourseBrief; missing: MissingPrelation[]; reason: string }[];
};

type SectionCourse = { courseSectionId: number; course: CourseBrief };

/** The course sections of a section with their courses, by course code. */
function sectionCoursesOf(db: DbOrTx, sectionId: number): Promise<SectionCourse[]> {
  return db
    .select({
      courseSectionId: courseSections.id,
      course: { id: courses.id, code: courses.code, title: courses.title },
    })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(eq(courseSections.sectionId, sectionId))
    .orderBy(asc(courses.code));
}

/** The prelations, in the pensum, of the given courses. */
async function prelationsOf(db: DbOrTx, pensumId: number, courseIds: number[]): Promise<Prelation[]> {
  if (courseIds.length === 0) return [];
  const rules = await db
    .select({
      courseId: prelations.courseId,
      type: prelations.type,
      required: { id: courses.id, code: courses.code, title: courses.title },
    })
    .from(prelations)
    .innerJoin(courses, eq(courses.id, prelations.requiredCourseId))
    .where(and(eq(prelations.pensumId, pensumId), inArray(prelations.courseId, courseIds)));
  return rules as Prelation[];
}

/**
 * Which of the section's courses the student may take under the prelations (DOMAIN.md "Enrolment"), and
 * the others with the Spanish reason. Their history is read only when a prelation applies.
 */
async function planEnrolment(
  db: DbOrTx,
  opts: {
    studentId: number;
    periodId: number;
    sectionCourses: SectionCourse[];
    rules: Prelation[];
    today: string;
  },
): Promise<{ allowed: SectionCourse[]; skipped: EnrolmentOutcome["skipped"] }> {
  const history = opts.rules.length
    ? await courseHistory(db, opts.studentId, opts.periodId, opts.today)
    : new Map();
  const { allowed, skipped } = splitByPrelations(opts.sectionCourses, opts.rules, history);
  return {
    allowed,
    skipped: skipped.map((s) => ({ course: s.item.course, missing: s.missing, reason: s.reason })),
  };
}

/**
 * Enrols the inscription's student in every course section of its section whose prelations (in the
 * semester's pensum) they meet; answers the others with the Spanish reason.
 */
async function enrolInSection(
  tx: DbOrTx,
  opts: {
    inscriptionId: number;
    studentId: number;
    sectionId: number;
    pensumId: number;
    periodId: number;
    today: string;
  },
): Promise<EnrolmentOutcome> {
  const sectionCourses = await sectionCoursesOf(tx, opts.sectionId);
  if (sectionCourses.length === 0) return { enrolled: [], skipped: [] };
  const rules = await prelationsOf(
    tx,
    opts.pensumId,
    sectionCourses.map((c) => c.course.id),
  );
  const { allowed, skipped } = await planEnrolment(tx, { ...opts, sectionCourses, rules });
  if (allowed.length > 0) {
    await tx.insert(courseEnrolments).values(
      allowed.map((c) => ({
        inscriptionId: opts.inscriptionId,
        studentId: opts.studentId,
        courseSectionId: c.courseSectionId,
      })),
    );
  }
  return { enrolled: allowed, skipped };
}

/**
 * Copies the period's price setting into the student's fee for the period, with its installments. No
 * setting: nothing (false). A fee that already exists is left alone (false) unless `strict`, where it is
 * refused (`student_period_fee_already_exists`).
 */
export async function generateFee(
  tx: DbOrTx,
  opts: { studentId: number; periodId: number; inscriptionId: number | null; strict?: boolean },
): Promise<boolean> {
  if (!opts.strict) return copyFee(tx, opts);
  // Shared lock: a price change being applied (PATCH /period-price-settings/{id}) finishes first, so the
  // fee copies one version of the setting, rules and installments alike.
  const [setting] = await tx
    .select()
    .from(periodPriceSettings)
    .where(eq(periodPriceSettings.periodId, opts.periodId))
    .for("share");
  if (!setting) {
    if (opts.strict) throw refuse("period_price_setting_not_found");
    return false;
  }
  const values = {
    studentId: opts.studentId,
    periodId: opts.periodId,
    inscriptionId: opts.inscriptionId,
    priceSettingId: setting.id,
    installmentPaymentMethods: setting.installmentPaymentMethods,
    fullPaymentMethods: setting.fullPaymentMethods,
    installmentGracePeriodDays: setting.installmentGracePeriodDays,
    lateInstallmentExtraE2: setting.lateInstallmentExtraE2,
  };
  const inserted = opts.strict
    ? await tx.insert(studentPeriodFees).values(values).returning({ id: studentPeriodFees.id })
    : await tx
        .insert(studentPeriodFees)
        .values(values)
        .onConflictDoNothing({ target: [studentPeriodFees.studentId, studentPeriodFees.periodId] })
        .returning({ id: studentPeriodFees.id });
  const fee = inserted[0];
  if (!fee) return false;
  const installments = await tx
    .select({ date: periodPriceInstallments.date, amountE2: periodPriceInstallments.amountE2 })
    .from(periodPriceInstallments)
    .where(eq(periodPriceInstallments.priceSettingId, setting.id))
    .orderBy(asc(periodPriceInstallments.date));
  if (installments.length > 0) {
    await tx.insert(feeInstallments).values(installments.map((i) => ({ feeId: fee.id, ...i })));
  }
  return true;
}

/**
 * `generateFee` without `strict`, in one statement: the setting read under the same shared lock, the fee
 * inserted unless the student has one for the period, its installments copied. True when a fee was made.
 */
async function copyFee(
  tx: DbOrTx,
  opts: { studentId: number; periodId: number; inscriptionId: number | null },
): Promise<boolean> {
  const [row] = await tx
    .execute<{ fee_id: number | null }>(sql`
    with setting as (
      select * from ${periodPriceSettings} where ${periodPriceSettings.periodId} = ${opts.periodId}::int
        for share
    ), fee as (
      insert into ${studentPeriodFees} (student_id, period_id, inscription_id, price_setting_id,
        installment_payment_methods, full_payment_methods, installment_grace_period_days,
        late_installment_extra_e2)
      select ${opts.studentId}::int, ${opts.periodId}::int, ${opts.inscriptionId}::int, setting.id,
        setting.installment_payment_methods, setting.full_payment_methods,
        setting.installment_grace_period_days, setting.late_installment_extra_e2
        from setting
      on conflict (student_id, period_id) do nothing
      returning id, price_setting_id
    ), copied as (
      insert into ${feeInstallments} (fee_id, date, amount_e2)
      select fee.id, i.date, i.amount_e2 from fee
        join ${periodPriceInstallments} i on i.price_setting_id = fee.price_setting_id
        order by i.date
      returning 1
    )
    select (select id from fee) as fee_id, (select count(*) from copied) as copied`)
    .then((result) => (result as unknown as { rows: { fee_id: number | null }[] }).rows);
  return row?.fee_id !== null && row?.fee_id !== undefined;
}

export type InscriptionOutcome = EnrolmentOutcome & {
  inscriptionId: number;
  feeGenerated: boolean;
  /** The user created for a new student (their confirmation e-mail goes out after the commit). */
  createdUserId: number | null;
  /** The inscription as GET /inscriptions/{id} answers it, when already known (else read it). */
  row?: InscriptionRow;
};

/**
 * POST /inscriptions/ (DOMAIN.md "Enrolment"), one transaction: the period with inscriptions open, the
 * semester of one of its pensums, the student (existing, new or pre-registered) not yet inscribed in the
 * period, a seat of their gender in the chosen section or in the one the system picks (row lock, see
 * seats.ts), the enrolment in every course section whose prelations they meet, and the period fee.
 */
export async function createInscription(opts: {
  db: DbOrTx;
  input: CreateInscriptionInput;
  /** The application's clock's instant: the inscription's stamp, whose day is when its fee falls due. */
  now: Date;
  /** The school's date now (prelations: a course still "En curso" is not passed). */
  today: string;
}): Promise<InscriptionOutcome> {
  const { input } = opts;
  const onSeats = (seats: SectionSeats) => rememberSeats(opts.db, seats);
  const asked = (sectionId: number) => ({
    sectionId,
    semesterId: input.semester_id,
    periodId: input.period_id ?? null,
  });
  // `gender`: the student's, when read to refuse from the memory of full sections (undefined: not read).
  const inscribe = async (gender: string | null | undefined) => {
    // An existing student into a chosen section (an enrolment morning's common case): every check read
    // in one statement before the transaction (under READ COMMITTED the transaction would read the same),
    // so a refusal costs that one statement. Anything out of the ordinary goes the long way below, which
    // says what is wrong.
    if (input.student_id !== undefined && input.section_id !== null) {
      // The section was just seen full for one gender: the student's gender alone may be enough to refuse.
      if (gender === undefined && remembersFull(opts.db, input.section_id)) {
        const known = await studentGender(opts.db, input.student_id);
        if (known) refuseKnownFull(opts.db, asked(input.section_id), known);
      }
      const checked = await checkExisting(opts.db, {
        input,
        studentId: input.student_id,
        sectionId: input.section_id,
        onSeats,
      });
      if (checked) return withDbErrors(() => inscribeChecked(opts.db, checked, onSeats, opts));
    }
    return withDbErrors(() =>
      opts.db.transaction(async (tx) => {
        const period = await inscriptionPeriod(tx, input.period_id);
        const semester = await semesterOfPeriod(tx, period.id, input.semester_id);
        const { student, created, preInscriptionId } = await resolveStudent(tx, input);
        if (input.section_id !== null) refuseKnownFull(opts.db, asked(input.section_id), student.gender);
        if (!created) await assertNotInscribed(tx, student.id, period);
        const outcome = await inscribeInTransaction(tx, {
          period,
          semester,
          student,
          preInscriptionId,
          sectionId: input.section_id,
          onSeats,
          now: opts.now,
          today: opts.today,
        });
        return { ...outcome, createdUserId: created ? student.userId : null };
      }),
    );
  };
  if (input.section_id === null) return inscribe(undefined);
  const sectionId = input.section_id;
  // A section seen full by this server a moment ago for both genders: refused before any query; for one
  // gender, by the student's gender (read together with the other requests of the moment), before the
  // section's line.
  refuseKnownFull(opts.db, asked(sectionId), null);
  let gender: string | null | undefined;
  if (input.student_id !== undefined && remembersFull(opts.db, sectionId)) {
    gender = await studentGender(opts.db, input.student_id);
    if (gender) refuseKnownFull(opts.db, asked(sectionId), gender);
  }
  return throughSectionGate(opts.db, sectionId, async () => {
    // The section may have filled while the request waited in line.
    refuseKnownFull(opts.db, asked(sectionId), gender ?? null);
    return inscribe(gender);
  });
}

/** The row `inscription_check` answers (migration 0017), as JSON: nulls where a row is missing. */
type InscriptionCheckRow = {
  period_id: number;
  period_year: number;
  period_number: number;
  enabled_inscriptions: boolean;
  semester_id: number | null;
  semester_number: number | null;
  semester_code: string | null;
  pensum_id: number | null;
  specialization_id: number | null;
  specialization_code: string | null;
  specialization_title: string | null;
  followed: number | null;
  student_id: number | null;
  gender: string | null;
  user_id: number | null;
  first_name: string | null;
  last_name: string | null;
  identity_document: string | null;
  email: string | null;
  pre_inscription_id: number | null;
  existing_code: string | null;
  section_id: number | null;
  section_code: string | null;
  section_period_id: number | null;
  section_semester_id: number | null;
  males_limit: number | null;
  females_limit: number | null;
  males: number;
  females: number;
  section_courses: SectionCourse[];
  rules: Prelation[];
};

/**
 * The checks of `createInscription` for an existing student and a chosen section in one read, the database
 * function `inscription_check` (planned once per connection): the period (asked, else the open one), the
 * semester and whether the period follows its pensum, the student and their e-mail and pre-inscription,
 * their inscription in the period, the section and its seats (an unlocked snapshot, like
 * `refuseFullFromSnapshot`), and what the enrolment needs (the section's courses and their prelations).
 * Refuses a full section (from the memory of full sections or the snapshot) and a student already
 * inscribed; answers null, having refused nothing, when anything else is missing or does not match: the
 * caller then runs the checks one by one, in their order, for the exact refusal. The seat itself is held
 * under the section's lock when the inscription is written (`writeInscription`).
 */
async function checkExisting(
  db: DbOrTx,
  opts: {
    input: CreateInscriptionInput;
    studentId: number;
    sectionId: number;
    onSeats: SeatsSeen;
  },
): Promise<CheckedInscription | null> {
  const { input, studentId, sectionId } = opts;
  const result = await db.execute(sql`select inscription_check(${studentId}::integer,
    ${input.semester_id}::integer, ${sectionId}::integer, ${input.period_id ?? null}::integer) as found`);
  const [found] = (result as unknown as { rows: { found: string | null }[] }).rows;
  if (!found?.found) return null;
  const row = JSON.parse(found.found) as InscriptionCheckRow;
  if (
    !row.enabled_inscriptions ||
    row.semester_id === null ||
    row.specialization_id === null ||
    row.followed === null
  )
    return null;
  if (row.student_id === null || row.gender === null || row.email === null || row.section_id === null)
    return null;
  const period = { id: row.period_id, year: row.period_year, number: row.period_number };
  const student = {
    id: row.student_id,
    gender: row.gender,
    userId: row.user_id!,
    firstName: row.first_name!,
    lastName: row.last_name!,
    identityDocument: row.identity_document!,
    email: row.email,
  };
  const semester: SemesterInPeriod = {
    id: row.semester_id,
    number: row.semester_number!,
    code: row.semester_code!,
    pensumId: row.pensum_id!,
    specializationId: row.specialization_id,
  };
  refuseKnownFull(
    db,
    { sectionId, semesterId: input.semester_id, periodId: input.period_id ?? null },
    student.gender,
  );
  if (row.existing_code !== null) {
    throw refuse(
      "period_and_student_latest_period_are_equals",
      `El estudiante ya está inscrito en el período ${periodName(period)} (sección ${row.existing_code}).`,
    );
  }
  if (row.section_period_id !== period.id || row.section_semester_id !== semester.id) return null;
  const section = { id: row.section_id, code: row.section_code! };
  const snapshot: SectionSeats = {
    section: { ...section, periodId: row.section_period_id, semesterId: row.section_semester_id },
    malesLimit: row.males_limit!,
    femalesLimit: row.females_limit!,
    males: Number(row.males),
    females: Number(row.females),
  };
  opts.onSeats(snapshot);
  if (freeSeats(snapshot, student.gender) <= 0) {
    throw refuse("section_is_filled_or_gender_is_filled", fullSectionDescription(snapshot, student.gender));
  }
  return {
    period,
    semester,
    student,
    preInscriptionId: row.pre_inscription_id,
    section,
    specialization: {
      id: row.specialization_id,
      code: row.specialization_code!,
      title: row.specialization_title!,
    },
    sectionCourses: row.section_courses,
    rules: row.rules,
  };
}

type CheckedInscription = {
  period: Pick<PeriodRow, "id" | "year" | "number">;
  semester: SemesterInPeriod;
  student: {
    id: number;
    gender: string;
    userId: number;
    firstName: string;
    lastName: string;
    identityDocument: string;
    email: string;
  };
  preInscriptionId: number | null;
  section: { id: number; code: string };
  specialization: { id: number; code: string; title: string };
  /** The section's course sections and their prelations in the pensum, read with the checks. */
  sectionCourses: SectionCourse[];
  rules: Prelation[];
};

/**
 * The writes of `checkExisting`'s inscription: the enrolments planned from what it read (the history read
 * only when a prelation applies), then everything written and the seat held in one statement
 * (`writeInscription`), its own transaction.
 */
async function inscribeChecked(
  db: DbOrTx,
  checked: CheckedInscription,
  onSeats: SeatsSeen,
  { now, today }: { now: Date; today: string },
): Promise<InscriptionOutcome> {
  const { period, semester, student, section } = checked;
  const { allowed, skipped } = await planEnrolment(db, {
    studentId: student.id,
    periodId: period.id,
    sectionCourses: checked.sectionCourses,
    rules: checked.rules,
    today,
  });
  const written = await writeInscription(db, {
    studentId: student.id,
    gender: student.gender,
    periodId: period.id,
    semesterId: semester.id,
    specializationId: semester.specializationId,
    sectionId: section.id,
    preInscriptionId: checked.preInscriptionId,
    courseSectionIds: allowed.map((c) => c.courseSectionId),
    onSeats,
    now,
  });
  const outcome = {
    inscriptionId: written.inscriptionId,
    createdAt: written.createdAt,
    feeGenerated: written.feeGenerated,
    enrolled: allowed,
    skipped,
  };
  return {
    ...outcome,
    createdUserId: null,
    row: {
      id: outcome.inscriptionId,
      kind: "inscription",
      status: "active",
      createdAt: outcome.createdAt,
      student: {
        id: student.id,
        firstName: student.firstName,
        lastName: student.lastName,
        identityDocument: student.identityDocument,
        email: student.email,
        gender: student.gender,
      },
      period: { id: period.id, year: period.year, number: period.number },
      semester: { id: semester.id, number: semester.number, code: semester.code },
      section,
      specialization: checked.specialization,
      coursesCount: outcome.enrolled.length,
    },
  };
}

/**
 * The writes of one inscription inside the caller's transaction, shared by `POST /inscriptions/` and the
 * student import: a seat of the student's gender in the chosen section (`sectionId`) or in the one the
 * system picks (`null`; row lock, see seats.ts), the inscription, the enrolment in every course section
 * whose prelations they meet, and the period fee. The caller has checked the period (inscriptions open),
 * the semester (of a pensum the period follows) and that the student is not yet inscribed in the period.
 */
export async function inscribeInTransaction(
  tx: DbOrTx,
  opts: {
    period: PeriodRow;
    semester: SemesterInPeriod;
    student: { id: number; gender: string };
    preInscriptionId: number | null;
    sectionId: number | null;
    /** Told the seats of a chosen section as counted (the memory of full sections). */
    onSeats?: SeatsSeen;
    /** The inscription's stamp, from the application's clock. */
    now: Date;
    /** The school's date now. */
    today: string;
  },
): Promise<Omit<InscriptionOutcome, "createdUserId"> & { sectionId: number; createdAt: Date }> {
  const { period, semester, student, preInscriptionId } = opts;
  // A chosen section is checked from a snapshot now and its seat held last (`holdSeat`), so its
  // lock lasts two statements; an automatic pick locks the semester's sections to choose one.
  const sectionId =
    opts.sectionId === null
      ? (
          await pickSectionWithSeat(tx, {
            periodId: period.id,
            semesterId: semester.id,
            gender: student.gender,
          })
        ).section.id
      : await checkChosenSection(tx, {
          sectionId: opts.sectionId,
          periodId: period.id,
          semesterId: semester.id,
          gender: student.gender,
          onSeats: opts.onSeats,
        });
  const [row] = await tx
    .insert(inscriptions)
    .values({
      studentId: student.id,
      periodId: period.id,
      sectionId,
      semesterId: semester.id,
      specializationId: semester.specializationId,
      kind: "inscription",
      preInscriptionId,
      createdAt: opts.now,
    })
    .returning({ id: inscriptions.id, createdAt: inscriptions.createdAt });
  const enrolment = await enrolInSection(tx, {
    inscriptionId: row!.id,
    studentId: student.id,
    sectionId,
    pensumId: semester.pensumId,
    periodId: period.id,
    today: opts.today,
  });
  const feeGenerated = await generateFee(tx, {
    studentId: student.id,
    periodId: period.id,
    inscriptionId: row!.id,
  });
  if (opts.sectionId !== null) {
    const seat = { sectionId, gender: student.gender, inscriptionId: row!.id, onSeats: opts.onSeats };
    await holdSeat(tx, seat);
  }
  return { inscriptionId: row!.id, createdAt: row!.createdAt, sectionId, ...enrolment, feeGenerated };
}

/** Locks an inscription row; 404 when it does not exist. */
async function lockInscription(tx: DbOrTx, id: number) {
  const [row] = await tx.select().from(inscriptions).where(eq(inscriptions.id, id)).for("update");
  if (!row) throw notFound("inscription_not_found");
  return row;
}

/** Refuses when a lesson of the inscription's course sections already records the student. */
async function assertNoLessons(tx: DbOrTx, inscription: { id: number; studentId: number }) {
  const [recorded] = await tx
    .select({ id: lessons.id })
    .from(lessonStudents)
    .innerJoin(lessons, eq(lessons.id, lessonStudents.lessonId))
    .innerJoin(
      courseEnrolments,
      and(
        eq(courseEnrolments.courseSectionId, lessons.courseSectionId),
        eq(courseEnrolments.inscriptionId, inscription.id),
      ),
    )
    .where(eq(lessonStudents.studentId, inscription.studentId))
    .limit(1);
  if (recorded) throw refuse("inscription_has_lessons");
}

/**
 * POST /inscriptions/rollback: undoes an inscription whose student has no lesson recorded in it (the
 * enrolments go with it, and the period fee it generated when nothing was paid on it).
 */
export async function rollbackInscription(opts: { db: DbOrTx; inscriptionId: number }): Promise<void> {
  await withDbErrors(() =>
    opts.db.transaction(async (tx) => {
      const inscription = await lockInscription(tx, opts.inscriptionId);
      await assertNoLessons(tx, inscription);
      const fees = await tx
        .select({ id: studentPeriodFees.id })
        .from(studentPeriodFees)
        .where(eq(studentPeriodFees.inscriptionId, inscription.id))
        .for("update");
      const feeIds = fees.map((f) => f.id);
      if (feeIds.length > 0) {
        const [paid] = await tx
          .select({ id: payments.id })
          .from(payments)
          .where(inArray(payments.feeId, feeIds))
          .limit(1);
        if (paid) throw refuse("inscription_has_payments");
        await tx.delete(studentPeriodFees).where(inArray(studentPeriodFees.id, feeIds));
      }
      await tx.delete(courseEnrolments).where(eq(courseEnrolments.inscriptionId, inscription.id));
      await tx.delete(inscriptions).where(eq(inscriptions.id, inscription.id));
    }),
  );
}

/**
 * POST /inscriptions/update: another semester and/or section of the same period for an inscription with
 * no lesson recorded; seats checked again (row lock), enrolments rebuilt under the prelation rules.
 */
export async function updateInscription(opts: {
  db: DbOrTx;
  input: UpdateInscriptionInput;
  /** The school's date now. */
  today: string;
}): Promise<EnrolmentOutcome & { inscriptionId: number }> {
  const { input } = opts;
  return withDbErrors(() =>
    opts.db.transaction(async (tx) => {
      const inscription = await lockInscription(tx, input.inscription_id);
      const period = await inscriptionPeriod(tx, inscription.periodId);
      const semester = await semesterOfPeriod(tx, period.id, input.semester_id ?? inscription.semesterId);
      const [student] = await tx
        .select({ gender: students.gender })
        .from(students)
        .where(eq(students.id, inscription.studentId));
      if (input.section_id === inscription.sectionId && semester.id === inscription.semesterId) {
        throw refuse("new_section_equals_old");
      }
      await assertNoLessons(tx, inscription);
      const gender = student!.gender;
      const seats =
        input.section_id === null
          ? semester.id === inscription.semesterId
            ? await claimChosenSection(tx, {
                sectionId: inscription.sectionId,
                periodId: period.id,
                semesterId: semester.id,
                gender,
                exceptInscriptionId: inscription.id,
              })
            : await pickSectionWithSeat(tx, { periodId: period.id, semesterId: semester.id, gender })
          : await claimChosenSection(tx, {
              sectionId: input.section_id,
              periodId: period.id,
              semesterId: semester.id,
              gender,
              exceptInscriptionId: inscription.id,
            });
      await tx.delete(courseEnrolments).where(eq(courseEnrolments.inscriptionId, inscription.id));
      await tx
        .update(inscriptions)
        .set({
          sectionId: seats.section.id,
          semesterId: semester.id,
          specializationId: semester.specializationId,
          updatedAt: new Date(),
        })
        .where(eq(inscriptions.id, inscription.id));
      const enrolment = await enrolInSection(tx, {
        inscriptionId: inscription.id,
        studentId: inscription.studentId,
        sectionId: seats.section.id,
        pensumId: semester.pensumId,
        periodId: period.id,
        today: opts.today,
      });
      return { inscriptionId: inscription.id, ...enrolment };
    }),
  );
}

export const inscriptionSortable = [
  "id",
  "created_at",
  "first_name",
  "last_name",
  "identity_document",
  "section",
  "semester",
] as const;

export type InscriptionListParams = ListParams<(typeof inscriptionSortable)[number]> & {
  period_id?: number;
  section_id?: number;
  semester_id?: number;
  specialization_id?: number;
  student_id?: number;
  kind?: "inscription" | "reinscription";
  status?: "active" | "retired";
};

const coursesCount = sql<number>`(select count(*) from ${courseEnrolments}
  where ${courseEnrolments.inscriptionId} = ${inscriptions.id} and ${courseEnrolments.status} = 'enrolled')`.mapWith(
  Number,
);

const inscriptionColumns = {
  id: inscriptions.id,
  kind: inscriptions.kind,
  status: inscriptions.status,
  createdAt: inscriptions.createdAt,
  student: {
    id: students.id,
    firstName: students.firstName,
    lastName: students.lastName,
    identityDocument: students.identityDocument,
    email: users.email,
    gender: students.gender,
  },
  period: { id: periods.id, year: periods.year, number: periods.number },
  semester: { id: semesters.id, number: semesters.number, code: semesters.code },
  section: { id: sections.id, code: sections.code },
  specialization: { id: specializations.id, code: specializations.code, title: specializations.title },
  coursesCount,
};

function inscriptionQuery(db: DbOrTx) {
  return db
    .select(inscriptionColumns)
    .from(inscriptions)
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .innerJoin(semesters, eq(semesters.id, inscriptions.semesterId))
    .innerJoin(sections, eq(sections.id, inscriptions.sectionId))
    .innerJoin(specializations, eq(specializations.id, inscriptions.specializationId));
}

export type InscriptionRow = Awaited<ReturnType<ReturnType<typeof inscriptionQuery>["execute"]>>[number];

/** GET /inscriptions: filters period, section, semester, specialization, student, kind, status; search. */
export async function listInscriptions(opts: {
  db: DbOrTx;
  list: InscriptionListParams;
}): Promise<Page<InscriptionRow>> {
  const { db, list } = opts;
  const where = and(
    list.period_id === undefined ? undefined : eq(inscriptions.periodId, list.period_id),
    list.section_id === undefined ? undefined : eq(inscriptions.sectionId, list.section_id),
    list.semester_id === undefined ? undefined : eq(inscriptions.semesterId, list.semester_id),
    list.specialization_id === undefined
      ? undefined
      : eq(inscriptions.specializationId, list.specialization_id),
    list.student_id === undefined ? undefined : eq(inscriptions.studentId, list.student_id),
    list.kind === undefined ? undefined : eq(inscriptions.kind, list.kind),
    list.status === undefined ? undefined : eq(inscriptions.status, list.status),
    searchCondition(list.search, [
      students.firstName,
      students.lastName,
      sql`${students.firstName} || ' ' || ${students.lastName}`,
      students.identityDocument,
      users.email,
    ]),
  );
  return paginate({
    db,
    query: inscriptionQuery(db).where(where).$dynamic(),
    list,
    sortColumns: {
      id: inscriptions.id,
      created_at: inscriptions.createdAt,
      first_name: students.firstName,
      last_name: students.lastName,
      identity_document: students.identityDocument,
      section: sections.code,
      semester: semesters.number,
    },
    tieBreaker: inscriptions.id,
  });
}

export async function getInscription(opts: { db: DbOrTx; id: number }): Promise<InscriptionRow> {
  const [row] = await inscriptionQuery(opts.db).where(eq(inscriptions.id, opts.id));
  if (!row) throw notFound("inscription_not_found");
  return row;
}

export type StudentInscriptionRow = InscriptionRow & {
  courses: { courseSectionId: number; course: CourseBrief; status: string }[];
};

/** A student's inscriptions, newest period first, each with its courses (the profile page). */
export async function listStudentInscriptions(opts: {
  db: DbOrTx;
  studentId: number;
}): Promise<StudentInscriptionRow[]> {
  const { db } = opts;
  const [exists] = await db.select({ id: students.id }).from(students).where(eq(students.id, opts.studentId));
  if (!exists) throw notFound();
  const rows = await inscriptionQuery(db)
    .where(eq(inscriptions.studentId, opts.studentId))
    .orderBy(desc(periods.year), desc(periods.number), desc(inscriptions.id));
  if (rows.length === 0) return [];
  const enrolments = await db
    .select({
      inscriptionId: courseEnrolments.inscriptionId,
      courseSectionId: courseEnrolments.courseSectionId,
      status: courseEnrolments.status,
      course: { id: courses.id, code: courses.code, title: courses.title },
    })
    .from(courseEnrolments)
    .innerJoin(courseSections, eq(courseSections.id, courseEnrolments.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(
      inArray(
        courseEnrolments.inscriptionId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(courses.code));
  return rows.map((r) => ({
    ...r,
    courses: enrolments
      .filter((e) => e.inscriptionId === r.id)
      .map(({ courseSectionId, course, status }) => ({ courseSectionId, course, status })),
  }));
}

export type { PeriodFeeRow };

/** The period of the student's latest inscription (a one-row select, usable as a subquery). */
const latestPeriodQuery = (db: DbOrTx, studentId: number) =>
  db
    .select({ id: inscriptions.periodId })
    .from(inscriptions)
    .innerJoin(periods, eq(periods.id, inscriptions.periodId))
    .where(eq(inscriptions.studentId, studentId))
    .orderBy(desc(periods.year), desc(periods.number))
    .limit(1);

/** The student's latest inscription period, or null. */
async function latestPeriodId(db: DbOrTx, studentId: number): Promise<number | null> {
  const [row] = await latestPeriodQuery(db, studentId);
  return row?.id ?? null;
}

/** GET /students/{id}/period-fee: the fee of the period asked, else of the latest inscription's period. */
export async function getPeriodFee(opts: {
  db: DbOrTx;
  studentId: number;
  periodId?: number;
}): Promise<PeriodFeeRow> {
  const { db, studentId } = opts;
  // One statement: the period asked, else the latest inscription's, and the fee with its installments.
  const latest = latestPeriodQuery(db, studentId);
  const rows = await db
    .select({ fee: studentPeriodFees, installment: feeInstallments })
    .from(studentPeriodFees)
    .leftJoin(feeInstallments, eq(feeInstallments.feeId, studentPeriodFees.id))
    .where(
      and(
        eq(studentPeriodFees.studentId, studentId),
        eq(studentPeriodFees.periodId, opts.periodId ?? sql`(${latest})`),
      ),
    )
    .orderBy(asc(feeInstallments.date), asc(feeInstallments.id));
  const fee = rows[0]?.fee;
  if (!fee) throw notFound("student_period_fee_not_found");
  const installments = rows.flatMap((r) => (r.installment ? [r.installment] : []));
  return { ...fee, installments, ...(await periodFeeExtras(db, fee)) };
}

/**
 * POST /students/{id}/generate-period-fee: the fee of the period asked (else the latest inscription's)
 * from its price setting (`period_price_setting_not_found`); once (`student_period_fee_already_exists`).
 */
export async function generatePeriodFee(opts: {
  db: DbOrTx;
  studentId: number;
  periodId?: number;
}): Promise<PeriodFeeRow> {
  const { db, studentId } = opts;
  await withDbErrors(() =>
    db.transaction(async (tx) => {
      const [student] = await tx.select({ id: students.id }).from(students).where(eq(students.id, studentId));
      if (!student) throw notFound();
      const periodId = opts.periodId ?? (await latestPeriodId(tx, studentId));
      if (periodId === null) throw refuse("student_has_no_inscription");
      const [inscription] = await tx
        .select({ id: inscriptions.id })
        .from(inscriptions)
        .where(and(eq(inscriptions.studentId, studentId), eq(inscriptions.periodId, periodId)));
      if (!inscription) throw refuse("student_has_no_inscription");
      await generateFee(tx, { studentId, periodId, inscriptionId: inscription.id, strict: true });
    }),
  );
  return getPeriodFee({ db, studentId, periodId: opts.periodId });
}
