import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { students } from "../../db/schema/index.js";

type Batch = { ids: Set<number>; genders: Promise<Map<number, string>>; read(): void };
type Reader = { next: Batch | null; reading: boolean };

const readers = new WeakMap<object, Reader>();

/**
 * A student's gender (null when there is no such student), for refusing a seat from the memory of full
 * sections (full-sections.ts) without the whole check. On an enrolment morning the requests that a section
 * full for one gender refuses arrive together, and each would otherwise wait for a read of its own (and for
 * a connection to read it on): the students asked while a read is under way are read together by the next
 * one, and those asked in the same turn of the event loop by the same one. Per database (tests run several
 * in one process).
 */
export function studentGender(db: DbOrTx, studentId: number): Promise<string | null> {
  let reader = readers.get(db);
  if (!reader) {
    reader = { next: null, reading: false };
    readers.set(db, reader);
  }
  if (!reader.next) {
    reader.next = newBatch(db, reader);
    // setImmediate runs after the I/O of this turn: the requests read in it have asked by then.
    if (!reader.reading) setImmediate(reader.next.read);
  }
  reader.next.ids.add(studentId);
  return reader.next.genders.then((genders) => genders.get(studentId) ?? null);
}

function newBatch(db: DbOrTx, reader: Reader): Batch {
  const ids = new Set<number>();
  let read = () => {};
  const genders = new Promise<Map<number, string>>((resolve, reject) => {
    read = () => {
      reader.next = null;
      reader.reading = true;
      db.select({ id: students.id, gender: students.gender })
        .from(students)
        .where(inArray(students.id, [...ids]))
        .then((rows) => resolve(new Map(rows.map((row) => [row.id, row.gender]))), reject)
        .finally(() => {
          reader.reading = false;
          // Those who asked meanwhile.
          if (reader.next) setImmediate(reader.next.read);
        });
    };
  });
  return { ids, genders, read };
}
