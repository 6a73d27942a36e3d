import { asc, desc, like, sql } from "drizzle-orm";
import { Role, type RoleNumber, roleLabels } from "../../../common/roles.js";
import type { Db, DbOrTx } from "../client.js";
import { periods, specializations, users } from "../schema/index.js";
import { seedAcademics } from "./academics.js";
import { seedCalendar } from "./calendar.js";
import { seedCommunication } from "./communication.js";
import { seedEnrolment } from "./enrolment.js";
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
 * Fills an empty, migrated database with a demo school whose current period surrounds `today`
 * (default: now). Deterministic apart from the dates; runs in one transaction.
 */
export async function seedDemo(db: Db, opts: { today?: Date } = {}): Promise<DemoAccounts> {
  return db.transaction((tx) => fill(tx, opts.today ?? new Date()));
}

/**
 * For `npm run demo`: seeds the demo school unless the database already holds academic data (periods
 * or specializations), and answers the demo logins either way so start-up can print them. Concurrent
 * callers are serialised by an advisory lock.
 */
export async function ensureDemo(
  db: Db,
  opts: { today?: Date } = {},
): Promise<{ seeded: boolean; accounts: DemoAccounts }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
    const [period] = await tx.select({ id: periods.id }).from(periods).limit(1);
    const [specialization] = await tx.select({ id: specializations.id }).from(specializations).limit(1);
    if (period || specialization) return { seeded: false, accounts: await existingDemoAccounts(tx) };
    return { seeded: true, accounts: await fill(tx, opts.today ?? new Date()) };
  });
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

async function fill(tx: DbOrTx, now: Date): Promise<DemoAccounts> {
  const today = day.of(now);
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
  const inscriptions = await seedEnrolment(tx, academics, people, sections);
  await seedMoney(tx, random, academics, people, inscriptions, today, now);
  const holidays = await seedCalendar(tx, academics);
  await seedLessons(tx, random, academics, sections, inscriptions, holidays, today);
  await seedCommunication(tx, random, academics, people, inscriptions, today, now);
  return people.accounts;
}

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
  return lines;
}
