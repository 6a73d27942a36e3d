import { and, asc, eq, inArray } from "drizzle-orm";
import {
  basicAverage,
  basicAverageDescription,
  type CourseResult,
  cantMoveDescription,
  courseResult,
  describeReason,
  formatNote,
  inProgressDescription,
  type SemesterVerdict,
  semesterVerdict,
} from "../../../common/enrolment/progression.js";
import { periodHasEnded } from "../../../common/grades/standing.js";
import type {
  NextSemesterOutcome,
  ReinscriptionInput,
  UpdateReinscriptionInput,
} from "../../../common/schemas/reinscriptions.js";
import type { DbOrTx } from "../../db/client.js";
import { withDbErrors } from "../../db/constraints.js";
import {
  courseEnrolments,
  courseSections,
  courses,
  inscriptions,
  lessonStudents,
  lessons,
  periodPensums,
  periods,
  prelations,
  semesterCourses,
  semesters,
  specializations,
  studentPeriodFees,
  students,
} from "../../db/schema/index.js";
import { notFound, refuse } from "../../http/errors.js";
import { claimSeat, pickSectionWithSeat } from "../inscriptions/seats.js";
import { generateFee } from "../inscriptions/service.js";
import {
  type CourseRecordRow,
  courseRecords,
  type InscriptionRow,
  loadStudent,
  type PeriodRow,
  periodName,
  type StudentRow,
  studentInscriptions,
  targetPeriod,
} from "./records.js";

type CourseBrief = { id: number; code: string; title: string };
type SpecializationBrief = { id: number; code: string; title: string; isBasic: boolean };

/** A semester the student would be re-inscribed into and the courses they would take there. */
export type PlanOption = {
  specialization: SpecializationBrief;
  semester: { id: number; number: number; code: string; pensumId: number };
  courses: (CourseBrief & { missingPrelations: string[] })[];
};

/** Everything the preview shows and the re-inscription acts on. */
export type Plan = {
  student: StudentRow;
  current: InscriptionRow;
  records: CourseRecordRow[];
  results: (CourseResult & { courseSectionId: number; maxAbsencesToFail: number })[];
  verdict: SemesterVerdict;
  target: PeriodRow | null;
  alreadyInscribed: boolean;
  outcome: NextSemesterOutcome;
  basicAverage: number | null;
  /** The basic average is short of the minimum (choose_specialization only). */
  basicShort: boolean;
  reasons: string[];
  options: PlanOption[];
  message: string;
};

/** The semester `number` of a specialization in the pensum a period attaches to it. */
async function semesterInPeriod(db: DbOrTx, periodId: number, specializationId: number, number: number) {
  const [row] = await db
    .select({
      id: semesters.id,
      number: semesters.number,
      code: semesters.code,
      pensumId: semesters.pensumId,
    })
    .from(semesters)
    .innerJoin(
      periodPensums,
      and(eq(periodPensums.pensumId, semesters.pensumId), eq(periodPensums.periodId, periodId)),
    )
    .where(and(eq(periodPensums.specializationId, specializationId), eq(semesters.number, number)));
  return row ?? null;
}

/** The courses of a semester, each with the prelations the student does not meet (in Spanish). */
async function semesterCoursesWithPrelations(
  db: DbOrTx,
  semester: { id: number; pensumId: number },
  history: { passed: Set<number>; taken: Set<number> } | null,
) {
  const list = await db
    .select({ id: courses.id, code: courses.code, title: courses.title })
    .from(semesterCourses)
    .innerJoin(courses, eq(courses.id, semesterCourses.courseId))
    .where(eq(semesterCourses.semesterId, semester.id))
    .orderBy(asc(courses.code));
  const required: { courseId: number; type: string; requiredId: number; code: string; title: string }[] =
    history
      ? await db
          .select({
            courseId: prelations.courseId,
            type: prelations.type,
            requiredId: courses.id,
            code: courses.code,
            title: courses.title,
          })
          .from(prelations)
          .innerJoin(courses, eq(courses.id, prelations.requiredCourseId))
          .where(
            and(
              eq(prelations.pensumId, semester.pensumId),
              list.length
                ? inArray(
                    prelations.courseId,
                    list.map((c) => c.id),
                  )
                : undefined,
            ),
          )
          .orderBy(asc(courses.code))
      : [];
  return list.map((c) => ({
    ...c,
    missingPrelations: required
      .filter((p) => p.courseId === c.id)
      .filter((p) =>
        p.type === "total" ? !history?.passed.has(p.requiredId) : !history?.taken.has(p.requiredId),
      )
      .map((p) =>
        p.type === "total"
          ? `requiere aprobar ${p.code} ${p.title}`
          : `requiere haber cursado ${p.code} ${p.title}`,
      ),
  }));
}

const coursesWord = (n: number) => (n === 1 ? "1 materia" : `${n} materias`);

/**
 * What a re-inscription of the student into `target` (the next period when null is given and none
 * exists: the preview still judges the semester) would give, and why, on the school's `today` (a course
 * is "En curso" until its weights reach 100 % or its period ends). Reads only.
 */
export async function buildPlan(
  db: DbOrTx,
  student: StudentRow,
  target: PeriodRow | null,
  today: string,
): Promise<Plan> {
  const all = await studentInscriptions(db, student.id);
  const current = target ? all.find((i) => i.period.startDate < target.startDate) : all[0];
  if (!current) {
    throw refuse(
      "unable_to_preview_next_semester",
      "El estudiante no tiene una inscripción anterior de la cual continuar: inscríbalo desde Inscripciones.",
    );
  }
  const alreadyInscribed = target !== null && all.some((i) => i.period.id === target.id);
  const records = await courseRecords(
    db,
    student.id,
    all.map((i) => i.id),
  );
  const thresholdsOf = (i: InscriptionRow) => ({
    approvalMinimumNote: i.period.approvalMinimumNote,
    approvalMinimumAvg: i.period.approvalMinimumAvg,
  });
  const own = records.get(current.id) ?? [];
  const verdict = semesterVerdict(own, thresholdsOf(current), {
    retired: current.status === "retired",
    periodEnded: periodHasEnded(current.period.endDate, today),
  });
  const results = own.map((r, i) => ({
    ...verdict.courses[i]!,
    courseSectionId: r.courseSectionId,
    maxAbsencesToFail: r.maxAbsencesToFail,
  }));

  // History for prelations: courses taken (not withdrawn) and passed, in every period up to the current.
  const passed = new Set<number>();
  const taken = new Set<number>();
  const basicAttempts: { courseId: number; order: string; note: number | null }[] = [];
  for (const ins of all) {
    if (target && ins.period.startDate >= target.startDate) continue;
    for (const r of records.get(ins.id) ?? []) {
      const res = courseResult(r, thresholdsOf(ins), {
        periodEnded: periodHasEnded(ins.period.endDate, today),
      });
      if (!res.withdrawn) taken.add(res.courseId);
      if (res.passed) passed.add(res.courseId);
      if (ins.specialization.isBasic && !res.withdrawn) {
        basicAttempts.push({ courseId: res.courseId, order: ins.period.startDate, note: res.note });
      }
    }
  }
  const history = { passed, taken };

  const pensumPeriodId = target?.id ?? current.period.id;
  const reasons = verdict.reasons.map(describeReason);
  let outcome: NextSemesterOutcome;
  let options: PlanOption[] = [];
  let basicAvg: number | null = null;
  let basicShort = false;
  let message: string;
  const spec = current.specialization;
  const avgText = verdict.average === null ? "sin notas" : `promedio ${formatNote(verdict.average)}`;

  if (verdict.inProgress) {
    outcome = "in_progress";
    // The courses in progress are the reasons listed beside it; a refusal names them too (`refuseInProgress`).
    message = inProgressDescription(current.semester.code, current.period.endDate, []);
  } else if (!verdict.approved) {
    outcome = "repeat";
    const sem = await semesterInPeriod(db, pensumPeriodId, spec.id, current.semester.number);
    if (sem) {
      const list = await semesterCoursesWithPrelations(db, sem, null);
      const repeat = new Set(
        verdict.repeatCourseIds.length ? verdict.repeatCourseIds : list.map((c) => c.id),
      );
      const chosen = list.filter((c) => repeat.has(c.id));
      options = [{ specialization: spec, semester: sem, courses: chosen.length ? chosen : list }];
    }
    const n = options[0]?.courses.length ?? 0;
    message = `No aprobó ${current.semester.code} (${avgText}): repite ${coursesWord(n)} de ${current.semester.code}. ${reasons.join(" ")}`;
  } else {
    const next = await semesterInPeriod(db, pensumPeriodId, spec.id, current.semester.number + 1);
    if (next) {
      outcome = "next_semester";
      options = [
        {
          specialization: spec,
          semester: next,
          courses: await semesterCoursesWithPrelations(db, next, history),
        },
      ];
      message = `Aprobó ${current.semester.code} con ${avgText}: pasa a ${next.code}.`;
    } else if (spec.isBasic) {
      outcome = "choose_specialization";
      basicAvg = basicAverage(basicAttempts);
      const minimum = current.period.approvalMinimumAvg;
      basicShort = basicAvg === null || basicAvg < minimum;
      const targets = await db
        .select({
          specialization: {
            id: specializations.id,
            code: specializations.code,
            title: specializations.title,
            isBasic: specializations.isBasic,
          },
          semester: {
            id: semesters.id,
            number: semesters.number,
            code: semesters.code,
            pensumId: semesters.pensumId,
          },
        })
        .from(periodPensums)
        .innerJoin(specializations, eq(specializations.id, periodPensums.specializationId))
        .innerJoin(semesters, and(eq(semesters.pensumId, periodPensums.pensumId), eq(semesters.number, 1)))
        .where(
          and(
            eq(periodPensums.periodId, pensumPeriodId),
            eq(specializations.isBasic, false),
            eq(specializations.enabled, true),
          ),
        )
        .orderBy(asc(specializations.title));
      options = [];
      for (const t of targets) {
        options.push({ ...t, courses: await semesterCoursesWithPrelations(db, t.semester, history) });
      }
      if (basicShort) {
        const text = basicAverageDescription(basicAvg, minimum);
        reasons.push(text);
        message = `Aprobó ${current.semester.code}, pero no puede pasar a una especialidad. ${text}`;
      } else {
        message = `Aprobó el ciclo básico con promedio ${formatNote(basicAvg!)}: elija la especialidad.`;
      }
    } else {
      outcome = "finished";
      message = `Aprobó ${current.semester.code}, el último semestre de ${spec.title}: no hay semestre siguiente.`;
    }
  }
  if (target === null) message += " Aún no hay un período siguiente.";
  else if (alreadyInscribed) message += ` Ya está inscrito en el período ${periodName(target)}.`;

  return {
    student,
    current,
    records: own,
    results,
    verdict,
    target,
    alreadyInscribed,
    outcome,
    basicAverage: basicAvg,
    basicShort,
    reasons,
    options,
    message: message.trim(),
  };
}

/** `current_semester_in_progress`, naming each course in progress with its note so far. */
function refuseInProgress(plan: Plan): never {
  throw refuse(
    "current_semester_in_progress",
    inProgressDescription(plan.current.semester.code, plan.current.period.endDate, plan.verdict.reasons),
  );
}

/** GET /students/{id}/courses/next-semester. */
export async function previewNextSemester(opts: {
  db: DbOrTx;
  studentId: number;
  periodId?: number;
  today: string;
}) {
  const student = await loadStudent(opts.db, opts.studentId);
  const target = await targetPeriod(opts.db, opts.periodId);
  return buildPlan(opts.db, student, target, opts.today);
}

/**
 * POST /students/{id}/approves-current-semester: marks the student's latest inscription approved when its
 * average reaches approval_minimum_avg and no course was failed; otherwise 400
 * `student_cant_move_to_next_semester` saying which course failed and how short the average is.
 */
export async function approveCurrentSemester(opts: {
  db: DbOrTx;
  studentId: number;
  now: Date;
  today: string;
}) {
  return opts.db.transaction(async (tx) => {
    const student = await loadStudent(tx, opts.studentId, { lock: true });
    const plan = await buildPlan(tx, student, null, opts.today);
    if (plan.outcome === "in_progress") refuseInProgress(plan);
    if (!plan.verdict.approved) {
      throw refuse("student_cant_move_to_next_semester", cantMoveDescription(plan.verdict.reasons));
    }
    const approvedAt = plan.current.approvedAt ?? opts.now;
    await tx
      .update(inscriptions)
      .set({ approvedAt, updatedAt: new Date() })
      .where(eq(inscriptions.id, plan.current.id));
    return {
      inscriptionId: plan.current.id,
      average: plan.verdict.average,
      approvedAt,
      message: `Aprobó ${plan.current.semester.code} (${plan.current.specialization.title}) con promedio ${
        plan.verdict.average === null ? "—" : formatNote(plan.verdict.average)
      }.`,
    };
  });
}

export type ReinscriptionOutcome = {
  inscriptionId: number;
  outcome: Exclude<NextSemesterOutcome, "finished" | "in_progress">;
  skipped: { course: CourseBrief; reason: string }[];
  message: string;
};

/**
 * POST /students/{id}/reinscription-v2: inscribes the student in the next period (or `period_id`), in the
 * next semester when the current one is approved, else in the courses to repeat; from the basic cycle into
 * semester 1 of `specialization_id` when the basic average allows. A chosen section must have a seat for
 * the student's gender, else the emptiest one with a seat is taken (under the sections' row lock). Every
 * course section of that section the student may take is enrolled; the others are answered with why.
 * A retired student so re-inscribed is active again (a reincorporation). One transaction.
 */
export async function reinscribe(opts: {
  db: DbOrTx;
  studentId: number;
  input: ReinscriptionInput;
  /** The application's clock's instant: the inscription's stamp, whose day is when its fee falls due. */
  now: Date;
  /** The school's date now: whether the current semester's courses are final. */
  today: string;
}): Promise<ReinscriptionOutcome> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    const student = await loadStudent(tx, opts.studentId, { lock: true });
    const target = await targetPeriod(tx, input.period_id);
    if (!target) throw refuse("unable_to_find_next_period");
    return reinscribeInto(tx, student, target, input, { at: opts.now, today: opts.today });
  });
}

/** The re-inscription itself, inside the caller's transaction, the student's row already locked. */
async function reinscribeInto(
  tx: DbOrTx,
  student: StudentRow,
  target: PeriodRow,
  input: Pick<ReinscriptionInput, "section_id" | "specialization_id">,
  /** `at`: the inscription's stamp (now, or the redone re-inscription's own); `today`: the school's date. */
  { at, today }: { at: Date; today: string },
): Promise<ReinscriptionOutcome> {
  if (!target.enabledInscriptions) {
    throw refuse(
      "period_inscriptions_are_disabled",
      `Las inscripciones del período ${periodName(target)} están deshabilitadas.`,
    );
  }
  const plan = await buildPlan(tx, student, target, today);
  if (plan.alreadyInscribed) {
    throw refuse(
      "period_and_student_latest_period_are_equals",
      `${student.firstName} ${student.lastName} ya está inscrito en el período ${periodName(target)}.`,
    );
  }
  const outcome = plan.outcome;
  if (outcome === "in_progress") refuseInProgress(plan);
  if (outcome === "finished") throw refuse("next_semester_not_found", plan.message);
  let option: PlanOption | undefined;
  if (outcome === "choose_specialization") {
    if (input.specialization_id === null) {
      throw refuse(
        "specialization_not_present",
        "El estudiante terminó el ciclo básico: indique la especialidad a la que pasa.",
      );
    }
    if (plan.basicShort) {
      throw refuse(
        "basic_avg_lt_approval_minimum_avg",
        basicAverageDescription(plan.basicAverage, plan.current.period.approvalMinimumAvg),
      );
    }
    option = plan.options.find((o) => o.specialization.id === input.specialization_id);
    if (!option) {
      throw refuse(
        "next_semester_not_found",
        `La especialidad elegida no tiene un primer semestre en el pensum del período ${periodName(target)}.`,
      );
    }
  } else {
    option = plan.options[0];
    if (!option) {
      throw refuse(
        "next_semester_not_found",
        `El pensum de ${plan.current.specialization.title} en el período ${periodName(target)} no tiene el semestre que le corresponde.`,
      );
    }
    // Only a student leaving the basic cycle chooses a specialization; another one is refused, never ignored.
    if (input.specialization_id !== null && input.specialization_id !== option.specialization.id) {
      throw refuse(
        "specialization_cannot_be_chosen",
        `${student.firstName} ${student.lastName} ${
          plan.outcome === "repeat" ? "repite" : "pasa a"
        } ${option.semester.code} de ${option.specialization.title}: solo al terminar el ciclo básico se elige especialidad.`,
      );
    }
  }

  const chosen: PlanOption = option;
  const seats =
    input.section_id !== null
      ? await claimSeat(tx, { sectionId: input.section_id, gender: student.gender })
      : await pickSectionWithSeat(tx, {
          periodId: target.id,
          semesterId: chosen.semester.id,
          gender: student.gender,
        });
  if (seats.section.periodId !== target.id || seats.section.semesterId !== chosen.semester.id) {
    throw refuse(
      "section_not_found_for_inscription",
      `La sección ${seats.section.code} no es de ${chosen.semester.code} en el período ${periodName(target)}.`,
    );
  }

  const [created] = await withDbErrors(() =>
    tx
      .insert(inscriptions)
      .values({
        studentId: student.id,
        periodId: target.id,
        sectionId: seats.section.id,
        semesterId: chosen.semester.id,
        specializationId: chosen.specialization.id,
        kind: "reinscription",
        createdAt: at,
      })
      .returning({ id: inscriptions.id }),
  );
  const offered = await tx
    .select({ id: courseSections.id, courseId: courseSections.courseId })
    .from(courseSections)
    .where(eq(courseSections.sectionId, seats.section.id));
  const skipped: ReinscriptionOutcome["skipped"] = [];
  const enrol: number[] = [];
  for (const c of chosen.courses) {
    const cs = offered.find((o) => o.courseId === c.id);
    const brief = { id: c.id, code: c.code, title: c.title };
    if (c.missingPrelations.length > 0) {
      skipped.push({
        course: brief,
        reason: `No se inscribió en ${c.code} ${c.title}: ${c.missingPrelations.join(" y ")}.`,
      });
    } else if (!cs) {
      skipped.push({
        course: brief,
        reason: `La sección ${seats.section.code} no dicta ${c.code} ${c.title}.`,
      });
    } else enrol.push(cs.id);
  }
  if (enrol.length > 0) {
    await tx.insert(courseEnrolments).values(
      enrol.map((courseSectionId) => ({
        inscriptionId: created!.id,
        studentId: student.id,
        courseSectionId,
      })),
    );
  }
  // The period fee, copied from the period's price setting when it has one (as an inscription does).
  const feeGenerated = await generateFee(tx, {
    studentId: student.id,
    periodId: target.id,
    inscriptionId: created!.id,
  });
  if (student.status !== "active") {
    await tx
      .update(students)
      .set({ status: "active", updatedAt: new Date() })
      .where(eq(students.id, student.id));
  }
  const where = `${chosen.semester.code}, sección ${seats.section.code}, período ${periodName(target)}`;
  const message =
    outcome === "repeat"
      ? `Reinscrito para repetir ${coursesWord(enrol.length)} en ${where}.`
      : `Reinscrito en ${where} (${coursesWord(enrol.length)}).`;
  const fee = feeGenerated ? " Se generó la cuota del período." : "";
  return { inscriptionId: created!.id, outcome, skipped, message: message + fee };
}

/**
 * POST /inscriptions/update/reinscription: redoes a re-inscription with another section and/or (leaving the
 * basic cycle) another specialization, judged again from the latest notes. Refused once lessons were
 * recorded for the student in it (`inscription_has_lessons`). The period fee stays and points at the new one.
 */
export async function updateReinscription(opts: {
  db: DbOrTx;
  input: UpdateReinscriptionInput;
  /** The school's date now. */
  today: string;
}): Promise<ReinscriptionOutcome> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: inscriptions.id,
        studentId: inscriptions.studentId,
        periodId: inscriptions.periodId,
        createdAt: inscriptions.createdAt,
      })
      .from(inscriptions)
      .where(and(eq(inscriptions.id, input.inscription_id), eq(inscriptions.kind, "reinscription")));
    if (!row) throw notFound("resource_not_found", "No se encontró la reinscripción.");
    const student = await loadStudent(tx, row.studentId, { lock: true });
    const [recorded] = await tx
      .select({ id: lessonStudents.lessonId })
      .from(courseEnrolments)
      .innerJoin(lessons, eq(lessons.courseSectionId, courseEnrolments.courseSectionId))
      .innerJoin(
        lessonStudents,
        and(
          eq(lessonStudents.lessonId, lessons.id),
          eq(lessonStudents.studentId, courseEnrolments.studentId),
        ),
      )
      .where(eq(courseEnrolments.inscriptionId, row.id))
      .limit(1);
    if (recorded) {
      throw refuse(
        "inscription_has_lessons",
        "La reinscripción ya tiene clases registradas para el estudiante y no puede modificarse.",
      );
    }
    const [target] = await tx.select().from(periods).where(eq(periods.id, row.periodId));
    await tx.delete(inscriptions).where(eq(inscriptions.id, row.id));
    // Redone, it keeps the day the student was re-inscribed (their installments' due days with it).
    const result = await reinscribeInto(tx, student, target!, input, {
      at: row.createdAt,
      today: opts.today,
    });
    await tx
      .update(studentPeriodFees)
      .set({ inscriptionId: result.inscriptionId, updatedAt: new Date() })
      .where(and(eq(studentPeriodFees.studentId, student.id), eq(studentPeriodFees.periodId, target!.id)));
    return result;
  });
}
