import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { students } from "../../db/schema/index.js";

type Batch = { ids: Set<number>; genders: Promise<Map<number, string>> };

const batches = new WeakMap<object, Batch>();

/**
 * A student's gender (null when there is no such student), for refusing a seat from the memory of full
 * sections (full-sections.ts) without the whole check. Every request that asks in the same turn of the
 * event loop shares one query: on an enrolment morning the requests that a section full for one gender
 * refuses arrive together, and each would otherwise wait for a read of its own. Per database (tests run
 * several in one process).
 */
export function studentGender(db: DbOrTx, studentId: number): Promise<string | null> {
  let batch = batches.get(db);
  if (!batch) {
    const ids = new Set<number>();
    // setImmediate runs after the I/O of this turn: the requests read in it have asked by then.
    const genders = new Promise<Map<number, string>>((resolve, reject) => {
      setImmediate(() => {
        batches.delete(db);
        db.select({ id: students.id, gender: students.gender })
          .from(students)
          .where(inArray(students.id, [...ids]))
          .then((rows) => resolve(new Map(rows.map((row) => [row.id, row.gender]))), reject);
      });
    });
    batch = { ids, genders };
    batches.set(db, batch);
  }
  batch.ids.add(studentId);
  return batch.genders.then((genders) => genders.get(studentId) ?? null);
}
