import type { AddressInfo } from "node:net";
import { like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import type { StudentImportProgress } from "../../../common/schemas/student-import.js";
import * as s from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { ImportProgressBoard } from "./import-progress.js";

/**
 * The progress of a check or an import (the page's bar): GET /api/students/import/progress/{id} streams the
 * reports of the call sent with `progress_id` = id, rows done of the file's total, until the last one.
 */

describe("ImportProgressBoard", () => {
  it("tells a follower the last report at once, then each new one, and ends with done", () => {
    const board = new ImportProgressBoard();
    expect(board.follow(1, "llamada-1", () => {})).toBeNull();
    const call = board.start(1, "llamada-1");
    call.report({ phase: "checking", done: 500, total: 1200 });
    const seen: StudentImportProgress[] = [];
    const stop = board.follow(1, "llamada-1", (p) => seen.push(p));
    expect(stop).not.toBeNull();
    // Another user's call of the same name is not theirs to follow.
    expect(board.follow(2, "llamada-1", () => {})).toBeNull();
    call.report({ phase: "writing", done: 0, total: 1200 });
    call.finish();
    call.report({ phase: "writing", done: 1200, total: 1200 });
    expect(seen).toEqual([
      { phase: "checking", done: 500, total: 1200 },
      { phase: "writing", done: 0, total: 1200 },
      { phase: "done", done: 0, total: 1200 },
    ]);
    // A follower that comes after the end gets the end.
    const late: StudentImportProgress[] = [];
    board.follow(1, "llamada-1", (p) => late.push(p));
    expect(late).toEqual([{ phase: "done", done: 0, total: 1200 }]);
  });
});

describe("GET /api/students/import/progress/{id}", () => {
  let ctx: TestContext;
  let base: string;
  let admin: Record<string, string>;
  let otherAdmin: Record<string, string>;
  const HEADER = ["Nombres", "Apellidos", "Cédula", "Correo electrónico", "Género"];
  const ROWS = 1200;
  const email = (n: number) => `avance${n}@progress.test`;

  beforeAll(async () => {
    // Sessions come from the cache for the whole test: on the embedded database the test below holds the only
    // connection while the import waits, and a session read there would wait too.
    ctx = await createTestContext({ authCacheTtlMs: 600_000 });
    admin = (await createUserWithToken(ctx, Role.admin)).headers;
    otherAdmin = (await createUserWithToken(ctx, Role.admin)).headers;
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => ctx?.close());

  const progressUrl = (id: string) => `${base}/api/students/import/progress/${id}`;

  function postImport(progressId: string) {
    const lines = [
      HEADER.join(","),
      ...Array.from({ length: ROWS }, (_, i) =>
        ["Ana", `Avance ${i + 1}`, `V-${81000000 + i}`, email(i + 1), "F"].join(","),
      ),
    ];
    const form = new FormData();
    form.append("dry_run", "0");
    form.append("progress_id", progressId);
    form.append("file", new Blob([`${lines.join("\r\n")}\r\n`], { type: "text/csv" }), "avance.csv");
    return fetch(`${base}/api/students/import`, { method: "POST", headers: admin, body: form });
  }

  /** The stream of a call once the server knows it (404 until then), with a reader of its reports. */
  async function follow(id: string) {
    for (;;) {
      const res = await fetch(progressUrl(id), { headers: admin });
      if (res.status === 200) {
        expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let text = "";
        const reports: StudentImportProgress[] = [];
        /** Reads until `count` reports have arrived, or the stream ends. */
        const next = async (count: number) => {
          while (reports.length < count) {
            const blocks = text.split("\n\n");
            text = blocks.pop() ?? "";
            for (const block of blocks)
              if (block.startsWith("event: progress"))
                reports.push(JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as StudentImportProgress);
            if (reports.length >= count) break;
            const { value, done } = await reader.read();
            if (done) break;
            text += decoder.decode(value, { stream: true });
          }
          return reports;
        };
        return { next };
      }
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe("import_progress_not_found");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("streams the rows done of the total while an import runs, until done", async () => {
    // Warm the session cache before the database is held.
    expect((await fetch(progressUrl("no-such-call"), { headers: admin })).status).toBe(404);
    expect((await fetch(progressUrl("no-such-call"), { headers: otherAdmin })).status).toBe(404);
    // Hold the import up half-way: a transaction of the test has the last row's e-mail, uncommitted (on
    // PostgreSQL the import's insert of that row waits for it; the embedded database waits for the whole
    // transaction). Rolled back, it lets the import finish.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted!: () => void;
    const holding = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const hold = ctx.db
      .transaction(async (tx) => {
        await tx.insert(s.users).values({ type: Role.student, name: "Ocupa", email: email(ROWS) });
        inserted();
        await released;
        tx.rollback();
      })
      .catch(() => undefined);
    await holding;

    const id = "avance-de-prueba-1";
    const answer = postImport(id);
    const stream = await follow(id);
    const [first] = await stream.next(1);
    // Caught mid-way: the rows checked (embedded database) or the students written so far (PostgreSQL).
    expect(first!.phase === "checking" || first!.phase === "writing").toBe(true);
    expect(first!.total).toBe(ROWS);
    expect(first!.phase === "writing" ? first!.done < ROWS : first!.done <= ROWS).toBe(true);
    // Another administrator does not see it.
    expect((await fetch(progressUrl(id), { headers: otherAdmin })).status).toBe(404);

    release();
    await hold;
    const res = await answer;
    expect(res.status).toBe(201);
    expect((await res.json()).data.created).toBe(ROWS);
    const reports = await stream.next(Number.POSITIVE_INFINITY);
    expect(reports.at(-1)).toEqual({ phase: "done", done: ROWS, total: ROWS });
    const writing = reports.filter((r) => r.phase === "writing").map((r) => r.done);
    // Every thousand-odd students written is told, in order, up to the whole file.
    expect(writing.at(-1)).toBe(ROWS);
    expect(writing.some((done) => done > 0 && done < ROWS)).toBe(true);
    expect([...writing].sort((a, b) => a - b)).toEqual(writing);
    const order = ["checking", "writing", "done"];
    const phases = reports.map((r) => order.indexOf(r.phase));
    expect([...phases].sort((a, b) => a - b)).toEqual(phases);
    const created = await ctx.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(like(s.users.email, "%@progress.test"));
    expect(created).toHaveLength(ROWS);
  });

  it("is refused without a session and for an id that is not one", async () => {
    expect((await fetch(progressUrl("avance-de-prueba-1"))).status).toBe(401);
    expect((await fetch(progressUrl("no"), { headers: admin })).status).toBe(422);
  });
});
