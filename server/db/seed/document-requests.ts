import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";
import type { SeededInscription } from "./enrolment.js";
import type { SeededPeople } from "./people.js";

/**
 * Document requests in the states communication.ts does not make: two retired (picked up) and one
 * canceled. Their PDFs, and those of the generated ones, are issued when the demo server starts
 * (server/modules/document-requests/demo.ts `issueDemoDocuments`: it needs the file storage).
 */
export async function seedDocumentRequests(
  db: DbOrTx,
  academics: SeededAcademics,
  people: SeededPeople,
  inscriptions: SeededInscription[],
  now: Date,
) {
  const admin = people.admins[0]!.userId;
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  await db.insert(s.documentRequests).values(
    inscriptions.slice(25, 28).map((ins, i) => ({
      studentId: ins.student.id,
      typeId: [1, 2, 1][i]!,
      periodId: academics.currentPeriodId,
      status: i < 2 ? "retired" : "canceled",
      observation: i === 0 ? "Para el seguro escolar." : null,
      generatedAt: daysAgo(10 - i),
      retiredAt: i < 2 ? daysAgo(5 - i) : null,
      canceledAt: i < 2 ? null : daysAgo(3),
      handledByUserId: admin,
      createdAt: daysAgo(12 - i),
    })),
  );
}
