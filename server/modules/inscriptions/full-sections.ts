import { refuse } from "../../http/errors.js";
import { freeSeats, fullSectionDescription, type SectionSeats } from "./seats.js";

/**
 * A one-second memory, per database, of the sections this server saw full (under the section's lock, or
 * in a committed snapshot). On an enrolment morning hundreds of requests ask for the same popular section
 * at once; once it is full, the rest are refused from this memory without a query, instead of each
 * queueing for a connection and the section's lock only to be refused there.
 *
 * It can only refuse, never grant a seat, and only for a second after the section was seen full: a seat
 * freed in that second (by another server) is seen by requests after it, as with any snapshot. Seat-freeing
 * changes made through this server (rollback, retire, change of section or semester, new limits) forget
 * everything at once (`forgetFullSections`).
 */
const MEMORY_MS = 1000;

type Entry = { seats: SectionSeats; males: boolean; females: boolean; at: number };

const memories = new WeakMap<object, Map<number, Entry>>();

function memoryOf(db: object): Map<number, Entry> {
  let memory = memories.get(db);
  if (!memory) {
    memory = new Map();
    memories.set(db, memory);
  }
  return memory;
}

/**
 * Remembers which genders have no free seat in `seats` (a locked count or a committed snapshot). A count
 * with free seats forgets nothing: a snapshot does not see the seats being taken right now.
 */
export function rememberSeats(db: object, seats: SectionSeats, now = Date.now()): void {
  const males = freeSeats(seats, "male") <= 0;
  const females = freeSeats(seats, "female") <= 0;
  if (males || females) memoryOf(db).set(seats.section.id, { seats, males, females, at: now });
}

/**
 * Refuses (`section_is_filled_or_gender_is_filled`) when the section was seen full within the last second:
 * for `gender`, or for both genders when the gender is not known yet (null). A request naming the section
 * with another semester or period is left to the checks that say so (422).
 */
export function refuseKnownFull(
  db: object,
  asked: { sectionId: number; semesterId: number; periodId: number | null },
  gender: string | null,
  now = Date.now(),
): void {
  const memory = memories.get(db);
  const entry = memory?.get(asked.sectionId);
  if (!entry) return;
  if (now - entry.at > MEMORY_MS) {
    memory!.delete(asked.sectionId);
    return;
  }
  const { section } = entry.seats;
  if (section.semesterId !== asked.semesterId) return;
  if (asked.periodId !== null && section.periodId !== asked.periodId) return;
  if (gender === null) {
    if (entry.males && entry.females) {
      const { code } = entry.seats.section;
      throw refuse(
        "section_is_filled_or_gender_is_filled",
        `La sección ${code} no tiene cupos: ${entry.seats.males} de ${entry.seats.malesLimit} varones y ` +
          `${entry.seats.females} de ${entry.seats.femalesLimit} hembras ocupados.`,
      );
    }
    return;
  }
  if (gender === "female" ? entry.females : entry.males) {
    throw refuse("section_is_filled_or_gender_is_filled", fullSectionDescription(entry.seats, gender));
  }
}

/** Whether the section was seen full (for either gender) within the last second. */
export function remembersFull(db: object, sectionId: number, now = Date.now()): boolean {
  const entry = memories.get(db)?.get(sectionId);
  return entry !== undefined && now - entry.at <= MEMORY_MS;
}

/** Forgets every section seen full: after a change through this server that may free seats. */
export function forgetFullSections(db: object): void {
  memories.delete(db);
}
