import { and, asc, desc, eq, gt, inArray, ne, notInArray, or, sql } from "drizzle-orm";
import {
  type CreatePeriodInput,
  type OpenInscriptionsInput,
  type PeriodState,
  periodName,
  type ResponsibleInput,
  type ResponsibleRole,
  responsibleRoles,
  type UpdatePeriodInput,
} from "../../../common/schemas/periods.js";
import type { DbOrTx } from "../../db/client.js";
import { withDbErrors } from "../../db/constraints.js";
import {
  courses,
  inscriptions,
  payments,
  pensums,
  periodPensums,
  periodResponsibles,
  periods,
  sections,
  semesterCourses,
  semesters,
  specializations,
  studentPeriodFees,
} from "../../db/schema/index.js";
import { isForeignKeyViolation } from "../../http/db-errors.js";
import { invalidField, notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";

export type PeriodRow = typeof periods.$inferSelect;
export type Responsible = { name: string; identityDocument: string | null; title: string | null };
export type Responsibles = Record<ResponsibleRole, Responsible | null>;
/** A period with what every answer shows beside its columns. */
export type PeriodView = PeriodRow & { state: PeriodState; responsibles: Responsibles };
export type SpecializationBrief = { id: number; code: string; title: string; isBasic: boolean };
export type PensumBrief = { id: number; name: string; version: number };
export type PeriodDetailView = PeriodView & {
  specializations: (SpecializationBrief & { pensum: PensumBrief | null })[];
};

/** Key of the transaction-scoped advisory lock that serialises enabling a period. */
const ENABLE_LOCK_KEY = 7_411_952_307;

/** Columns the period list may be sorted by; the default order is id descending (spec.md §7). */
export const periodSortable = [
  "id",
  "year",
  "number",
  "start_date",
  "end_date",
  "enabled",
  "created_at",
] as const;
type SortField = (typeof periodSortable)[number];

export type PeriodListParams = ListParams<SortField> & {
  enabled?: boolean;
  year?: number;
  enabled_inscriptions?: boolean;
};

// ---------------------------------------------------------------------------------------------------
// Where periods stand against the current one

type Calendar = { current: { id: number; startDate: string } | null; nextId: number | null };

/** The current (enabled) period and the next one: the first that starts after it. */
async function loadCalendar(db: DbOrTx): Promise<Calendar> {
  const [current] = await db
    .select({ id: periods.id, startDate: periods.startDate })
    .from(periods)
    .where(eq(periods.enabled, true));
  if (!current) return { current: null, nextId: null };
  const [next] = await db
    .select({ id: periods.id })
    .from(periods)
    .where(and(gt(periods.startDate, current.startDate), ne(periods.id, current.id)))
    .orderBy(asc(periods.startDate), asc(periods.id))
    .limit(1);
  return { current, nextId: next?.id ?? null };
}

function stateOf(row: Pick<PeriodRow, "id" | "endDate">, calendar: Calendar): PeriodState {
  if (!calendar.current) return "other";
  if (row.id === calendar.current.id) return "current";
  if (row.id === calendar.nextId) return "next";
  if (row.endDate < calendar.current.startDate) return "older";
  return "other";
}

async function loadResponsibles(db: DbOrTx, periodIds: number[]): Promise<Map<number, Responsibles>> {
  const byPeriod = new Map<number, Responsibles>();
  for (const id of periodIds) byPeriod.set(id, emptyResponsibles());
  if (periodIds.length === 0) return byPeriod;
  const rows = await db
    .select()
    .from(periodResponsibles)
    .where(inArray(periodResponsibles.periodId, periodIds));
  for (const row of rows) {
    const entry = byPeriod.get(row.periodId);
    if (entry && (responsibleRoles as readonly string[]).includes(row.role)) {
      entry[row.role as ResponsibleRole] = {
        name: row.name,
        identityDocument: row.identityDocument,
        title: row.title,
      };
    }
  }
  return byPeriod;
}

const emptyResponsibles = (): Responsibles => ({
  principal: null,
  vice_principal: null,
  study_control: null,
  manager: null,
  signer: null,
});

async function withViews(db: DbOrTx, rows: PeriodRow[]): Promise<PeriodView[]> {
  const calendar = await loadCalendar(db);
  const responsibles = await loadResponsibles(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...row,
    state: stateOf(row, calendar),
    responsibles: responsibles.get(row.id) ?? emptyResponsibles(),
  }));
}

// ---------------------------------------------------------------------------------------------------
// Reads

/** Periods matching the search (`2025-1`, year or number), newest first unless `sort_by` says otherwise. */
export async function listPeriods(opts: { db: DbOrTx; list: PeriodListParams }): Promise<Page<PeriodView>> {
  const { db, list } = opts;
  const where = and(
    searchCondition(list.search, [sql`${periods.year} || '-' || ${periods.number}`]),
    list.enabled === undefined ? undefined : eq(periods.enabled, list.enabled),
    list.year === undefined ? undefined : eq(periods.year, list.year),
    list.enabled_inscriptions === undefined
      ? undefined
      : eq(periods.enabledInscriptions, list.enabled_inscriptions),
  );
  const page = await paginate({
    db,
    query: db.select().from(periods).where(where).$dynamic(),
    list,
    sortColumns: {
      id: periods.id,
      // By year, then number in the same direction (2025-2 before 2025-1 when descending), in SQL so pages agree.
      year: sql`${periods.year} * 10 + ${periods.number}`,
      number: periods.number,
      start_date: periods.startDate,
      end_date: periods.endDate,
      enabled: periods.enabled,
      created_at: periods.createdAt,
    },
    tieBreaker: periods.id,
  });
  return { rows: await withViews(db, page.rows), meta: page.meta };
}

async function findPeriod(db: DbOrTx, id: number, opts: { lock?: boolean } = {}): Promise<PeriodRow> {
  const query = db.select().from(periods).where(eq(periods.id, id));
  const [row] = opts.lock ? await query.for("update") : await query;
  if (!row) throw notFound("period_not_found");
  return row;
}

/** A period with its responsibles, its state and every enabled specialization with its pensum. */
export async function periodDetail(db: DbOrTx, row: PeriodRow): Promise<PeriodDetailView> {
  const [view] = await withViews(db, [row]);
  const specs = await db
    .select({
      id: specializations.id,
      code: specializations.code,
      title: specializations.title,
      isBasic: specializations.isBasic,
      pensumId: pensums.id,
      pensumName: pensums.name,
      pensumVersion: pensums.version,
    })
    .from(specializations)
    .leftJoin(
      periodPensums,
      and(eq(periodPensums.specializationId, specializations.id), eq(periodPensums.periodId, row.id)),
    )
    .leftJoin(pensums, eq(pensums.id, periodPensums.pensumId))
    .where(eq(specializations.enabled, true))
    .orderBy(desc(specializations.isBasic), asc(specializations.title), asc(specializations.id));
  return {
    ...view!,
    specializations: specs.map((s) => ({
      id: s.id,
      code: s.code,
      title: s.title,
      isBasic: s.isBasic,
      pensum: s.pensumId === null ? null : { id: s.pensumId, name: s.pensumName!, version: s.pensumVersion! },
    })),
  };
}

export async function getPeriod(opts: { db: DbOrTx; id: number }): Promise<PeriodDetailView> {
  return periodDetail(opts.db, await findPeriod(opts.db, opts.id));
}

/** The current period (404 `unable_to_find_enabled_period` when none is enabled). */
export async function enabledPeriod(opts: { db: DbOrTx }): Promise<PeriodDetailView> {
  const [row] = await opts.db.select().from(periods).where(eq(periods.enabled, true));
  if (!row) throw notFound("unable_to_find_enabled_period");
  return periodDetail(opts.db, row);
}

/** The latest period open for pre-registrations (400 `unable_to_find_enabled_preregisters_period`). */
export async function enabledPreregistersPeriod(opts: { db: DbOrTx }): Promise<PeriodDetailView> {
  const [row] = await opts.db
    .select()
    .from(periods)
    .where(eq(periods.enabledPreregisters, true))
    .orderBy(desc(periods.startDate), desc(periods.id))
    .limit(1);
  if (!row) throw refuse("unable_to_find_enabled_preregisters_period");
  return periodDetail(opts.db, row);
}

/** The latest period open for inscriptions (400 `period_inscriptions_are_disabled`). */
export async function enabledInscriptionPeriod(opts: { db: DbOrTx }): Promise<PeriodDetailView> {
  const [row] = await opts.db
    .select()
    .from(periods)
    .where(eq(periods.enabledInscriptions, true))
    .orderBy(desc(periods.startDate), desc(periods.id))
    .limit(1);
  if (!row) throw refuse("period_inscriptions_are_disabled");
  return periodDetail(opts.db, row);
}

export type PeriodPensumView = PensumBrief & {
  specialization: SpecializationBrief;
  semesters: { id: number; number: number; code: string }[];
};

/** The pensums the current period follows, one per specialization, with their semesters in order. */
export async function enabledPeriodPensums(opts: { db: DbOrTx }): Promise<PeriodPensumView[]> {
  const { db } = opts;
  const [current] = await db.select({ id: periods.id }).from(periods).where(eq(periods.enabled, true));
  if (!current) throw notFound("unable_to_find_enabled_period");
  const attached = await attachedPensums(db, current.id);
  const sems = attached.length
    ? await db
        .select({
          id: semesters.id,
          pensumId: semesters.pensumId,
          number: semesters.number,
          code: semesters.code,
        })
        .from(semesters)
        .where(
          inArray(
            semesters.pensumId,
            attached.map((a) => a.id),
          ),
        )
        .orderBy(asc(semesters.number), asc(semesters.id))
    : [];
  return attached.map((p) => ({
    ...p,
    semesters: sems.filter((s) => s.pensumId === p.id).map(({ id, number, code }) => ({ id, number, code })),
  }));
}

async function attachedPensums(db: DbOrTx, periodId: number) {
  const rows = await db
    .select({
      id: pensums.id,
      name: pensums.name,
      version: pensums.version,
      specialization: {
        id: specializations.id,
        code: specializations.code,
        title: specializations.title,
        isBasic: specializations.isBasic,
      },
    })
    .from(periodPensums)
    .innerJoin(pensums, eq(pensums.id, periodPensums.pensumId))
    .innerJoin(specializations, eq(specializations.id, periodPensums.specializationId))
    .where(eq(periodPensums.periodId, periodId))
    .orderBy(desc(specializations.isBasic), asc(specializations.title), asc(specializations.id));
  return rows;
}

export type CoursesBySpecializationView = SpecializationBrief & {
  pensum: PensumBrief;
  semesters: {
    id: number;
    number: number;
    code: string;
    courses: { id: number; code: string; title: string; credits: number; enabled: boolean }[];
  }[];
};

/** The courses a period offers: per specialization, its pensum's semesters in order with their courses. */
export async function coursesBySpecialization(opts: {
  db: DbOrTx;
  id: number;
}): Promise<CoursesBySpecializationView[]> {
  const { db } = opts;
  await findPeriod(db, opts.id);
  const attached = await attachedPensums(db, opts.id);
  const pensumIds = attached.map((a) => a.id);
  const rows = pensumIds.length
    ? await db
        .select({
          semesterId: semesters.id,
          pensumId: semesters.pensumId,
          number: semesters.number,
          semesterCode: semesters.code,
          course: {
            id: courses.id,
            code: courses.code,
            title: courses.title,
            credits: courses.credits,
            enabled: courses.enabled,
          },
        })
        .from(semesters)
        .leftJoin(semesterCourses, eq(semesterCourses.semesterId, semesters.id))
        .leftJoin(courses, eq(courses.id, semesterCourses.courseId))
        .where(inArray(semesters.pensumId, pensumIds))
        .orderBy(asc(semesters.number), asc(semesters.id), asc(courses.code))
    : [];
  return attached.map(({ specialization, ...pensum }) => {
    const semesterMap = new Map<number, CoursesBySpecializationView["semesters"][number]>();
    for (const row of rows) {
      if (row.pensumId !== pensum.id) continue;
      let semester = semesterMap.get(row.semesterId);
      if (!semester) {
        semester = { id: row.semesterId, number: row.number, code: row.semesterCode, courses: [] };
        semesterMap.set(row.semesterId, semester);
      }
      if (row.course) semester.courses.push(row.course);
    }
    return { ...specialization, pensum, semesters: [...semesterMap.values()] };
  });
}

// ---------------------------------------------------------------------------------------------------
// Writes

type DateFields = Pick<
  PeriodRow,
  | "startDate"
  | "endDate"
  | "firstCutStartDate"
  | "firstCutEndDate"
  | "secondCutStartDate"
  | "secondCutEndDate"
  | "firstHalfEndDate"
  | "secondHalfEndDate"
  | "pendingEvaluationsFcReminderDate"
  | "pendingEvaluationsScReminderDate"
>;

/**
 * DOMAIN.md "Period": start ≤ first cut start ≤ first cut end ≤ second cut start ≤ second cut end ≤ end;
 * the half ends and the reminder dates fall inside the period, the first half ending before the second.
 * Dates left empty are skipped. Anything else: `invalid_date_range`.
 */
export function assertDateOrder(d: DateFields): void {
  const chain = [
    d.startDate,
    d.firstCutStartDate,
    d.firstCutEndDate,
    d.secondCutStartDate,
    d.secondCutEndDate,
    d.endDate,
  ].filter((v): v is string => v !== null);
  const halves = [d.startDate, d.firstHalfEndDate, d.secondHalfEndDate, d.endDate].filter(
    (v): v is string => v !== null,
  );
  const inside = [d.pendingEvaluationsFcReminderDate, d.pendingEvaluationsScReminderDate].filter(
    (v): v is string => v !== null,
  );
  const ordered = (list: string[]) => list.every((v, i) => i === 0 || list[i - 1]! <= v);
  if (
    !ordered(chain) ||
    !ordered(halves) ||
    inside.some((v) => v < d.startDate || v > d.endDate) ||
    (d.pendingEvaluationsFcReminderDate !== null &&
      d.pendingEvaluationsScReminderDate !== null &&
      d.pendingEvaluationsFcReminderDate > d.pendingEvaluationsScReminderDate)
  )
    throw refuse("invalid_date_range");
}

type Changes = Partial<typeof periods.$inferInsert>;

function columnsOf(input: CreatePeriodInput | UpdatePeriodInput): Changes {
  return {
    year: input.year,
    number: input.number,
    weeksLength: input.weeks_length,
    startDate: input.start_date,
    endDate: input.end_date,
    firstCutStartDate: input.first_cut_start_date,
    firstCutEndDate: input.first_cut_end_date,
    secondCutStartDate: input.second_cut_start_date,
    secondCutEndDate: input.second_cut_end_date,
    firstHalfEndDate: input.first_half_end_date,
    secondHalfEndDate: input.second_half_end_date,
    pendingEvaluationsFcReminderDate: input.pending_evaluations_fc_reminder_date,
    pendingEvaluationsScReminderDate: input.pending_evaluations_sc_reminder_date,
    approvalMinimumAvg: input.approval_minimum_avg,
    approvalMinimumNote: input.approval_minimum_note,
    lowPerformanceNote: input.low_performance_note,
    highPerformanceNote: input.high_performance_note,
    semesterPriceE2: input.semester_price_e2,
  };
}

/** Fields sent as `undefined` keep their value. */
function defined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Writes the responsibles sent: a person replaces the role's one, `null` removes it, absent keeps it. */
async function saveResponsibles(
  db: DbOrTx,
  periodId: number,
  input: Partial<Record<ResponsibleRole, ResponsibleInput | null | undefined>> | undefined,
) {
  if (!input) return;
  for (const role of responsibleRoles) {
    const person = input[role];
    if (person === undefined) continue;
    await db
      .delete(periodResponsibles)
      .where(and(eq(periodResponsibles.periodId, periodId), eq(periodResponsibles.role, role)));
    if (person !== null) {
      await db.insert(periodResponsibles).values({
        periodId,
        role,
        name: person.name,
        identityDocument: person.identity_document,
        title: person.title,
      });
    }
  }
}

/** Creates a period (never enabled: enabling is an update that checks the pensums). */
export async function createPeriod(opts: {
  db: DbOrTx;
  input: CreatePeriodInput;
}): Promise<PeriodDetailView> {
  const { input } = opts;
  const values = defined(columnsOf(input)) as typeof periods.$inferInsert;
  assertDateOrder({ ...nullDates(), ...(values as DateFields) });
  return opts.db.transaction(async (tx) => {
    const [row] = await withDbErrors(() => tx.insert(periods).values(values).returning());
    await saveResponsibles(tx, row!.id, input.responsibles);
    return periodDetail(tx, row!);
  });
}

const nullDates = (): Omit<DateFields, "startDate" | "endDate"> => ({
  firstCutStartDate: null,
  firstCutEndDate: null,
  secondCutStartDate: null,
  secondCutEndDate: null,
  firstHalfEndDate: null,
  secondHalfEndDate: null,
  pendingEvaluationsFcReminderDate: null,
  pendingEvaluationsScReminderDate: null,
});

/** Every enabled specialization has a pensum in the period, else `all_specializations_must_have_one_pensum`. */
async function assertEverySpecializationHasPensum(db: DbOrTx, periodId: number) {
  const [missing] = await db
    .select({ id: specializations.id })
    .from(specializations)
    .leftJoin(
      periodPensums,
      and(eq(periodPensums.specializationId, specializations.id), eq(periodPensums.periodId, periodId)),
    )
    .where(and(eq(specializations.enabled, true), sql`${periodPensums.periodId} is null`))
    .limit(1);
  if (missing) throw refuse("all_specializations_must_have_one_pensum");
}

/** Inscriptions and pre-registrations open only on the current or next period. */
function assertOpenable(row: PeriodRow, calendar: Calendar) {
  const state = stateOf(row, calendar);
  if (state !== "current" && state !== "next") throw refuse("period_not_equals_next_period");
}

/**
 * Only the next period may become the current one (a school with no current period may enable any):
 * enabling a later one would turn the periods in between into older, read-only ones for good.
 */
async function assertEnableable(db: DbOrTx, row: PeriodRow, calendar: Calendar) {
  if (!calendar.current || row.id === calendar.nextId) return;
  const [next] =
    calendar.nextId === null ? [] : await db.select().from(periods).where(eq(periods.id, calendar.nextId));
  throw refuse(
    "period_not_equals_next_period",
    next
      ? `Solo puede activarse el próximo período, ${periodName(next)}; no el ${periodName(row)}.`
      : `No hay un próximo período que activar; el ${periodName(row)} no puede activarse.`,
  );
}

/** Closes inscriptions and pre-registrations of every period that is neither current nor next. */
async function closeOutsideCalendar(db: DbOrTx, calendar: Calendar) {
  const keep = [calendar.current?.id, calendar.nextId].filter((id): id is number => typeof id === "number");
  await db
    .update(periods)
    .set({ enabledInscriptions: false, enabledPreregisters: false, updatedAt: new Date() })
    .where(
      and(
        keep.length ? notInArray(periods.id, keep) : undefined,
        or(eq(periods.enabledInscriptions, true), eq(periods.enabledPreregisters, true)),
      ),
    );
}

/**
 * Changes the fields sent, in one transaction. Periods older than the current one are read-only
 * (`unable_to_update_older_periods`). `enabled: true` makes the period the current one: every specialization
 * needs a pensum, and the previous current period is disabled in the same transaction. Enabling is
 * serialised by an advisory lock, so two concurrent enables leave exactly one period enabled (the partial
 * unique index `periods_single_enabled` guards it as well). The current period cannot be disabled: another
 * one is enabled in its place.
 */
export async function updatePeriod(opts: {
  db: DbOrTx;
  id: number;
  input: UpdatePeriodInput;
}): Promise<PeriodDetailView> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    if (input.enabled === true) await tx.execute(sql`select pg_advisory_xact_lock(${ENABLE_LOCK_KEY})`);
    const row = await findPeriod(tx, opts.id, { lock: true });
    let calendar = await loadCalendar(tx);
    if (stateOf(row, calendar) === "older") throw refuse("unable_to_update_older_periods");
    if (input.enabled === false && row.enabled)
      throw invalidField(
        "enabled",
        "El período activo no puede desactivarse; active otro período en su lugar.",
      );

    const changes = defined(columnsOf(input));
    assertDateOrder({ ...row, ...(changes as Partial<DateFields>) });
    if (input.enabled === true && !row.enabled) {
      await assertEnableable(tx, row, calendar);
      await assertEverySpecializationHasPensum(tx, row.id);
      await tx
        .update(periods)
        .set({ enabled: false, updatedAt: new Date() })
        .where(and(eq(periods.enabled, true), ne(periods.id, row.id)));
      changes.enabled = true;
    }
    let [updated] = await withDbErrors(() =>
      tx
        .update(periods)
        .set({ ...changes, updatedAt: new Date() })
        .where(eq(periods.id, row.id))
        .returning(),
    );
    await saveResponsibles(tx, row.id, input.responsibles);
    if (changes.enabled === true) {
      await closeOutsideCalendar(tx, await loadCalendar(tx));
      [updated] = await tx.select().from(periods).where(eq(periods.id, row.id));
    }

    const flags = defined({
      enabledInscriptions: input.enabled_inscriptions,
      enabledPreregisters: input.enabled_preregisters,
    });
    if (Object.keys(flags).length > 0) {
      calendar = await loadCalendar(tx);
      const turnsOn = flags.enabledInscriptions === true || flags.enabledPreregisters === true;
      if (turnsOn) assertOpenable(updated!, calendar);
      [updated] = await tx.update(periods).set(flags).where(eq(periods.id, row.id)).returning();
    }
    return periodDetail(tx, updated!);
  });
}

/**
 * Opens or closes inscriptions and pre-registrations. Opening is only for the current or next period
 * (`period_not_equals_next_period`); closing is allowed on any period, so one left open is never stuck.
 */
export async function openInscriptions(opts: {
  db: DbOrTx;
  id: number;
  input: OpenInscriptionsInput;
}): Promise<PeriodDetailView> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    const row = await findPeriod(tx, opts.id, { lock: true });
    if (input.enabled_inscriptions === true || input.enabled_preregisters === true)
      assertOpenable(row, await loadCalendar(tx));
    const flags = defined({
      enabledInscriptions: input.enabled_inscriptions,
      enabledPreregisters: input.enabled_preregisters,
    });
    if (Object.keys(flags).length === 0) return periodDetail(tx, row);
    const [updated] = await tx
      .update(periods)
      .set({ ...flags, updatedAt: new Date() })
      .where(eq(periods.id, row.id))
      .returning();
    return periodDetail(tx, updated!);
  });
}

/**
 * The pensum the period follows for the pensum's specialization (one per specialization; attaching another
 * replaces it). Refused once the period is enabled or has started (`cant_attach_a_pensum_to_an_active_period`).
 */
export async function attachPensum(opts: {
  db: DbOrTx;
  id: number;
  pensumId: number;
  today: string;
}): Promise<PeriodDetailView> {
  return opts.db.transaction(async (tx) => {
    const row = await findPeriod(tx, opts.id, { lock: true });
    const [pensum] = await tx
      .select({ id: pensums.id, specializationId: pensums.specializationId })
      .from(pensums)
      .where(eq(pensums.id, opts.pensumId));
    if (!pensum) throw notFound("resource_not_found");
    if (row.enabled || row.startDate <= opts.today) throw refuse("cant_attach_a_pensum_to_an_active_period");
    await tx
      .insert(periodPensums)
      .values({ periodId: row.id, specializationId: pensum.specializationId, pensumId: pensum.id })
      .onConflictDoUpdate({
        target: [periodPensums.periodId, periodPensums.specializationId],
        set: { pensumId: pensum.id },
      });
    return periodDetail(tx, row);
  });
}

/**
 * Deletes a period nothing depends on. Refused for the current period (`period_is_enabled`), for older ones
 * (`unable_to_update_older_periods`) and while sections, inscriptions, fees or payments use it
 * (`period_has_dependents`; the foreign keys agree under concurrency).
 */
export async function deletePeriod(opts: { db: DbOrTx; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const row = await findPeriod(tx, opts.id, { lock: true });
    if (row.enabled) throw refuse("period_is_enabled");
    if (stateOf(row, await loadCalendar(tx)) === "older") throw refuse("unable_to_update_older_periods");
    const [used] = await tx
      .select({
        used: sql<boolean>`(
          exists (select 1 from ${sections} where ${sections.periodId} = ${row.id})
          or exists (select 1 from ${inscriptions} where ${inscriptions.periodId} = ${row.id})
          or exists (select 1 from ${studentPeriodFees} where ${studentPeriodFees.periodId} = ${row.id})
          or exists (select 1 from ${payments} where ${payments.periodId} = ${row.id}))`,
      })
      .from(periods)
      .where(eq(periods.id, row.id));
    if (used?.used) throw refuse("period_has_dependents");
    await tx
      .delete(periods)
      .where(eq(periods.id, row.id))
      .catch((error: unknown) => {
        if (isForeignKeyViolation(error)) throw refuse("period_has_dependents");
        throw error;
      });
  });
}
