// Bench data for the grades-certificate scenario (issue 11): a pending grades-certificate request (type 2)
// of a student of the current period with graded courses. Each generation builds the PDF (notes of the
// students module, embedded font, QR), stores it, records it, e-mails it (the outbox folder) and notifies
// the student; the request stays pending, so every request of the run generates anew. Goal: p95 ≤ 300 ms.
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.js";

export type DocumentsBenchIds = { requestId: number };

/** Before the server starts: the request the scenario generates again and again. */
export async function prepareDocuments(opts: {
  databaseUrl?: string;
  dataDir: string | null;
}): Promise<DocumentsBenchIds> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const rows = (await database.db.execute(sql`
      with student as (
        select i.student_id, i.period_id from inscriptions i
          join periods p on p.id = i.period_id and p.enabled
          join course_enrolments ce on ce.student_id = i.student_id
          join lesson_students ls on ls.student_id = i.student_id and ls.note is not null
         order by i.student_id limit 1)
      insert into document_requests (student_id, type_id, period_id, status, observation)
      select student_id, 2, period_id, 'pending', 'Banco de pruebas' from student
      returning id`)) as unknown as { rows: { id: number }[] };
    const id = rows.rows[0]?.id;
    if (!id) throw new Error("documents bench: no student of the current period has notes");
    return { requestId: Number(id) };
  } finally {
    await database.close();
  }
}
