import { and, eq, inArray, notExists } from "drizzle-orm";
import { Role } from "../../../common/roles.js";
import { type Clock, dateIn } from "../../clock.js";
import type { Config } from "../../config.js";
import type { DbOrTx } from "../../db/client.js";
import { documentRequests, issuedDocuments, users } from "../../db/schema/index.js";
import type { FileStorage } from "../../storage/types.js";
import { graduateStanding } from "./graduate.js";
import { buildDocumentPdf } from "./pdf.js";
import {
  documentFacts,
  getDocumentRequest,
  isGeneratable,
  sha256,
  storageKeyOf,
  verificationCode,
  verifyUrlOf,
} from "./service.js";

/**
 * The demo school's documents: every generated, retired or canceled request without an issued document
 * gets its PDF (stored, with its verification code; a canceled one revoked), as if staff had generated
 * it on its day. Run by `npm run demo` right after seeding (the seed itself has no file storage).
 */
export async function issueDemoDocuments(opts: {
  db: DbOrTx;
  storage: FileStorage;
  config: Pick<Config, "institutionName" | "appUrl" | "timeZone">;
  clock: Clock;
}): Promise<number> {
  const { db, storage, config } = opts;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.type, Role.admin)).limit(1);
  if (!admin) return 0;
  const caller = { id: admin.id, type: Role.admin };
  const rows = await db
    .select({ id: documentRequests.id })
    .from(documentRequests)
    .where(
      and(
        inArray(documentRequests.status, ["generated", "retired", "canceled"]),
        notExists(
          db.select().from(issuedDocuments).where(eq(issuedDocuments.requestId, documentRequests.id)),
        ),
      ),
    )
    .orderBy(documentRequests.id);
  let issued = 0;
  for (const { id } of rows) {
    const request = await getDocumentRequest({ db, caller, id });
    if (!isGeneratable(request.typeId)) continue;
    const when = request.generatedAt ?? opts.clock.now();
    let facts: Omit<Awaited<ReturnType<typeof documentFacts>>, "periodId">;
    // As staff would: no graduate letter for a student who did not approve their whole pensum.
    const today = dateIn(config.timeZone, when);
    if (request.typeId === 4 && !(await graduateStanding(db, request.studentId, today)).graduated) continue;
    try {
      const { periodId: _periodId, ...rest } = await documentFacts({
        db,
        caller,
        request,
        kind: request.typeId,
        institution: config.institutionName,
        today,
      });
      facts = rest;
    } catch {
      continue; // a student without an inscription in the period: no certificate to show
    }
    const code = verificationCode();
    const pdf = await buildDocumentPdf({
      ...facts,
      issuedOn: dateIn(config.timeZone, when),
      code,
      verifyUrl: verifyUrlOf(config.appUrl, code),
    });
    const key = storageKeyOf(request.id, code);
    await storage.put(key, pdf, { contentType: "application/pdf" });
    await db.insert(issuedDocuments).values({
      requestId: request.id,
      code,
      kind: request.typeId,
      studentId: request.studentId,
      issuedAt: when,
      issuedByUserId: admin.id,
      sha256: sha256(pdf),
      storageKey: key,
      ...(request.status === "canceled"
        ? { revokedAt: request.canceledAt ?? opts.clock.now(), revokedReason: "La solicitud fue cancelada." }
        : {}),
    });
    issued += 1;
  }
  return issued;
}
