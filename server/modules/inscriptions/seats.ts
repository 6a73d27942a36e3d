/**
 * Seats of a section (DOMAIN.md "Enrolment"): a section has `males_limit` seats for male students and
 * `females_limit` for female ones; an active inscription of the section takes one seat of its student's
 * gender (a limit of 0 means no seats for that gender).
 *
 * Seats are never oversold because they are counted and taken under a row lock of the section:
 * `SELECT … FOR NO KEY UPDATE` on the `sections` row, held until the caller's transaction ends. Two transactions
 * that want a seat in the same section queue on that lock, so the second one counts the first one's
 * inscription. Everything here must therefore run INSIDE the caller's transaction (`tx`), and the caller
 * must write its inscription (or move it, for a change of section) in that same transaction.
 *
 * Use:
 * ```ts
 * await db.transaction(async (tx) => {
 *   const seat = await claimSeat(tx, { sectionId, gender: student.gender });     // chosen section
 *   // or: const seat = await pickSectionWithSeat(tx, { periodId, semesterId, gender }); // automatic
 *   await tx.insert(inscriptions).values({ ..., sectionId: seat.section.id });   // or update sectionId
 * });
 * ```
 *
 * Lock order (no deadlocks): a transaction that needs several sections locks them in ascending id order,
 * in one statement (`lockSections`). A change of section locks only the new section (`claimSeat`): the
 * old one loses a student, which never needs a seat check.
 */
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { pgErrorOf } from "../../db/constraints.js";
import { inscriptions, sections, students } from "../../db/schema/index.js";
import { type AppError, notFound, refuse } from "../../http/errors.js";

export type Gender = "female" | "male";

/** A locked section with the seats its active inscriptions take, by gender. */
export type SectionSeats = {
  section: { id: number; code: string; periodId: number; semesterId: number };
  malesLimit: number;
  femalesLimit: number;
  males: number;
  females: number;
};

/** Told the seats of a section as counted (to remember a full one, see full-sections.ts). */
export type SeatsSeen = (seats: SectionSeats) => void;

/** The schema's rule: 'female' is female, any other value counts as male (as the sections module does). */
const isFemale = (gender: string) => gender === "female";

/** Seats left for a gender in a counted section (never negative). */
export function freeSeats(seats: SectionSeats, gender: string): number {
  return isFemale(gender)
    ? Math.max(0, seats.femalesLimit - seats.females)
    : Math.max(0, seats.malesLimit - seats.males);
}

/** "varones" / "hembras", the words of the sections screens. */
export const genderPlural = (gender: string) => (isFemale(gender) ? "hembras" : "varones");

/**
 * The Spanish explanation of a full section: which section and for which gender, with the count.
 * e.g. "La sección 1A no tiene cupos para hembras: 15 de 15 ocupados."
 */
export function fullSectionDescription(seats: SectionSeats, gender: string): string {
  const limit = isFemale(gender) ? seats.femalesLimit : seats.malesLimit;
  const taken = isFemale(gender) ? seats.females : seats.males;
  if (limit === 0) return `La sección ${seats.section.code} no admite ${genderPlural(gender)} (0 cupos).`;
  return `La sección ${seats.section.code} no tiene cupos para ${genderPlural(gender)}: ${taken} de ${limit} ocupados.`;
}

/**
 * Locks the given sections (`FOR NO KEY UPDATE`, ascending id: the one lock order) and counts the active
 * inscriptions of each by gender. `exceptInscriptionId` leaves one inscription out of the counts (a
 * student moving within the same section set). Must run inside a transaction.
 */
export function lockSections(
  tx: DbOrTx,
  sectionIds: number[],
  opts: { exceptInscriptionId?: number } = {},
): Promise<SectionSeats[]> {
  return sectionSeats(tx, sectionIds, { ...opts, lock: true });
}

/**
 * The seats of the given sections, counted without (`lock: false`) or under (`lock: true`) their row
 * locks. An unlocked count is a snapshot: it may refuse early, never grant a seat.
 */
async function sectionSeats(
  tx: DbOrTx,
  sectionIds: number[],
  opts: { exceptInscriptionId?: number; lock: boolean },
): Promise<SectionSeats[]> {
  if (sectionIds.length === 0) return [];
  if (opts.lock) return lockedSectionSeats(tx, sectionIds, opts.exceptInscriptionId);
  const rows = await tx
    .select({
      id: sections.id,
      code: sections.code,
      periodId: sections.periodId,
      semesterId: sections.semesterId,
      malesLimit: sections.malesLimit,
      femalesLimit: sections.femalesLimit,
    })
    .from(sections)
    .where(inArray(sections.id, sectionIds))
    .orderBy(asc(sections.id));
  if (rows.length === 0) return [];
  const counts = await tx
    .select({
      sectionId: inscriptions.sectionId,
      males: sql<number>`count(*) filter (where ${students.gender} <> 'female')`.mapWith(Number),
      females: sql<number>`count(*) filter (where ${students.gender} = 'female')`.mapWith(Number),
    })
    .from(inscriptions)
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .where(
      and(
        inArray(
          inscriptions.sectionId,
          rows.map((r) => r.id),
        ),
        eq(inscriptions.status, "active"),
        opts.exceptInscriptionId === undefined ? undefined : ne(inscriptions.id, opts.exceptInscriptionId),
      ),
    )
    .groupBy(inscriptions.sectionId);
  const bySection = new Map(counts.map((c) => [c.sectionId, c]));
  return rows.map((r) => ({
    section: { id: r.id, code: r.code, periodId: r.periodId, semesterId: r.semesterId },
    malesLimit: r.malesLimit,
    femalesLimit: r.femalesLimit,
    males: bySection.get(r.id)?.males ?? 0,
    females: bySection.get(r.id)?.females ?? 0,
  }));
}

type LockedSeatsRow = {
  seat_section_id: number;
  seat_code: string;
  seat_period_id: number;
  seat_semester_id: number;
  seat_males_limit: number;
  seat_females_limit: number;
  seat_males: number | string | bigint;
  seat_females: number | string | bigint;
};

/**
 * The seats of the given sections under their row locks, in one round trip: the database function
 * `lock_section_seats` (migration 0016) locks the rows (`FOR NO KEY UPDATE`, ascending id) and then counts
 * in a fresh snapshot, which sees what every earlier holder of the locks committed. NO KEY UPDATE: seat
 * checkers queue on each other, yet a transaction that inserted an inscription (whose foreign key holds
 * KEY SHARE on the section row) never deadlocks with one.
 */
async function lockedSectionSeats(
  tx: DbOrTx,
  sectionIds: number[],
  exceptInscriptionId: number | undefined,
): Promise<SectionSeats[]> {
  const ids = `{${sectionIds.map((id) => Math.trunc(id)).join(",")}}`;
  const result = await tx.execute(
    sql`select * from lock_section_seats(${ids}::integer[], ${exceptInscriptionId ?? null}::integer)`,
  );
  return (result as unknown as { rows: LockedSeatsRow[] }).rows.map(seatsOfRow);
}

const seatsOfRow = (r: LockedSeatsRow): SectionSeats => ({
  section: {
    id: r.seat_section_id,
    code: r.seat_code,
    periodId: r.seat_period_id,
    semesterId: r.seat_semester_id,
  },
  malesLimit: r.seat_males_limit,
  femalesLimit: r.seat_females_limit,
  males: Number(r.seat_males),
  females: Number(r.seat_females),
});

/**
 * Refuses a section already full for `gender` from an unlocked snapshot of its seats: on a busy
 * enrolment day most requests for a popular section are refusals, and they need not queue on its lock.
 * A snapshot may refuse early, never grant a seat. No refusal when the section does not exist (the
 * locked count says so).
 */
export async function refuseFullFromSnapshot(
  tx: DbOrTx,
  opts: { sectionId: number; gender: string; exceptInscriptionId?: number; onSeats?: SeatsSeen },
): Promise<void> {
  const [snapshot] = await sectionSeats(tx, [opts.sectionId], {
    exceptInscriptionId: opts.exceptInscriptionId,
    lock: false,
  });
  if (snapshot && opts.exceptInscriptionId === undefined) opts.onSeats?.(snapshot);
  if (snapshot && freeSeats(snapshot, opts.gender) <= 0) {
    throw refuse("section_is_filled_or_gender_is_filled", fullSectionDescription(snapshot, opts.gender));
  }
}

/**
 * Checks and claims a seat of `gender` in a chosen section: locks the section row until the transaction
 * ends and answers its seats when one is free. The caller then writes the inscription (or moves it) in the
 * same transaction; that write is the claim.
 *
 * Refusals: 404 `section_not_found_for_inscription` when the section does not exist; 400
 * `section_is_filled_or_gender_is_filled` with a Spanish description naming the section, the gender and
 * the count ("La sección 1A no tiene cupos para hembras: 15 de 15 ocupados.").
 * `exceptInscriptionId`: an inscription not to count (e.g. the student's own one when re-checking).
 */
export async function claimSeat(
  tx: DbOrTx,
  opts: { sectionId: number; gender: string; exceptInscriptionId?: number },
): Promise<SectionSeats> {
  await refuseFullFromSnapshot(tx, opts);
  const [seats] = await lockSections(tx, [opts.sectionId], { exceptInscriptionId: opts.exceptInscriptionId });
  if (!seats) throw notFound("section_not_found_for_inscription");
  if (freeSeats(seats, opts.gender) <= 0) {
    throw refuse("section_is_filled_or_gender_is_filled", fullSectionDescription(seats, opts.gender));
  }
  return seats;
}

/**
 * The other way to take a seat, for a caller that has ALREADY written its active inscription
 * `inscriptionId` into `sectionId` in this transaction: locks the section and refuses when the seats of
 * the gender, that inscription included, pass the limit (the caller's transaction then rolls back and
 * nothing stays written). Writing first and checking last holds the section's lock for two statements
 * and the commit instead of the whole enrolment, so an inscription storm on one section moves fast.
 * Correct with `claimSeat` mixed in: every check counts, under the same lock, what the transactions
 * before it committed.
 */
export async function holdSeat(
  tx: DbOrTx,
  opts: { sectionId: number; gender: string; inscriptionId: number; onSeats?: SeatsSeen },
): Promise<SectionSeats> {
  const [seats] = await lockSections(tx, [opts.sectionId]);
  if (!seats) throw notFound("section_not_found_for_inscription");
  const others = withoutOwn(seats, opts.gender);
  if (freeSeats(others, opts.gender) <= 0) {
    opts.onSeats?.(others);
    throw refuse("section_is_filled_or_gender_is_filled", fullSectionDescription(others, opts.gender));
  }
  // The seats once this transaction commits (it is about to).
  opts.onSeats?.(seats);
  return others;
}

/** The seats without the caller's own new inscription (of `gender`), as a refusal describes them. */
function withoutOwn(seats: SectionSeats, gender: string): SectionSeats {
  return isFemale(gender) ? { ...seats, females: seats.females - 1 } : { ...seats, males: seats.males - 1 };
}

/**
 * The refusal for an error the database function `hold_section_seat` (migration 0016) raised: a section
 * whose seats of `gender`, the caller's own new inscription included, passed the limit (its seats come as
 * JSON in the error's DETAIL; told to `onSeats` without that inscription, which is not kept), or a section
 * that does not exist. Null for any other error.
 */
export function seatHoldRefusal(err: unknown, gender: string, onSeats?: SeatsSeen): AppError | null {
  const raised = pgErrorOf(err);
  if (!raised) return null;
  if (raised.message === "section_not_found_for_inscription")
    return notFound("section_not_found_for_inscription");
  if (raised.message !== "section_is_filled_or_gender_is_filled" || !raised.detail) return null;
  const others = withoutOwn(seatsOfRow(JSON.parse(raised.detail) as LockedSeatsRow), gender);
  onSeats?.(others);
  return refuse("section_is_filled_or_gender_is_filled", fullSectionDescription(others, gender));
}

/** The seats `hold_section_seat` answered (a `lock_section_seats_row` as JSON), without the caller's own. */
export function heldSeats(row: unknown, gender: string, onSeats?: SeatsSeen): SectionSeats {
  const seats = seatsOfRow(row as LockedSeatsRow);
  onSeats?.(seats);
  return withoutOwn(seats, gender);
}

/**
 * Picks the section of a semester in a period with a free seat for `gender`: the one with the fewest
 * active students first (then the lowest id). Locks every section of that semester and period (ascending
 * id) until the transaction ends, so concurrent automatic inscriptions of the semester take turns.
 *
 * Refusals: 400 `no_available_sections_for_inscription`, with a Spanish description listing each
 * section and its occupancy for that gender (or saying the semester has no sections in the period).
 */
export async function pickSectionWithSeat(
  tx: DbOrTx,
  opts: { periodId: number; semesterId: number; gender: string },
): Promise<SectionSeats> {
  const ids = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(and(eq(sections.periodId, opts.periodId), eq(sections.semesterId, opts.semesterId)));
  const all = await lockSections(
    tx,
    ids.map((r) => r.id),
  );
  if (all.length === 0) {
    throw refuse(
      "no_available_sections_for_inscription",
      "No hay secciones con cupos disponibles para la inscripción: el semestre no tiene secciones en este período.",
    );
  }
  const free = all
    .filter((s) => freeSeats(s, opts.gender) > 0)
    .sort((a, b) => a.males + a.females - (b.males + b.females) || a.section.id - b.section.id);
  const best = free[0];
  if (!best) {
    const detail = all
      .map((s) => {
        const limit = isFemale(opts.gender) ? s.femalesLimit : s.malesLimit;
        const taken = isFemale(opts.gender) ? s.females : s.males;
        return `${s.section.code} (${taken} de ${limit})`;
      })
      .join(", ");
    throw refuse(
      "no_available_sections_for_inscription",
      `No hay secciones con cupos disponibles para ${genderPlural(opts.gender)} en este semestre: ${detail}.`,
    );
  }
  return best;
}

/**
 * The seats of the given sections from an unlocked snapshot (no lock taken): for a preview that counts
 * seats before anything is written (the student import's), never to grant a seat.
 */
export function seatsSnapshot(tx: DbOrTx, sectionIds: number[]): Promise<SectionSeats[]> {
  return sectionSeats(tx, sectionIds, { lock: false });
}
