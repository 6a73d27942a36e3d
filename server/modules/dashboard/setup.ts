import { and, desc, eq, exists, sql } from "drizzle-orm";
import type { SchoolSetup, SetupStepKey } from "../../../common/schemas/dashboard.js";
import type { DbOrTx } from "../../db/client.js";
import {
  classHours,
  classrooms,
  courseSections,
  pensums,
  periodPensums,
  periodPriceSettings,
  periods,
  schedules,
  sections,
  specializations,
} from "../../db/schema/index.js";

const countAll = () => sql<number>`count(*)`.mapWith(Number);

/** The period being set up: the enabled one, else the latest created (by year and number). */
async function setupPeriod(db: DbOrTx) {
  const [row] = await db
    .select({ id: periods.id, year: periods.year, number: periods.number, enabled: periods.enabled })
    .from(periods)
    .orderBy(desc(periods.enabled), desc(periods.year), desc(periods.number))
    .limit(1);
  return row ?? null;
}

const count = async (query: Promise<{ count: number }[]>) => (await query)[0]?.count ?? 0;

/**
 * What a school still has to set up, in order (SETUP_STEPS), from the database itself: a step is done when
 * its records exist — every specialization has a pensum in the period, every course section of the period
 * has a schedule. The home of a new school shows it instead of empty charts.
 */
export async function schoolSetup({ db }: { db: DbOrTx }): Promise<SchoolSetup> {
  const period = await setupPeriod(db);
  const pid = period?.id ?? 0;
  const inPeriod = eq(sections.periodId, pid);
  const [
    periodCount,
    specializationCount,
    withPensum,
    sectionCount,
    classHourCount,
    classroomCount,
    courseSectionCount,
    scheduled,
    priceSettings,
  ] = await Promise.all([
    count(db.select({ count: countAll() }).from(periods)),
    count(db.select({ count: countAll() }).from(specializations)),
    // Specializations that follow a pensum in the period (without a period yet: that have a pensum).
    period
      ? count(db.select({ count: countAll() }).from(periodPensums).where(eq(periodPensums.periodId, pid)))
      : count(
          db
            .select({ count: sql<number>`count(distinct ${pensums.specializationId})`.mapWith(Number) })
            .from(pensums),
        ),
    count(db.select({ count: countAll() }).from(sections).where(inPeriod)),
    count(db.select({ count: countAll() }).from(classHours)),
    count(db.select({ count: countAll() }).from(classrooms).where(eq(classrooms.enabled, true))),
    count(
      db
        .select({ count: countAll() })
        .from(courseSections)
        .innerJoin(sections, eq(sections.id, courseSections.sectionId))
        .where(inPeriod),
    ),
    count(
      db
        .select({ count: countAll() })
        .from(courseSections)
        .innerJoin(sections, eq(sections.id, courseSections.sectionId))
        .where(
          and(
            inPeriod,
            exists(
              db
                .select({ one: sql`1` })
                .from(schedules)
                .where(eq(schedules.courseSectionId, courseSections.id)),
            ),
          ),
        ),
    ),
    count(
      db.select({ count: countAll() }).from(periodPriceSettings).where(eq(periodPriceSettings.periodId, pid)),
    ),
  ]);

  /** A step that needs at least one record. */
  const some = (key: SetupStepKey, n: number) => ({
    key,
    done: n > 0,
    count: n,
    needed: null,
    missing: n > 0 ? 0 : 1,
  });
  /** A step that each of `needed` records needs (and at least one), `n` of them have it. */
  const all = (key: SetupStepKey, n: number, needed: number) => {
    const missing = needed === 0 ? 1 : needed - n;
    return { key, done: missing === 0, count: n, needed, missing };
  };
  const steps = [
    some("period", periodCount),
    some("specializations", specializationCount),
    all("pensums", withPensum, specializationCount),
    some("sections", sectionCount),
    some("class_hours", classHourCount),
    some("classrooms", classroomCount),
    all("schedules", scheduled, courseSectionCount),
    some("price_settings", priceSettings),
  ];
  return { period, complete: steps.every((s) => s.done), steps };
}
