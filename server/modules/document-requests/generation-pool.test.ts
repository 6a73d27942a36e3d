// PDF generation off the event loop (issue 27): built by a bounded worker pool outside the database
// transaction, refused politely when the pool is full, and an unchanged document is reused, not stored anew.
import { readdir } from "node:fs/promises";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import * as s from "../../db/schema/index.js";
import { setDocumentPool } from "../../pdf/documents.js";
import { createGate, createWorkerPool, pdfBusy, type WorkerPool } from "../../pdf/pool.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { seedDemoSchool } from "../../test/demo-school.js";
import type { DocumentFacts } from "./pdf.js";

let ctx: TestContext;
let admin: { authorization: string };
let other: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  admin = (await createUserWithToken(ctx, Role.admin)).headers;
  other = (await createUserWithToken(ctx, Role.lowAdmin)).headers;
}, 240_000);
afterEach(() => setDocumentPool(null));
afterAll(() => ctx?.close());

/** A new pending grades-certificate request of a student of the current period. */
async function pendingRequest(): Promise<number> {
  const { rows } = (await ctx.db.execute(sql`
    with student as (
      select i.student_id, i.period_id from inscriptions i
        join periods p on p.id = i.period_id and p.enabled
       order by i.student_id limit 1)
    insert into document_requests (student_id, type_id, period_id, status, observation)
    select student_id, 2, period_id, 'pending', 'Prueba' from student
    returning id`)) as unknown as { rows: { id: number }[] };
  return Number(rows[0]!.id);
}

const generate = (id: number) =>
  ctx.app.inject({
    method: "GET",
    url: `/api/document-requests/${id}/generate-certificateNote`,
    headers: admin,
  });

const issuedOf = (id: number) =>
  ctx.db.select().from(s.issuedDocuments).where(eq(s.issuedDocuments.requestId, id));

async function storedOf(id: number) {
  const keys: string[] = [];
  for await (const f of ctx.app.storage.list(`document-requests/${id}/`)) keys.push(f.key);
  return keys;
}

const mailCount = async () => (await readdir(ctx.outboxDir)).filter((f) => f.endsWith(".eml")).length;

describe("generating a document", () => {
  it("reuses an unchanged document: the same code and file, sent again, nothing new stored", async () => {
    const id = await pendingRequest();
    const first = await generate(id);
    expect(first.statusCode, first.body).toBe(200);
    await ctx.app.mailer.idle();
    const mailsBefore = await mailCount();
    const again = await generate(id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.document.code).toBe(first.json().data.document.code);
    expect(await issuedOf(id)).toHaveLength(1);
    expect(await storedOf(id)).toHaveLength(1);
    await ctx.app.mailer.idle();
    expect(await mailCount()).toBe(mailsBefore + 1);
  });

  it("identical generations at once build and store one document", { timeout: 60_000 }, async () => {
    const id = await pendingRequest();
    const answers = await Promise.all(Array.from({ length: 8 }, () => generate(id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().data.document.code)).size).toBe(1);
    expect(await issuedOf(id)).toHaveLength(1);
    expect(await storedOf(id)).toHaveLength(1);
  });

  it("is built by the pool, outside the transaction: others are served meanwhile", async () => {
    const held: { release: () => void }[] = [];
    const real = createWorkerPool<DocumentFacts, Uint8Array>({
      workerUrl: new URL("../../pdf/document-worker.mjs", import.meta.url),
      size: 1,
    });
    const waiting: WorkerPool<DocumentFacts, Uint8Array> = {
      run: (facts) =>
        new Promise((resolve, reject) => {
          held.push({ release: () => real.run(facts).then(resolve, reject) });
        }),
      load: () => ({ running: held.length, waiting: 0 }),
      close: () => real.close(),
    };
    await setDocumentPool(waiting);
    const id = await pendingRequest();
    let done = false;
    const generation = generate(id).then((res) => {
      done = true;
      return res;
    });
    while (held.length === 0) await new Promise((resolve) => setImmediate(resolve));
    // The PDF is with the pool; the database is free: another user is served, the request is readable.
    const me = await ctx.app.inject({ method: "GET", url: "/api/users/me", headers: other });
    expect(me.statusCode).toBe(200);
    const row = await ctx.app.inject({ method: "GET", url: `/api/document-requests/${id}`, headers: other });
    expect(row.statusCode).toBe(200);
    expect(done).toBe(false);
    held[0]!.release();
    const res = await generation;
    expect(res.statusCode, res.body).toBe(200);
    expect(await issuedOf(id)).toHaveLength(1);
  });

  it("a full pool refuses politely (503 in Spanish) and writes nothing", async () => {
    await setDocumentPool({
      run: () => Promise.reject(pdfBusy()),
      load: () => ({ running: 1, waiting: 0 }),
      close: async () => {},
    });
    const id = await pendingRequest();
    const res = await generate(id);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      message: "documents_busy",
      description: "Se están generando muchos documentos en este momento. Intente de nuevo en unos segundos.",
    });
    expect(await issuedOf(id)).toHaveLength(0);
    expect(await storedOf(id)).toHaveLength(0);
  });
});

describe("the worker pool", () => {
  it("runs at most `size` jobs, queues up to `maxQueue`, refuses beyond", { timeout: 60_000 }, async () => {
    const pool = createWorkerPool<DocumentFacts, Uint8Array>({
      workerUrl: new URL("../../pdf/document-worker.mjs", import.meta.url),
      size: 1,
      maxQueue: 1,
    });
    try {
      const facts: DocumentFacts = {
        kind: 1,
        institution: "Colegio de prueba",
        student: { firstName: "Ana", lastName: "Pérez", identityDocument: "V-1", gender: "female" },
        specialization: null,
        semester: null,
        section: null,
        period: null,
        signers: [],
        issuedOn: "2026-11-26",
        code: "ABCDEFGHJK",
        verifyUrl: "http://localhost/verify/ABCDEFGHJK",
      };
      const running = pool.run(facts);
      const queued = pool.run(facts);
      expect(pool.load()).toEqual({ running: 1, waiting: 1 });
      await expect(pool.run(facts)).rejects.toMatchObject({ status: 503, message: "documents_busy" });
      const [a, b] = await Promise.all([running, queued]);
      expect(Buffer.from(a).subarray(0, 5).toString()).toBe("%PDF-");
      expect(b.byteLength).toBeGreaterThan(1000);
    } finally {
      await pool.close();
    }
  });
});

describe("the generations' gate", () => {
  it("lets `concurrency` through, queues `maxQueue` in order, refuses beyond", async () => {
    const gate = createGate({ concurrency: 1, maxQueue: 2 });
    const order: number[] = [];
    let open!: () => void;
    const first = gate.run(
      () =>
        new Promise<void>((resolve) => {
          open = resolve;
        }),
    );
    const queued = [2, 3].map((n) => gate.run(async () => void order.push(n)));
    expect(gate.load()).toEqual({ running: 1, waiting: 2 });
    await expect(gate.run(async () => 4)).rejects.toMatchObject({ status: 503, message: "documents_busy" });
    open();
    await Promise.all([first, ...queued]);
    expect(order).toEqual([2, 3]);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});
