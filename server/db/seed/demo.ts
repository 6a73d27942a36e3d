import { asc, desc, eq, like, notLike, sql } from "drizzle-orm";
import { Role, type RoleNumber, roleLabels } from "../../../common/roles.js";
import { type Clock, schoolInstant } from "../../clock.js";
import type { Db, DbOrTx } from "../client.js";
import { appSettings, periods, specializations, users } from "../schema/index.js";
import { seedAcademics } from "./academics.js";
import { seedCalendar } from "./calendar.js";
import { seedCommunication } from "./communication.js";
import { seedDocumentRequests } from "./document-requests.js";
import { seedEnrolment } from "./enrolment.js";
import { seedHistory } from "./history.js";
import { seedLibrary } from "./library.js";
import { seedMoney } from "./money.js";
import { type DemoAccount, demoPasswords, seedPeople, seedStaffLinks } from "./people.js";
import { day, Random } from "./random.js";
import { seedSections } from "./sections.js";
import { seedLessons } from "./teaching.js";

export type { DemoAccount } from "./people.js";
export { demoPasswords } from "./people.js";
/** Every demo login, administrators first. */
export type DemoAccounts = DemoAccount[];

/**
 * Fills an empty, migrated database with a demo school whose current period surrounds the clock's today
 * (in the school's time zone). Deterministic apart from the dates; runs in one transaction.
 */
export async function seedDemo(db: Db, clock: Clock): Promise<DemoAccounts> {
  return db.transaction((tx) => fill(tx, clock));
}

/** The `app_settings` row marking a database as the demo school. */
export const demoMarkerKey = "demo_school";

/** `npm run demo` pointed at a database that holds a real school: it must not add demo accounts to it. */
export class NotADemoSchoolError extends Error {
  constructor() {
    super(
      "La base de datos contiene una escuela que no es la de demostración: la demostración no la modifica.\n" +
        "Use otra carpeta (DATA_DIR; por omisión, data-demo) o inicie el servidor sin --demo (npm start).",
    );
    this.name = "NotADemoSchoolError";
  }
}

/**
 * For `npm run demo`: on an empty database, seeds the demo school and marks the database as the demo
 * (`app_settings.demo_school`); on a database so marked, changes nothing. Either way answers the demo
 * logins so start-up can print them. Any other database (one with users or academic data but no
 * marker: a real school) is refused with NotADemoSchoolError and left untouched. Concurrent callers are
 * serialised by an advisory lock.
 */
export async function ensureDemo(db: Db, clock: Clock): Promise<{ seeded: boolean; accounts: DemoAccounts }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
    const [marker] = await tx
      .select({ key: appSettings.key })
      .from(appSettings)
      .where(eq(appSettings.key, demoMarkerKey));
    if (marker) return { seeded: false, accounts: await existingDemoAccounts(tx) };
    const [user] = await tx.select({ id: users.id }).from(users).limit(1);
    const [period] = await tx.select({ id: periods.id }).from(periods).limit(1);
    const [specialization] = await tx.select({ id: specializations.id }).from(specializations).limit(1);
    if (user || period || specialization) {
      // A demo made before the marker existed: only demo accounts, and the demo's academic data.
      const [outsider] = await tx
        .select({ id: users.id })
        .from(users)
        .where(notLike(users.email, "%@demo.edu.ve"))
        .limit(1);
      if (!user || outsider || !(period || specialization)) throw new NotADemoSchoolError();
      await markDemo(tx, clock);
      return { seeded: false, accounts: await existingDemoAccounts(tx) };
    }
    const accounts = await fill(tx, clock);
    await markDemo(tx, clock);
    return { seeded: true, accounts };
  });
}

async function markDemo(tx: DbOrTx, clock: Clock): Promise<void> {
  await tx
    .insert(appSettings)
    .values({ key: demoMarkerKey, value: { seededAt: clock.now().toISOString() } })
    .onConflictDoNothing();
}

const DEMO_LOCK = 7_340_001;
const passwordOfRole: Partial<Record<RoleNumber, string>> = {
  [Role.admin]: demoPasswords.admin,
  [Role.lowAdmin]: demoPasswords.lowAdmin,
  [Role.coordinator]: demoPasswords.coordinator,
  [Role.teacher]: demoPasswords.teacher,
  [Role.student]: demoPasswords.student,
};

/** The demo users already in the database, with their role's initial password. */
async function existingDemoAccounts(db: DbOrTx): Promise<DemoAccounts> {
  const rows = await db
    .select({ type: users.type, name: users.name, email: users.email })
    .from(users)
    .where(like(users.email, "%@demo.edu.ve"))
    .orderBy(desc(users.type), asc(users.id));
  return rows.flatMap((u) => {
    const password = passwordOfRole[u.type as RoleNumber];
    return password ? [{ role: u.type as RoleNumber, name: u.name, email: u.email, password }] : [];
  });
}

async function fill(tx: DbOrTx, clock: Clock): Promise<DemoAccounts> {
  const now = clock.now();
  const today = clock.today();
  const random = new Random(20_250_917);
  const academics = await seedAcademics(tx, today);
  const { INF, ADM } = academics.specializationIds;
  const people = await seedPeople(tx, random, [INF!, ADM!], now);
  const sections = await seedSections(tx, academics, people);
  const bySpecialization = new Map<number, Set<number>>();
  people.coordinators.forEach((c, i) => {
    bySpecialization.set(c.id, new Set([people.coordinatorSpecializations[i]!]));
  });
  for (const section of sections) {
    for (const cs of section.courseSections) {
      const set = bySpecialization.get(cs.teacherId) ?? new Set<number>();
      set.add(section.specializationId);
      bySpecialization.set(cs.teacherId, set);
    }
  }
  await seedStaffLinks(tx, people, bySpecialization);
  // Inscribed a week before the period began, so every installment counts from its own date.
  const inscribedOn = day.add(academics.currentPeriod.startDate, -7);
  const inscribedAt = schoolInstant(clock.timeZone, inscribedOn, "09:00");
  const inscriptions = await seedEnrolment(tx, academics, people, sections, inscribedAt);
  await seedMoney(tx, random, academics, people, inscriptions, { today, inscribedOn });
  const holidays = await seedCalendar(tx, academics);
  await seedLessons(tx, random, academics, people, sections, inscriptions, holidays, today);
  await seedCommunication(tx, random, academics, people, inscriptions, today, now);
  await seedDocumentRequests(tx, academics, people, inscriptions, now);
  await seedHistory(tx, academics, people, sections, inscriptions, holidays, now);
  await seedLibrary(tx, academics, people.admins[0]!.userId);
  return people.accounts;
}

/**
 * The demo's enrolment cases worth trying, by login (seedHistory, sections.ts and communication.ts make
 * them; demo.test.ts checks each one holds).
 */
export const demoCases = {
  retired: "estudiante90@demo.edu.ve",
  waitingApproved: "estudiante121@demo.edu.ve",
  waitingShort: "estudiante122@demo.edu.ve",
  fullSection: "ADM-S2A",
} as const;

/** Start-up lines listing the demo logins; the students, numbered alike, are shown as a range. */
export function formatDemoAccounts(accounts: DemoAccounts): string[] {
  const lines: string[] = [];
  const byRole = new Map<number, DemoAccount[]>();
  for (const a of accounts) byRole.set(a.role, [...(byRole.get(a.role) ?? []), a]);
  for (const [role, list] of [...byRole].sort((a, b) => b[0] - a[0])) {
    const label = roleLabels[role as keyof typeof roleLabels];
    const first = list[0]!;
    const emails =
      list.length <= 2
        ? list.map((a) => a.email).join(", ")
        : `${first.email} … ${list[list.length - 1]!.email}`;
    lines.push(`${label} (${list.length}): ${emails} / ${first.password}`);
  }
  if (accounts.some((a) => a.email === demoCases.waitingShort)) {
    lines.push(
      `Casos: ${demoCases.retired} está retirado; ${demoCases.waitingApproved} aprobó CB-S1 y espera su reinscripción; ` +
        `${demoCases.waitingShort} espera la suya con promedio 11,25 (le faltan 0,75); la sección ${demoCases.fullSection} está llena; ` +
        "hay preinscripciones por aprobar.",
    );
  }
  return lines;
}
