import { Role, type RoleNumber } from "../../../common/roles.js";
import { hashPassword } from "../../auth/password.js";
import type { DbOrTx } from "../client.js";
import type { Gender } from "../schema/columns.js";
import * as s from "../schema/index.js";
import { type FakePerson, PersonFactory } from "./names.js";
import { Random } from "./random.js";

export type DemoAccount = { role: RoleNumber; name: string; email: string; password: string };

/** One known password per role. */
export const demoPasswords: Record<"admin" | "lowAdmin" | "coordinator" | "teacher" | "student", string> = {
  admin: "Admin123*",
  lowAdmin: "Asistente123*",
  coordinator: "Coordinador123*",
  teacher: "Profesor123*",
  student: "Estudiante123*",
};

export const STUDENT_COUNT = 120;
export const TEACHER_COUNT = 10;
/** Students of the older period who have not been re-inscribed yet (numbered after the others). */
export const WAITING_COUNT = 2;

export type SeededPerson = FakePerson & { id: number; userId: number; email: string };
export type SeededPeople = {
  accounts: DemoAccount[];
  admins: { userId: number; email: string }[];
  /** The specialization each coordinator (same index) coordinates. */
  coordinatorSpecializations: number[];
  /** Coordinators first (they are teachers too), then the plain teachers. */
  coordinators: SeededPerson[];
  teachers: SeededPerson[];
  students: SeededPerson[];
  /** Inscribed in the older period only, waiting for their re-inscription. */
  waiting: SeededPerson[];
};

/** Administrators, coordinators, teachers and students with their user accounts. */
export async function seedPeople(
  db: DbOrTx,
  random: Random,
  coordinatedSpecializationIds: number[],
  now: Date,
): Promise<SeededPeople> {
  const hashes = Object.fromEntries(
    await Promise.all(
      Object.entries(demoPasswords).map(async ([k, p]) => [k, await hashPassword(p)] as const),
    ),
  ) as Record<keyof typeof demoPasswords, string>;
  const factory = new PersonFactory(random);
  const accounts: DemoAccount[] = [];

  const userRows = (
    rows: { type: RoleNumber; name: string; email: string; password: keyof typeof demoPasswords }[],
  ) => {
    for (const r of rows)
      accounts.push({ role: r.type, name: r.name, email: r.email, password: demoPasswords[r.password] });
    return db
      .insert(s.users)
      .values(
        rows.map((r) => ({
          type: r.type,
          name: r.name,
          email: r.email,
          passwordHash: hashes[r.password],
          emailConfirmedAt: now,
        })),
      )
      .returning({ id: s.users.id, email: s.users.email });
  };

  const admins = (
    await userRows([
      { type: Role.admin, name: "Administrador Demo", email: "admin@demo.edu.ve", password: "admin" },
      { type: Role.lowAdmin, name: "Asistente Demo", email: "asistente@demo.edu.ve", password: "lowAdmin" },
    ])
  ).map((u) => ({ userId: u.id, email: u.email }));

  const makeStaff = (count: number, gender: (i: number) => Gender) =>
    Array.from({ length: count }, (_, i) =>
      factory.person({ gender: gender(i), documentRange: [6_000_000, 19_999_999], birthYears: [1965, 1995] }),
    );
  const coordinatorPeople = makeStaff(coordinatedSpecializationIds.length, (i) =>
    i % 2 ? "male" : "female",
  );
  const teacherPeople = makeStaff(TEACHER_COUNT, (i) => (i % 2 ? "female" : "male"));
  const studentPeople = Array.from({ length: STUDENT_COUNT }, (_, i) =>
    factory.person({
      gender: i % 2 ? "male" : "female",
      documentRange: [27_000_000, 33_999_999],
      birthYears: [2000, 2008],
    }),
  );

  const staffUsers = await userRows([
    ...coordinatorPeople.map((p, i) => ({
      type: Role.coordinator,
      name: `${p.firstName} ${p.lastName}`,
      email: `coordinador${i + 1}@demo.edu.ve`,
      password: "coordinator" as const,
    })),
    ...teacherPeople.map((p, i) => ({
      type: Role.teacher,
      name: `${p.firstName} ${p.lastName}`,
      email: `profesor${i + 1}@demo.edu.ve`,
      password: "teacher" as const,
    })),
  ]);
  const staffPeople = [...coordinatorPeople, ...teacherPeople];
  const teacherRows = await db
    .insert(s.teachers)
    .values(
      staffPeople.map((p, i) => ({
        ...p,
        userId: staffUsers[i]!.id,
        isCoordinator: i < coordinatorPeople.length,
        specializationId: coordinatedSpecializationIds[i] ?? null,
      })),
    )
    .returning({ id: s.teachers.id });
  const staff = staffPeople.map((p, i) => ({
    ...p,
    id: teacherRows[i]!.id,
    userId: staffUsers[i]!.id,
    email: staffUsers[i]!.email,
  }));

  // Their own random sequence, so the rest of the demo is the same with or without them.
  const waitingFactory = new PersonFactory(new Random(20_251_123));
  const waitingPeople = Array.from({ length: WAITING_COUNT }, (_, i) =>
    waitingFactory.person({
      gender: i % 2 ? "male" : "female",
      documentRange: [25_000_000, 26_999_999],
      birthYears: [2004, 2007],
    }),
  );
  const allStudents = [...studentPeople, ...waitingPeople];
  const studentUsers = await userRows(
    allStudents.map((p, i) => ({
      type: Role.student,
      name: `${p.firstName} ${p.lastName}`,
      email: `estudiante${i + 1}@demo.edu.ve`,
      password: "student" as const,
    })),
  );
  const studentRows = await db
    .insert(s.students)
    .values(allStudents.map((p, i) => ({ ...p, userId: studentUsers[i]!.id })))
    .returning({ id: s.students.id });
  const seededStudents = allStudents.map((p, i) => ({
    ...p,
    id: studentRows[i]!.id,
    userId: studentUsers[i]!.id,
    email: studentUsers[i]!.email,
  }));

  return {
    accounts,
    admins,
    coordinatorSpecializations: coordinatedSpecializationIds,
    coordinators: staff.slice(0, coordinatorPeople.length),
    teachers: staff.slice(coordinatorPeople.length),
    students: seededStudents.slice(0, STUDENT_COUNT),
    waiting: seededStudents.slice(STUDENT_COUNT),
  };
}

/**
 * Each coordinator supervises a share of the teachers, those who teach in the specialization they coordinate
 * (a coordinator works only with the teachers they supervise: DOMAIN.md); teachers belong to the
 * specializations they teach.
 */
export async function seedStaffLinks(
  db: DbOrTx,
  people: SeededPeople,
  specializationsByTeacher: Map<number, Set<number>>,
) {
  const load = people.coordinators.map(() => 0);
  const everyCoordinator = people.coordinators.map((_, k) => k);
  await db.insert(s.coordinatorSupervisions).values(
    people.teachers.map((t) => {
      const teaches = specializationsByTeacher.get(t.id) ?? new Set<number>();
      const theirs = everyCoordinator.filter((k) => teaches.has(people.coordinatorSpecializations[k]!));
      const pool = theirs.length > 0 ? theirs : everyCoordinator;
      const k = pool.reduce((best, next) => (load[next]! < load[best]! ? next : best));
      load[k] = (load[k] ?? 0) + 1;
      return { coordinatorId: people.coordinators[k]!.id, teacherId: t.id };
    }),
  );
  await db
    .insert(s.teacherSpecializations)
    .values(
      [...specializationsByTeacher].flatMap(([teacherId, ids]) =>
        [...ids].map((specializationId) => ({ teacherId, specializationId })),
      ),
    );
}
