import { roleLabels } from "../../../common/roles.js";
import type { Db } from "../client.js";
import { seedAcademics } from "./academics.js";
import { seedCalendar } from "./calendar.js";
import { seedCommunication } from "./communication.js";
import { seedEnrolment } from "./enrolment.js";
import { seedMoney } from "./money.js";
import { type DemoAccount, seedPeople, seedStaffLinks } from "./people.js";
import { day, Random } from "./random.js";
import { seedSections } from "./sections.js";

export type { DemoAccount } from "./people.js";
export { demoPasswords } from "./people.js";
/** Every demo login, administrators first. */
export type DemoAccounts = DemoAccount[];

/**
 * Fills an empty, migrated database with a demo school whose current period surrounds `today`
 * (default: now). Deterministic apart from the dates; runs in one transaction.
 */
export async function seedDemo(db: Db, opts: { today?: Date } = {}): Promise<DemoAccounts> {
  const now = opts.today ?? new Date();
  const today = day.of(now);
  const random = new Random(20_250_917);
  return db.transaction(async (tx) => {
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
    await seedCalendar(tx, academics);
    await seedCommunication(tx, random, academics, people, inscriptions, today, now);
    return people.accounts;
  });
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
