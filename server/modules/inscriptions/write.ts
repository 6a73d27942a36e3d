import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { heldSeats, type SeatsSeen, type SectionSeats, seatHoldRefusal } from "./seats.js";

export type InscriptionWrite = {
  studentId: number;
  gender: string;
  periodId: number;
  semesterId: number;
  specializationId: number;
  sectionId: number;
  preInscriptionId: number | null;
  /** The course sections to enrol the student in (those whose prelations they meet). */
  courseSectionIds: number[];
  /** Told the section's seats as counted under its lock (the memory of full sections). */
  onSeats?: SeatsSeen;
  /** The instant of the inscription, from the application's clock (its day is when the fee falls due). */
  now: Date;
};

export type WrittenInscription = {
  inscriptionId: number;
  createdAt: Date;
  feeGenerated: boolean;
  /** The section's seats before this inscription. */
  seats: SectionSeats;
};

type WrittenRow = {
  new_inscription_id: number;
  new_created_at: string;
  fee_generated: boolean;
  seats: unknown;
};

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(",")}}`;

/**
 * The writes of an inscription into a chosen section, checked already, in ONE statement: the database
 * function `inscribe_into_section` (migrations 0017, 0019) inserts the inscription, its enrolments and the period
 * fee, then counts the section's seats under its lock and raises when the gender's seats pass the limit,
 * which undoes everything. Called outside a transaction it is its own transaction, committed the moment it
 * ends: the section's lock is never held across a round trip, and an inscription storm on one section costs
 * the database one statement per seat. Refusals: `section_is_filled_or_gender_is_filled` (with the count),
 * `section_not_found_for_inscription`; a unique or foreign key violation is left to `withDbErrors`.
 */
export async function writeInscription(db: DbOrTx, w: InscriptionWrite): Promise<WrittenInscription> {
  let row: WrittenRow;
  try {
    const result = await db.execute(sql`select row_to_json(r)::text as written from inscribe_into_section(
      ${w.studentId}::integer, ${w.periodId}::integer, ${w.semesterId}::integer, ${w.specializationId}::integer,
      ${w.sectionId}::integer, ${w.preInscriptionId}::integer, ${intArray(w.courseSectionIds)}::integer[],
      ${w.gender === "female"}::boolean, ${w.now.toISOString()}::timestamptz) r`);
    const [first] = (result as unknown as { rows: { written: string }[] }).rows;
    row = JSON.parse(first!.written) as WrittenRow;
  } catch (err) {
    throw seatHoldRefusal(err, w.gender, w.onSeats) ?? err;
  }
  return {
    inscriptionId: row.new_inscription_id,
    createdAt: new Date(row.new_created_at),
    feeGenerated: row.fee_generated,
    seats: heldSeats(row.seats, w.gender, w.onSeats),
  };
}
