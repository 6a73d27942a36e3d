import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { students } from "../../db/schema/index.js";

/**
 * How long the first student asked waits for others to join the read. While a section is remembered full
 * for one gender, the requests it refuses reach this server one by one (about one per millisecond when
 * hundreds arrive at once), and each read costs the database more than the wait.
 */
export const GATHER_MS = 4;

type Batch = { ids: Set<number>; genders: Promise<Map<number, string>>; due: boolean; read(): void };
type Reader = { next: Batch | null; reading: boolean };

const readers = new WeakMap<object, Reader>();

/**
 * A student's gender (null when there is no such student), for refusing a seat from the memory of full
 * sections (full-sections.ts) without the whole check. On an enrolment morning the requests that a section
 * full for one gender refuses arrive together, and each would otherwise wait for a read of its own (and for
 * a connection to read it on): the students asked within GATHER_MS of the first, or while a read is under
 * way, are read together by one query. Per database (tests run several in one process).
 */
export function studentGender(db: DbOrTx, studentId: number): Promise<string | null> {
  let reader = readers.get(db);
  if (!reader) {
    reader = { next: null, reading: false };
    readers.set(db, reader);
  }
  if (!reader.next) {
    const batch = newBatch(db, reader);
    reader.next = batch;
    setTimeout(() => {
      batch.due = true;
      if (!reader.reading) batch.read();
    }, GATHER_MS);
  }
  reader.next.ids.add(studentId);
  return reader.next.genders.then((genders) => genders.get(studentId) ?? null);
}

function newBatch(db: DbOrTx, reader: Reader): Batch {
  const ids = new Set<number>();
  const batch: Batch = { ids, genders: Promise.resolve(new Map()), due: false, read: () => {} };
  batch.genders = new Promise<Map<number, string>>((resolve, reject) => {
    batch.read = () => {
      reader.next = null;
      reader.reading = true;
      gendersQuery(db)
        .execute({ ids: `{${[...ids].join(",")}}` })
        .then((rows) => resolve(new Map(rows.map((row) => [row.id, row.gender]))), reject)
        .finally(() => {
          reader.reading = false;
          // Those who asked meanwhile, if they have waited long enough.
          if (reader.next?.due) reader.next.read();
        });
    };
  });
  return batch;
}

const prepareGendersQuery = (db: DbOrTx) =>
  db
    .select({ id: students.id, gender: students.gender })
    .from(students)
    .where(sql`${students.id} = any(${sql.placeholder("ids")}::integer[])`)
    .prepare("student_genders");

const queries = new WeakMap<object, ReturnType<typeof prepareGendersQuery>>();

/** The read, built once per database: the same text whatever the number of students. */
function gendersQuery(db: DbOrTx) {
  let query = queries.get(db);
  if (!query) {
    query = prepareGendersQuery(db);
    queries.set(db, query);
  }
  return query;
}
