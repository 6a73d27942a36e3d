// GET/POST /api/backups: administrators only; a backup started from the page is listed afterwards; a
// failed one notifies every administrator; the scheduled backup runs through app.jobs.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { localBackupAudience } from "./routes.js";
import { listBackups } from "./service.js";

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let god: Awaited<ReturnType<typeof createUserWithToken>>;
let lowAdmin: Awaited<ReturnType<typeof createUserWithToken>>;
let teacher: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  ctx = await createTestContext({ backupEveryHours: 24, backupKeep: 2 });
  admin = await createUserWithToken(ctx, Role.admin);
  god = await createUserWithToken(ctx, Role.god);
  lowAdmin = await createUserWithToken(ctx, Role.lowAdmin);
  teacher = await createUserWithToken(ctx, Role.teacher);
});

afterAll(async () => {
  await ctx?.close();
});

describe("GET/POST /api/backups", () => {
  it("refuses everyone but administrators (403), and anonymous callers (401)", async () => {
    for (const who of [lowAdmin, teacher]) {
      for (const method of ["GET", "POST"] as const) {
        const res = await ctx.app.inject({ method, url: "/api/backups", headers: who.headers });
        expect(res.statusCode, `${method} as ${who.user.type}`).toBe(403);
      }
    }
    expect((await ctx.app.inject({ method: "GET", url: "/api/backups" })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: "POST", url: "/api/backups" })).statusCode).toBe(401);
    expect(await listBackups(ctx.config.backupDir)).toEqual([]);
  });

  it("starts a backup for an administrator and lists it as the last one", async () => {
    const empty = await ctx.app.inject({ method: "GET", url: "/api/backups", headers: god.headers });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({
      archives: [],
      last: null,
      running: false,
      every_hours: 24,
      keep: 2,
    });

    const res = await ctx.app.inject({ method: "POST", url: "/api/backups", headers: admin.headers });
    expect(res.statusCode).toBe(202);
    expect(res.json().data.running).toBe(true);
    // A second one while the first runs is refused.
    const again = await ctx.app.inject({ method: "POST", url: "/api/backups", headers: admin.headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: "backup_in_progress" });
    await ctx.app.backups.idle();

    const after = await ctx.app.inject({ method: "GET", url: "/api/backups", headers: admin.headers });
    const data = after.json().data;
    expect(data.running).toBe(false);
    expect(data.archives).toHaveLength(1);
    expect(data.last.name).toMatch(/^aula-backup-.*\.tar\.gz$/);
    expect(data.last.size).toBeGreaterThan(0);
  });

  it("runs the scheduled backup through app.jobs and keeps BACKUP_KEEP archives", async () => {
    await ctx.app.jobs.runNow("backup");
    // Usually within the same second: the second archive gets a suffix and still counts as the newest.
    await ctx.app.jobs.runNow("backup");
    const archives = await listBackups(ctx.config.backupDir);
    expect(archives).toHaveLength(2);
  });

  it("notifies every administrator when a backup fails", async () => {
    const dir = ctx.config.backupDir;
    // BACKUP_DIR made unusable: a file where its folder should be.
    const blocked = path.join(ctx.config.dataDir, "not-a-folder");
    writeFileSync(blocked, "x");
    ctx.config.backupDir = path.join(blocked, "backups");
    try {
      await ctx.app.backups.scheduled();
    } finally {
      ctx.config.backupDir = dir;
    }
    const { rows } = (await ctx.db.execute(
      `select n.code, n.back, n.content, array_agg(r.user_id order by r.user_id) as receivers
       from notifications n join notification_receivers r on r.notification_id = n.id
       where n.code = 'backup_failed' group by n.id` as never,
    )) as unknown as { rows: { code: string; back: string; content: string; receivers: number[] }[] };
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content).toMatch(/La copia de seguridad automática falló/);
    expect(rows[0]!.back).toBe("/backups");
    expect(rows[0]!.receivers.map(Number)).toEqual([admin.user.id, god.user.id].sort((a, b) => a - b));

    const res = await ctx.app.inject({ method: "GET", url: "/api/backups", headers: admin.headers });
    expect(res.json().data.last_error).toMatch(/No se pudo escribir la copia|ENOTDIR|not a directory/);
  });

  it("says a backup started from the page failed as a manual one, not an automatic one", async () => {
    const dir = ctx.config.backupDir;
    const blocked = path.join(ctx.config.dataDir, "not-a-folder-either");
    writeFileSync(blocked, "x");
    ctx.config.backupDir = path.join(blocked, "backups");
    try {
      const res = await ctx.app.inject({ method: "POST", url: "/api/backups", headers: admin.headers });
      expect(res.statusCode).toBe(202);
      await ctx.app.backups.idle();
    } finally {
      ctx.config.backupDir = dir;
    }
    const { rows } = (await ctx.db.execute(
      `select content from notifications where code = 'backup_failed' order by id desc limit 1` as never,
    )) as unknown as { rows: { content: string }[] };
    expect(rows[0]!.content).toMatch(/^La copia de seguridad manual falló: /);
  });

  it("streams an archive to npm run backup only with a token signed by the server's secret", async () => {
    const sign = (secret: string) =>
      new SignJWT({})
        .setProtectedHeader({ alg: "HS256" })
        .setAudience(localBackupAudience)
        .setIssuedAt()
        .setExpirationTime("2m")
        .sign(new TextEncoder().encode(secret));
    const forged = await ctx.app.inject({
      method: "POST",
      url: "/api/backups/local",
      headers: { authorization: `Bearer ${await sign("another-secret-another-secret-0123456")}` },
      remoteAddress: "127.0.0.1",
    });
    expect(forged.statusCode).toBe(403);
    const remote = await ctx.app.inject({
      method: "POST",
      url: "/api/backups/local",
      headers: { authorization: `Bearer ${await sign(ctx.config.jwtSecret)}` },
      remoteAddress: "10.1.2.3",
    });
    expect(remote.statusCode).toBe(403);
    const ok = await ctx.app.inject({
      method: "POST",
      url: "/api/backups/local",
      headers: { authorization: `Bearer ${await sign(ctx.config.jwtSecret)}` },
      remoteAddress: "127.0.0.1",
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
  });
});
