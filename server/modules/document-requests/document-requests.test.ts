import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeError } from "../../../common/errors.js";
import { Role } from "../../../common/roles.js";
import { signAccessToken } from "../../auth/tokens.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import { issueDemoDocuments } from "./demo.js";
import { documentErrorText } from "./errors.js";
import { documentFacts, getDocumentRequest } from "./service.js";
import { verificationLimit } from "./throttle.js";

let ctx: TestContext;
let admin: { authorization: string };
let adminUserId: number;
let lowAdmin: { authorization: string };
let teacher: { authorization: string };
type Student = { id: number; userId: number; headers: { authorization: string }; identityDocument: string };
let alice: Student;
let demoIssued: number;
let demoDocuments: { status: string; revokedAt: Date | null; key: string }[];
let demoStored: unknown[];
let bob: Student;

async function studentLogin(row: { id: number; userId: number; identityDocument: string }): Promise<Student> {
  const { token } = await signAccessToken({
    secret: ctx.config.jwtSecret,
    userId: row.userId,
    ttlSeconds: 3600,
  });
  return { ...row, headers: { authorization: `Bearer ${token}` } };
}

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  // The demo's documents, as `npm run demo` issues them at start-up.
  demoIssued = await issueDemoDocuments({
    db: ctx.db,
    storage: ctx.app.storage,
    config: ctx.config,
    clock: ctx.clock,
  });
  demoDocuments = await ctx.db
    .select({
      status: s.documentRequests.status,
      revokedAt: s.issuedDocuments.revokedAt,
      key: s.issuedDocuments.storageKey,
    })
    .from(s.issuedDocuments)
    .innerJoin(s.documentRequests, eq(s.documentRequests.id, s.issuedDocuments.requestId));
  demoStored = await Promise.all(demoDocuments.map((d) => ctx.app.storage.stat(d.key)));
  // The demo's own requests aside: these tests count what they write.
  await ctx.db.delete(s.documentRequests);
  for (const d of demoDocuments) await ctx.app.storage.delete(d.key);
  const a = await createUserWithToken(ctx, Role.admin);
  admin = a.headers;
  adminUserId = a.user.id;
  lowAdmin = (await createUserWithToken(ctx, Role.lowAdmin)).headers;
  teacher = (await createUserWithToken(ctx, Role.teacher)).headers;
  // Two inscribed students of the current period with graded courses.
  const [current] = await ctx.db
    .select({ id: s.periods.id })
    .from(s.periods)
    .where(eq(s.periods.enabled, true));
  const inscribed = await ctx.db
    .select({ id: s.students.id, userId: s.students.userId, identityDocument: s.students.identityDocument })
    .from(s.students)
    .innerJoin(s.inscriptions, eq(s.inscriptions.studentId, s.students.id))
    .where(and(eq(s.inscriptions.periodId, current!.id), eq(s.students.status, "active")))
    .orderBy(s.students.id)
    .limit(2);
  alice = await studentLogin(inscribed[0]!);
  bob = await studentLogin(inscribed[1]!);
}, 240_000);
afterAll(() => ctx?.close());

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers?: object, payload?: object) =>
  ctx.app.inject({ method, url: `/api${url}`, headers: headers as Record<string, string>, payload });
const count = async () =>
  (await ctx.db.select({ id: s.documentRequests.id }).from(s.documentRequests)).length;

/** A multipart body with one file field. */
function multipart(field: string, data: Buffer, filename = "documento.pdf") {
  const boundary = "----aula11a";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function request(student: Student, typeId: number) {
  const res = await call("POST", "/document-requests", student.headers, { type_id: typeId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; status: string; period_id: number | null };
}

/**
 * Makes the student approve every course of their pensum: for each semester a section of their latest
 * period whose course sections have one lesson weighing 100 % where the student got 15.
 */
async function graduate(student: Student) {
  const [latest] = await ctx.db
    .select({ id: s.inscriptions.id, periodId: s.inscriptions.periodId, pensumId: s.semesters.pensumId })
    .from(s.inscriptions)
    .innerJoin(s.semesters, eq(s.semesters.id, s.inscriptions.semesterId))
    .where(eq(s.inscriptions.studentId, student.id))
    .orderBy(s.inscriptions.id);
  const pensumCourses = await ctx.db
    .select({ semesterId: s.semesterCourses.semesterId, courseId: s.semesterCourses.courseId })
    .from(s.semesterCourses)
    .where(eq(s.semesterCourses.pensumId, latest!.pensumId));
  const semesterIds = [...new Set(pensumCourses.map((c) => c.semesterId))];
  for (const semesterId of semesterIds) {
    const [section] = await ctx.db
      .insert(s.sections)
      .values({ periodId: latest!.periodId, semesterId, letterCode: "Z", code: `EGR-${semesterId}` })
      .returning();
    for (const { courseId } of pensumCourses.filter((c) => c.semesterId === semesterId)) {
      const [cs] = await ctx.db
        .insert(s.courseSections)
        .values({ sectionId: section!.id, courseId })
        .returning();
      await ctx.db
        .insert(s.courseEnrolments)
        .values({ inscriptionId: latest!.id, studentId: student.id, courseSectionId: cs!.id });
      const [lesson] = await ctx.db
        .insert(s.lessons)
        .values({ courseSectionId: cs!.id, date: ctx.clock.today(), evaluated: true, weight: 100 })
        .returning();
      await ctx.db.insert(s.lessonStudents).values({ lessonId: lesson!.id, studentId: student.id, note: 15 });
    }
  }
}

describe("the demo school", () => {
  it("has a stored PDF for every generated, retired and canceled request, the canceled one revoked", () => {
    expect(demoIssued).toBe(5);
    expect(demoDocuments.map((d) => d.status).sort()).toEqual(
      ["canceled", "generated", "generated", "retired", "retired"].sort(),
    );
    for (const d of demoDocuments) expect(d.revokedAt !== null).toBe(d.status === "canceled");
    expect(demoStored.every((f) => f !== null)).toBe(true);
  });
});

describe("asking for a document", () => {
  it("a student asks for themself; another student's id is refused and nothing is written", async () => {
    const before = await count();
    const refused = await call("POST", "/document-requests", alice.headers, {
      type_id: 2,
      student_id: bob.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().description).toBe(describeError("this_action_is_unauthorized"));
    expect(await count()).toBe(before);

    const created = await call("POST", "/document-requests", alice.headers, { type_id: 2 });
    expect(created.statusCode, created.body).toBe(201);
    const row = created.json().data;
    expect(row).toMatchObject({ student_id: alice.id, type_id: 2, status: "pending", document: null });
    expect(row.period_id).not.toBeNull();

    const again = await call("POST", "/document-requests", alice.headers, { type_id: 2 });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("document_request_already_pending");
    expect(await count()).toBe(before + 1);
  });

  it("refuses a type that cannot be requested, and staff must name the student", async () => {
    const bad = await call("POST", "/document-requests", alice.headers, { type_id: 3 });
    expect(bad.statusCode).toBe(422);
    const noStudent = await call("POST", "/document-requests", admin, { type_id: 1 });
    expect(noStudent.statusCode).toBe(422);
    expect(Object.keys(noStudent.json().errors)).toEqual(["student_id"]);
    const forBob = await call("POST", "/document-requests", lowAdmin, { type_id: 1, student_id: bob.id });
    expect(forBob.statusCode, forBob.body).toBe(201);
    expect(forBob.json().data.student_id).toBe(bob.id);
  });

  it("a student lists and sees only their own requests; staff see all, filter them and export CSV", async () => {
    const own = await call("GET", "/document-requests?limit=0", alice.headers);
    expect(own.statusCode).toBe(200);
    const rows = own.json().data as { student_id: number; id: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.student_id === alice.id)).toBe(true);

    const all = await call("GET", "/document-requests?limit=0", admin);
    const bobs = (all.json().data as { student_id: number; id: number }[]).find(
      (r) => r.student_id === bob.id,
    )!;
    expect(bobs).toBeDefined();
    expect((await call("GET", `/document-requests/${bobs.id}`, alice.headers)).statusCode).toBe(404);
    expect((await call("GET", `/document-requests/${bobs.id}`, bob.headers)).statusCode).toBe(200);

    const filtered = await call(
      "GET",
      `/document-requests?limit=0&type_id=1&status=pending&student_id=${bob.id}`,
      admin,
    );
    expect(filtered.json().data).toHaveLength(1);
    const csv = await call("GET", "/document-requests?format=csv", admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body).toContain("Código de verificación");

    expect((await call("GET", "/document-requests", teacher)).statusCode).toBe(403);
    expect((await call("GET", "/document-requests")).statusCode).toBe(401);
  });

  it("lists the request types, 1, 2 and 4 generatable", async () => {
    const res = await call("GET", "/document-request-types?limit=0", alice.headers);
    expect(res.statusCode).toBe(200);
    const types = res.json().data as { id: number; generatable: boolean }[];
    expect(types.map((t) => [t.id, t.generatable])).toEqual([
      [1, true],
      [2, true],
      [4, true],
    ]);
    expect((await call("PATCH", "/document-request-types/1", lowAdmin, { enabled: false })).statusCode).toBe(
      403,
    );
  });
});

describe("generating, sending and verifying", () => {
  let requestId: number;
  let code: string;
  let pdf: Buffer;

  it("only staff generate, only with the call of the request's type", async () => {
    const [mine] = (await call("GET", "/document-requests?type_id=2", alice.headers)).json().data as {
      id: number;
    }[];
    requestId = mine!.id;
    expect(
      (await call("GET", `/document-requests/${requestId}/generate-certificateNote`, alice.headers))
        .statusCode,
    ).toBe(403);
    const wrong = await call("GET", `/document-requests/${requestId}/generate-certificate`, admin);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("document_request_wrong_type");
    const early = await call("PATCH", `/document-requests/${requestId}/set-generated`, admin);
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe("document_request_not_sent");
  });

  it("a sending failure names the document, leaves the request pending and nothing behind", async () => {
    const send = ctx.app.mailer.send;
    ctx.app.mailer.send = async () => {
      throw new Error("SMTP caído");
    };
    try {
      const res = await call("GET", `/document-requests/${requestId}/generate-certificateNote`, admin);
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe("certificate_note_sending_failed");
      expect(res.json().description).toContain("constancia de notas");
    } finally {
      ctx.app.mailer.send = send;
    }
    const row = (await call("GET", `/document-requests/${requestId}`, admin)).json().data;
    expect(row.status).toBe("pending");
    expect(row.document).toBeNull();
    expect(await ctx.db.select().from(s.issuedDocuments)).toHaveLength(0);
    const stored = [];
    for await (const f of ctx.app.storage.list("document-requests/")) stored.push(f);
    expect(stored).toHaveLength(0);
  });

  it("generates the grades certificate: stored, e-mailed with the PDF, the student notified", async () => {
    const res = await call("GET", `/document-requests/${requestId}/generate-certificateNote`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data;
    expect(row.status).toBe("pending");
    code = row.document.code;
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
    expect(row.document.verify_url).toBe(`${ctx.config.appUrl}/verify/${code}`);

    const [issued] = await ctx.db.select().from(s.issuedDocuments).where(eq(s.issuedDocuments.code, code));
    expect(issued).toMatchObject({ requestId, kind: 2, studentId: alice.id, issuedByUserId: adminUserId });

    const files = (await readdir(ctx.outboxDir)).filter((f) => f.endsWith(".eml"));
    const raw = await readFile(path.join(ctx.outboxDir, files.at(-1)!), "utf8");
    expect(raw).toContain("application/pdf");
    expect(raw).toContain(`constancia-de-notas-${code}.pdf`);

    const notes = await ctx.db
      .select({ code: s.notifications.code, userId: s.notificationReceivers.userId })
      .from(s.notifications)
      .innerJoin(s.notificationReceivers, eq(s.notificationReceivers.notificationId, s.notifications.id))
      .where(eq(s.notifications.code, "document_ready"));
    expect(notes).toEqual([{ code: "document_ready", userId: alice.userId }]);

    const marked = await call("PATCH", `/document-requests/${requestId}/set-generated`, admin);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.status).toBe("generated");
    expect(marked.json().data.generated_at).not.toBeNull();
  });

  it("the grades table is the students module's: same notes, credits and averages", async () => {
    const caller = { id: adminUserId, type: Role.admin };
    const request = await getDocumentRequest({ db: ctx.db, caller, id: requestId });
    const facts = await documentFacts({
      db: ctx.db,
      caller,
      request,
      kind: 2,
      institution: "X",
      today: ctx.clock.today(),
    });
    const courses = (
      await call("GET", `/students/${alice.id}/courses?period_id=${request.periodId}`, admin)
    ).json().data as {
      status: string;
      note: number | null;
      standing: string;
      course: { code: string; credits: number };
    }[];
    const enrolled = courses.filter((c) => c.status === "enrolled");
    expect(facts.grades!.lines.length).toBe(enrolled.length);
    expect(facts.grades!.lines.length).toBeGreaterThan(0);
    for (const c of enrolled) {
      const line = facts.grades!.lines.find((l) => l.code === c.course.code)!;
      expect(line.note).toBe(c.note);
      expect(line.standing).toBe(c.standing);
      expect(line.credits).toBe(c.course.credits);
    }
    expect(facts.grades!.credits).toBe(enrolled.reduce((a, c) => a + c.course.credits, 0));
    const average = (
      await call("GET", `/students/${alice.id}/period-average-note?period_id=${request.periodId}`, admin)
    ).json().data;
    expect(facts.grades!.average).toBe(average.average);
    expect(facts.signers.map((x) => x.name)).toEqual(["Lcda. Mercedes Aranguren", "Lcda. Yolanda Bracho"]);
    expect(facts.semester).not.toBeNull();
    expect(facts.specialization).not.toBeNull();
  });

  it("the student downloads their own PDF (fonts embedded); nobody else's", async () => {
    const res = await call("GET", `/document-requests/${requestId}/file`, alice.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="constancia-de-notas-${code}.pdf"`);
    pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.toString("latin1")).toMatch(/\/FontFile[23]?/);
    expect(pdf.toString("latin1")).toContain("NotoSerif");
    expect((await call("GET", `/document-requests/${requestId}/file`, bob.headers)).statusCode).toBe(404);
    expect((await call("GET", `/document-requests/${requestId}/file`, teacher)).statusCode).toBe(403);
    expect((await call("GET", `/document-requests/${requestId}/file`, lowAdmin)).statusCode).toBe(200);
  });

  it("anyone verifies the code without logging in: what, to whom, when; never grades", async () => {
    const res = await call("GET", `/verify/${code.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().data;
    expect(v).toMatchObject({
      code,
      kind: 2,
      kind_name: "Constancia de notas",
      revoked: false,
      revoked_at: null,
    });
    expect(v.identity_document).not.toBe(alice.identityDocument);
    expect(v.identity_document).toContain("•");
    expect(v.identity_document.slice(-3)).toBe(alice.identityDocument.slice(-3));
    // The public facts only: no grades, credits or averages.
    expect(Object.keys(v).sort()).toEqual(
      [
        "code",
        "identity_document",
        "institution",
        "issued_at",
        "kind",
        "kind_name",
        "period",
        "revoked",
        "revoked_at",
        "revoked_reason",
        "specialization",
        "student_name",
      ].sort(),
    );
  });

  it("the genuine PDF matches; an edited one (one byte changed) does not", async () => {
    const genuine = await call("POST", `/verify/${code}`, undefined, undefined);
    expect(genuine.statusCode).toBe(422);
    const ok = await ctx.app.inject({
      method: "POST",
      url: `/api/verify/${code}`,
      ...multipart("file", pdf),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.matches).toBe(true);
    const edited = Buffer.from(pdf);
    const at = Math.floor(edited.length / 2);
    edited[at] = edited[at]! ^ 1;
    const bad = await ctx.app.inject({
      method: "POST",
      url: `/api/verify/${code}`,
      ...multipart("file", edited),
    });
    expect(bad.statusCode).toBe(200);
    expect(bad.json().data.matches).toBe(false);
  });

  it("an unknown or malformed code: 404 with a Spanish description", async () => {
    for (const unknown of ["ZZZZZZZZZZ", "no-existe", "x".repeat(40)]) {
      const res = await call("GET", `/verify/${unknown}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        message: "verification_code_not_found",
        description: documentErrorText.verification_code_not_found,
      });
    }
    const post = await ctx.app.inject({
      method: "POST",
      url: "/api/verify/ZZZZZZZZZZ",
      ...multipart("file", pdf),
    });
    expect(post.statusCode).toBe(404);
  });

  it("retired keeps the document valid; a canceled request revokes it", async () => {
    expect(
      (await call("PATCH", `/document-requests/${requestId}/set-retired`, admin)).json().data.status,
    ).toBe("retired");
    expect((await call("GET", `/verify/${code}`)).json().data.revoked).toBe(false);
    const closed = await call("PATCH", `/document-requests/${requestId}/set-canceled`, admin);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe("document_request_already_closed");

    // Bob's study certificate: generated, then canceled.
    const [bobs] = (await call("GET", `/document-requests?student_id=${bob.id}&type_id=1`, admin)).json()
      .data as {
      id: number;
    }[];
    const gen = await call("GET", `/document-requests/${bobs!.id}/generate-certificate`, admin);
    expect(gen.statusCode, gen.body).toBe(200);
    const bobCode = gen.json().data.document.code as string;
    expect((await call("PATCH", `/document-requests/${bobs!.id}/set-generated`, admin)).statusCode).toBe(200);
    const file = (await call("GET", `/document-requests/${bobs!.id}/file`, bob.headers)).rawPayload;
    const canceled = await call("PATCH", `/document-requests/${bobs!.id}/set-canceled`, lowAdmin);
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json().data.status).toBe("canceled");
    const v = (await call("GET", `/verify/${bobCode}`)).json().data;
    expect(v.revoked).toBe(true);
    expect(v.revoked_reason).toBe("La solicitud fue cancelada.");
    const check = await ctx.app.inject({
      method: "POST",
      url: `/api/verify/${bobCode}`,
      ...multipart("file", file),
    });
    expect(check.json().data).toMatchObject({ matches: true, revoked: true });
    expect((await call("GET", `/document-requests/${bobs!.id}/file`, bob.headers)).statusCode).toBe(404);
    const del = await call("DELETE", `/document-requests/${bobs!.id}`, admin);
    expect(del.json().message).toBe("document_request_has_documents");
  });

  it("generates the graduate recommendation letter (type 4) for a student who approved their pensum", async () => {
    await graduate(bob);
    const eligibility = await call("GET", "/document-requests/letter-eligibility", bob.headers);
    expect(eligibility.json().data).toEqual({ eligible: true, missing: [], reason: null });
    const created = await request(bob, 4);
    const res = await call("GET", `/document-requests/${created.id}/generate-letter`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const file = await call("GET", `/document-requests/${created.id}/file`, bob.headers);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(file.headers["content-disposition"]).toContain("carta-de-recomendacion-de-egresado-");
  });

  it("refuses the graduate letter to a student who has not approved their whole pensum, saying why", async () => {
    const before = await count();
    const eligibility = await call("GET", "/document-requests/letter-eligibility", alice.headers);
    expect(eligibility.statusCode, eligibility.body).toBe(200);
    const why = eligibility.json().data;
    expect(why.eligible).toBe(false);
    expect(why.missing.length).toBeGreaterThan(0);
    expect(why.reason).toMatch(
      /^La carta de recomendación de egresado es solo para quien aprobó todas las materias/,
    );
    const refused = await call("POST", "/document-requests", alice.headers, { type_id: 4 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: "student_has_not_graduated", description: why.reason });
    expect(await count()).toBe(before);
    // Staff asking for her get the same answer; another student's eligibility is not hers to see.
    const staff = await call("GET", `/document-requests/letter-eligibility?student_id=${alice.id}`, admin);
    expect(staff.json().data).toEqual(why);
    expect(
      (await call("GET", `/document-requests/letter-eligibility?student_id=${bob.id}`, alice.headers))
        .statusCode,
    ).toBe(403);
  });

  it("does not generate a letter for a pending request of a student who has not graduated", async () => {
    const [row] = await ctx.db
      .insert(s.documentRequests)
      .values({ studentId: alice.id, typeId: 4, status: "pending" })
      .returning();
    const res = await call("GET", `/document-requests/${row!.id}/generate-letter`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("student_has_not_graduated");
    const issued = await ctx.db
      .select()
      .from(s.issuedDocuments)
      .where(eq(s.issuedDocuments.requestId, row!.id));
    expect(issued).toEqual([]);
    await ctx.db.delete(s.documentRequests).where(eq(s.documentRequests.id, row!.id));
  });

  it("a student deletes their own pending request, not someone else's", async () => {
    const mine = await request(alice, 1);
    expect((await call("DELETE", `/document-requests/${mine.id}`, bob.headers)).statusCode).toBe(404);
    expect((await call("DELETE", `/document-requests/${mine.id}`, alice.headers)).statusCode).toBe(204);
  });
});

describe("the public verification's rate limit", () => {
  it("answers 429 in Spanish with Retry-After once an address has asked too often", async () => {
    let res = await call("GET", "/verify/ZZZZZZZZZZ");
    for (let i = 0; i < verificationLimit.points && res.statusCode !== 429; i += 1)
      res = await call("GET", "/verify/ZZZZZZZZZZ");
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe("too_many_requests");
    expect(res.json().description).toMatch(/^Se hicieron demasiadas verificaciones desde esta conexión/);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
  });
});
