import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import { day } from "./random.js";

type CourseDef = { code: string; title: string; credits: number; finalDelivery?: boolean };
type PrelationDef = [course: string, required: string, type: "total" | "partial"];
type SpecializationDef = {
  code: string;
  title: string;
  isBasic: boolean;
  pensum: string;
  /** Versions of the pensum; the last one is attached to the periods. */
  versions: number;
  semesters: CourseDef[][];
  prelations: PrelationDef[];
};

const curriculum: SpecializationDef[] = [
  {
    code: "CB",
    title: "Ciclo básico",
    isBasic: true,
    pensum: "Pensum Ciclo Básico",
    versions: 1,
    semesters: [
      [
        { code: "MAT-101", title: "Matemática I", credits: 4 },
        { code: "LEN-101", title: "Lenguaje y Comunicación", credits: 3 },
        { code: "ING-101", title: "Inglés I", credits: 2 },
        { code: "MET-101", title: "Metodología del Estudio", credits: 2 },
      ],
      [
        { code: "MAT-102", title: "Matemática II", credits: 4 },
        { code: "ING-102", title: "Inglés II", credits: 2 },
        { code: "EST-102", title: "Estadística Básica", credits: 3 },
        { code: "ETI-102", title: "Ética y Ciudadanía", credits: 2 },
      ],
    ],
    prelations: [
      ["MAT-102", "MAT-101", "total"],
      ["ING-102", "ING-101", "total"],
      ["EST-102", "MAT-101", "partial"],
    ],
  },
  {
    code: "INF",
    title: "Informática",
    isBasic: false,
    pensum: "Pensum Informática",
    versions: 2,
    semesters: [
      [
        { code: "PRO-201", title: "Programación I", credits: 4 },
        { code: "BDD-201", title: "Bases de Datos I", credits: 4 },
        { code: "SOP-201", title: "Sistemas Operativos", credits: 3 },
        { code: "RED-201", title: "Redes de Computadoras", credits: 3 },
      ],
      [
        { code: "PRO-202", title: "Programación II", credits: 4 },
        { code: "BDD-202", title: "Bases de Datos II", credits: 4 },
        { code: "ISW-202", title: "Ingeniería de Software", credits: 3 },
        { code: "PIN-202", title: "Proyecto Informático", credits: 4, finalDelivery: true },
      ],
      [
        { code: "PRO-303", title: "Programación Web", credits: 4 },
        { code: "BDD-303", title: "Administración de Bases de Datos", credits: 3 },
        { code: "SEG-303", title: "Seguridad Informática", credits: 3 },
        { code: "PAS-303", title: "Pasantías", credits: 6 },
      ],
    ],
    prelations: [
      ["PRO-202", "PRO-201", "total"],
      ["BDD-202", "BDD-201", "total"],
      ["ISW-202", "PRO-201", "partial"],
      ["PRO-303", "PRO-202", "total"],
      ["BDD-303", "BDD-202", "total"],
      ["SEG-303", "RED-201", "total"],
      ["SEG-303", "SOP-201", "partial"],
      ["PAS-303", "PIN-202", "total"],
      ["PAS-303", "ISW-202", "partial"],
    ],
  },
  {
    code: "ADM",
    title: "Administración",
    isBasic: false,
    pensum: "Pensum Administración",
    versions: 1,
    semesters: [
      [
        { code: "CON-201", title: "Contabilidad I", credits: 4 },
        { code: "ADG-201", title: "Administración General", credits: 3 },
        { code: "ECO-201", title: "Economía", credits: 3 },
        { code: "DME-201", title: "Derecho Mercantil", credits: 2 },
      ],
      [
        { code: "CON-202", title: "Contabilidad II", credits: 4 },
        { code: "FIN-202", title: "Finanzas", credits: 3 },
        { code: "MER-202", title: "Mercadeo", credits: 3 },
        { code: "PGA-202", title: "Proyecto de Grado Administrativo", credits: 4, finalDelivery: true },
      ],
      [
        { code: "CON-303", title: "Contabilidad de Costos", credits: 4 },
        { code: "AUD-303", title: "Auditoría", credits: 3 },
        { code: "GTH-303", title: "Gestión del Talento Humano", credits: 3 },
      ],
    ],
    prelations: [
      ["CON-202", "CON-201", "total"],
      ["FIN-202", "ECO-201", "partial"],
      ["CON-303", "CON-202", "total"],
      ["AUD-303", "CON-202", "partial"],
      ["GTH-303", "ADG-201", "total"],
    ],
  },
];

export type SeededSemester = {
  id: number;
  number: number;
  code: string;
  specializationId: number;
  courseIds: number[];
};

export type SeededAcademics = {
  specializationIds: Record<string, number>;
  /** Semesters of the pensums attached to the periods, in curriculum order. */
  semesters: SeededSemester[];
  olderPeriodId: number;
  currentPeriodId: number;
  nextPeriodId: number;
  olderPeriod: { startDate: string; endDate: string };
  currentPeriod: { startDate: string; endDate: string };
  nextPeriod: { startDate: string; endDate: string };
};

/** Specializations, versioned pensums with semesters, courses and prelations, and the two periods. */
export async function seedAcademics(db: DbOrTx, today: string): Promise<SeededAcademics> {
  const specs = await db
    .insert(s.specializations)
    .values(
      curriculum.map((c) => ({
        code: c.code,
        title: c.title,
        isBasic: c.isBasic,
        description: c.isBasic ? "Ciclo común a todas las especialidades" : `Especialidad en ${c.title}`,
      })),
    )
    .returning({ id: s.specializations.id, code: s.specializations.code });
  const specializationIds = Object.fromEntries(specs.map((x) => [x.code, x.id]));

  const allCourses = curriculum.flatMap((c) => c.semesters.flat());
  const courseRows = await db
    .insert(s.courses)
    .values(
      allCourses.map((c) => ({
        code: c.code,
        title: c.title,
        credits: c.credits,
        hours: 4,
        maxAbsencesToFail: 8,
        supportsFinalDelivery: c.finalDelivery ?? false,
      })),
    )
    .returning({ id: s.courses.id, code: s.courses.code });
  const courseIds = Object.fromEntries(courseRows.map((x) => [x.code, x.id]));

  const semesters: SeededSemester[] = [];
  const attached: { specializationId: number; pensumId: number }[] = [];
  /** The first version of each pensum: the one the older period followed. */
  const firstVersions: { specializationId: number; pensumId: number }[] = [];
  for (const def of curriculum) {
    const specializationId = specializationIds[def.code]!;
    let previousPensumId: number | null = null;
    for (let version = 1; version <= def.versions; version++) {
      const [pensum]: { id: number }[] = await db
        .insert(s.pensums)
        .values({ specializationId, name: def.pensum, version, previousPensumId })
        .returning({ id: s.pensums.id });
      const pensumId: number = pensum!.id;
      previousPensumId = pensumId;
      if (version === 1) firstVersions.push({ specializationId, pensumId });
      const semRows = await db
        .insert(s.semesters)
        .values(def.semesters.map((_, i) => ({ pensumId, number: i + 1, code: `${def.code}-S${i + 1}` })))
        .returning({ id: s.semesters.id, number: s.semesters.number, code: s.semesters.code });
      await db
        .insert(s.semesterCourses)
        .values(
          def.semesters.flatMap((courses, i) =>
            courses.map((c) => ({ semesterId: semRows[i]!.id, pensumId, courseId: courseIds[c.code]! })),
          ),
        );
      await db.insert(s.prelations).values(
        def.prelations.map(([course, required, type]) => ({
          pensumId,
          courseId: courseIds[course]!,
          requiredCourseId: courseIds[required]!,
          type,
        })),
      );
      if (version === def.versions) {
        attached.push({ specializationId, pensumId });
        semRows.forEach((row, i) => {
          semesters.push({
            ...row,
            specializationId,
            courseIds: def.semesters[i]!.map((c) => courseIds[c.code]!),
          });
        });
      }
    }
  }

  const { older, current, next } = periodDates(today);
  // The older period (read-only) first, so ids grow with time like a school that has run for a while.
  const [olderRow, currentRow, nextRow] = await db
    .insert(s.periods)
    .values([
      { ...older, semesterPriceE2: 18000 },
      { ...current, enabled: true, enabledInscriptions: true, semesterPriceE2: 20000 },
      { ...next, enabledPreregisters: true, semesterPriceE2: 22000 },
    ])
    .returning({ id: s.periods.id });
  const periodIds = [olderRow!.id, currentRow!.id, nextRow!.id];
  await db.insert(s.periodResponsibles).values(
    periodIds.flatMap((periodId) => [
      { periodId, role: "principal", name: "Lcda. Mercedes Aranguren", title: "Directora" },
      { periodId, role: "vice_principal", name: "Prof. Humberto Linares", title: "Subdirector" },
      { periodId, role: "study_control", name: "Lcda. Yolanda Bracho", title: "Control de Estudios" },
      { periodId, role: "manager", name: "Lcdo. Ernesto Villegas", title: "Administrador" },
      { periodId, role: "signer", name: "Lcda. Mercedes Aranguren", title: "Directora" },
    ]),
  );
  await db
    .insert(s.periodPensums)
    .values([
      ...firstVersions.map((a) => ({ periodId: olderRow!.id, ...a })),
      ...[currentRow!.id, nextRow!.id].flatMap((periodId) => attached.map((a) => ({ periodId, ...a }))),
    ]);

  return {
    specializationIds,
    semesters,
    olderPeriodId: olderRow!.id,
    currentPeriodId: currentRow!.id,
    nextPeriodId: nextRow!.id,
    olderPeriod: { startDate: older.startDate, endDate: older.endDate },
    currentPeriod: { startDate: current.startDate, endDate: current.endDate },
    nextPeriod: { startDate: next.startDate, endDate: next.endDate },
  };
}

/**
 * The current period began six weeks before `today` and lasts 16 weeks; the next starts 3 weeks later; the
 * older one ended 3 weeks before the current began.
 */
function periodDates(today: string) {
  const build = (startDate: string, year: number, number: number) => {
    const endDate = day.add(startDate, 16 * 7 - 3);
    const firstCutEndDate = day.add(startDate, 8 * 7 - 3);
    return {
      year,
      number,
      weeksLength: 16,
      startDate,
      endDate,
      firstCutStartDate: startDate,
      firstCutEndDate,
      secondCutStartDate: day.add(firstCutEndDate, 3),
      secondCutEndDate: endDate,
      firstHalfEndDate: firstCutEndDate,
      secondHalfEndDate: endDate,
      pendingEvaluationsFcReminderDate: day.add(firstCutEndDate, -7),
      pendingEvaluationsScReminderDate: day.add(endDate, -7),
    };
  };
  const start = day.monday(day.add(today, -42));
  const year = day.year(start);
  const number = day.month(start) <= 6 ? 1 : 2;
  const current = build(start, year, number);
  const nextStart = day.monday(day.add(current.endDate, 21));
  const next = build(nextStart, number === 1 ? year : year + 1, number === 1 ? 2 : 1);
  const olderStart = day.monday(day.add(start, -(16 * 7 + 21)));
  const older = build(olderStart, number === 1 ? year - 1 : year, number === 1 ? 2 : 1);
  return { older, current, next };
}
