import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import type { AuditEntry } from "../../../common/schemas/audit.js";
import { recordAudit, recordUserChanges, recordUserCreated, withoutSecrets } from "../../audit/record.js";
import { issueUserToken } from "../../auth/user-tokens.js";
import { ensureFirstAdmin } from "../../bootstrap/first-admin.js";
import { auditLog, users } from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { passwordResetsIdle } from "../auth/service.js";

let ctx: TestContext;
type Headers = { authorization: string };
let admin: Awaited<ReturnType<typeof createUserWithToken>>;
let god: Awaited<ReturnType<typeof createUserWithToken>>;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createUserWithToken(ctx, Role.admin, {
    email: "directora@colegio.test",
    name: "Marta Directora",
    password: "clave-admin-1",
  });
  god = await createUserWithToken(ctx, Role.god, { email: "root@colegio.test", name: "Raíz" });
});
afterAll(() => ctx?.close());

const inject = (
  method: "GET" | "POST" | "PATCH" | "DELETE",
  url: string,
  opts: { headers?: Headers; payload?: object; ip?: string } = {},
) =>
  ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: opts.headers ?? {},
    remoteAddress: opts.ip ?? "203.0.113.7",
    ...(opts.payload ? { payload: opts.payload } : {}),
  });

/** Every audit row written since the marker, oldest first, straight from the table. */
let marker = 0;
beforeEach(async () => {
  const [row] = await ctx.db
    .select({ max: sql<number>`coalesce(max(${auditLog.id}), 0)`.mapWith(Number) })
    .from(auditLog);
  marker = row!.max;
});
async function newRows() {
  return ctx.db.select().from(auditLog).where(sql`${auditLog.id} > ${marker}`).orderBy(auditLog.id);
}

describe("audited account changes write exactly one row, in the change's transaction", () => {
  it("a person changing their own e-mail: actor snapshot as before, old and new e-mail, client address", async () => {
    const me = await createUserWithToken(ctx, Role.lowAdmin, {
      email: "asistente@colegio.test",
      name: "Luis Asistente",
      password: "clave-asistente-1",
    });
    const res = await inject("PATCH", `/users/${me.user.id}/email`, {
      headers: me.headers,
      payload: { email: "luis@colegio.test", password: "clave-asistente-1" },
      ip: "198.51.100.23",
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: me.user.id,
      actorEmail: "asistente@colegio.test",
      actorName: "Luis Asistente",
      action: "user.email_changed",
      entityType: "user",
      entityId: me.user.id,
      oldValues: { email: "asistente@colegio.test" },
      newValues: { email: "luis@colegio.test" },
      ipAddress: "198.51.100.23",
    });
  });

  it("an admin changing someone else's e-mail is the actor", async () => {
    const teacher = await createUserWithToken(ctx, Role.teacher, { email: "prof@colegio.test" });
    const res = await inject("PATCH", `/users/${teacher.user.id}/email`, {
      headers: admin.headers,
      payload: { email: "profe@colegio.test" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: admin.user.id,
      actorEmail: "directora@colegio.test",
      actorName: "Marta Directora",
      action: "user.email_changed",
      entityId: teacher.user.id,
      oldValues: { email: "prof@colegio.test" },
      newValues: { email: "profe@colegio.test" },
    });
  });

  it("a password change records only that it happened: no hash, no password", async () => {
    const me = await createUserWithToken(ctx, Role.admin, { password: "clave-vieja-1" });
    const res = await inject("PATCH", `/users/${me.user.id}/password`, {
      headers: me.headers,
      payload: {
        current_password: "clave-vieja-1",
        password: "clave-nueva-22",
        password_confirmation: "clave-nueva-22",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: me.user.id,
      action: "user.password_changed",
      entityType: "user",
      entityId: me.user.id,
      oldValues: null,
      newValues: null,
    });
    const [stored] = await ctx.db.select().from(users).where(eq(users.id, me.user.id));
    const text = JSON.stringify(rows[0]);
    expect(text).not.toContain(stored!.passwordHash!);
    expect(text).not.toContain("clave-nueva-22");
  });

  it("an admin setting another person's password is the actor", async () => {
    const student = await createUserWithToken(ctx, Role.student);
    const res = await inject("PATCH", `/users/${student.user.id}/password`, {
      headers: admin.headers,
      payload: { password: "clave-alumno-1", password_confirmation: "clave-alumno-1" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await newRows();
    expect(rows.map((r) => [r.action, r.actorUserId, r.entityId])).toEqual([
      ["user.password_changed", admin.user.id, student.user.id],
    ]);
  });

  it("an administrator's name change records the old and new name", async () => {
    const other = await createUserWithToken(ctx, Role.lowAdmin, { name: "Pedro Pérez" });
    const res = await inject("PATCH", `/users/${other.user.id}`, {
      headers: admin.headers,
      payload: { name: "Pedro Pérez Gómez" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: "user.updated",
      entityId: other.user.id,
      oldValues: { name: "Pedro Pérez" },
      newValues: { name: "Pedro Pérez Gómez" },
    });
  });

  it("a recovery request (no session) and the recovery itself: actor none, then the owner; no token", async () => {
    const owner = await createUserWithToken(ctx, Role.teacher, { email: "olvido@colegio.test" });
    const asked = await inject("POST", "/password-reset/olvido@colegio.test", { ip: "192.0.2.44" });
    expect(asked.statusCode, asked.body).toBe(200);
    await passwordResetsIdle();
    let rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: null,
      actorEmail: null,
      action: "user.password_reset_requested",
      entityId: owner.user.id,
      oldValues: null,
      newValues: null,
      ipAddress: "192.0.2.44",
    });

    // An unknown e-mail writes nothing.
    marker = rows[0]!.id;
    expect((await inject("POST", "/password-reset/nadie@colegio.test")).statusCode).toBe(200);
    await passwordResetsIdle();
    expect(await newRows()).toHaveLength(0);

    const { token } = await issueUserToken({ db: ctx.db, userId: owner.user.id, purpose: "recover" });
    const done = await inject("POST", "/recover-password", {
      payload: { token, password: "recuperada-123", password_confirmation: "recuperada-123" },
      ip: "192.0.2.45",
    });
    expect(done.statusCode, done.body).toBe(200);
    rows = await newRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorUserId: owner.user.id,
      actorEmail: "olvido@colegio.test",
      action: "user.password_recovered",
      entityId: owner.user.id,
      oldValues: null,
      newValues: null,
      ipAddress: "192.0.2.45",
    });
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("confirming an account records the owner as actor", async () => {
    const [user] = await ctx.db
      .insert(users)
      .values({ type: Role.teacher, name: "Nueva Profesora", email: "nueva@colegio.test" })
      .returning();
    const { token } = await issueUserToken({ db: ctx.db, userId: user!.id, purpose: "confirm" });
    const res = await inject("POST", "/confirm-account", {
      payload: { token, password: "primera-123", password_confirmation: "primera-123" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await newRows();
    expect(rows.map((r) => [r.action, r.actorUserId, r.entityId, r.newValues])).toEqual([
      ["user.account_confirmed", user!.id, user!.id, null],
    ]);
  });

  it("refused changes write no row", async () => {
    const me = await createUserWithToken(ctx, Role.admin, {
      email: "rechazos@colegio.test",
      password: "clave-buena-1",
    });
    const cases = [
      // wrong current password
      inject("PATCH", `/users/${me.user.id}/password`, {
        headers: me.headers,
        payload: {
          current_password: "mala",
          password: "otra-clave-1",
          password_confirmation: "otra-clave-1",
        },
      }),
      // e-mail taken (case-insensitively)
      inject("PATCH", `/users/${me.user.id}/email`, {
        headers: me.headers,
        payload: { email: "DIRECTORA@colegio.test", password: "clave-buena-1" },
      }),
      // same e-mail
      inject("PATCH", `/users/${me.user.id}/email`, {
        headers: me.headers,
        payload: { email: "rechazos@colegio.test", password: "clave-buena-1" },
      }),
      // invalid recovery token
      inject("POST", "/recover-password", {
        payload: { token: "no-existe", password: "otra-clave-1", password_confirmation: "otra-clave-1" },
      }),
    ];
    const statuses = [];
    for (const res of cases) statuses.push((await res).statusCode);
    expect(statuses).toEqual([400, 422, 400, 400]);
    expect(await newRows()).toHaveLength(0);
  });

  it("a change that fails when its transaction commits leaves no audit row either", async () => {
    // A deferred constraint trigger refuses the e-mail only at COMMIT, after both the update and the audit
    // insert have run: the row must vanish with the change (it would stay if written outside the transaction).
    await ctx.db.execute(sql`
      create function refuse_boom_email() returns trigger language plpgsql as $$
      begin
        if new.email = 'boom@colegio.test' then raise exception 'refused at commit'; end if;
        return null;
      end $$`);
    await ctx.db.execute(sql`
      create constraint trigger users_refuse_boom after update on users
      deferrable initially deferred for each row execute function refuse_boom_email()`);
    try {
      const victim = await createUserWithToken(ctx, Role.teacher, { email: "antes@colegio.test" });
      const res = await inject("PATCH", `/users/${victim.user.id}/email`, {
        headers: admin.headers,
        payload: { email: "boom@colegio.test" },
      });
      expect(res.statusCode).toBe(500);
      expect(await newRows()).toHaveLength(0);
      const [still] = await ctx.db.select().from(users).where(eq(users.id, victim.user.id));
      expect(still!.email).toBe("antes@colegio.test");
    } finally {
      await ctx.db.execute(sql`drop trigger users_refuse_boom on users`);
      await ctx.db.execute(sql`drop function refuse_boom_email()`);
    }
  });

  it("the first administrator's creation is recorded by the system", { timeout: 60_000 }, async () => {
    const fresh = await createTestContext();
    try {
      const result = await ensureFirstAdmin(fresh.db, { adminEmail: "primera@colegio.test" });
      expect(result.created).toBe(true);
      const rows = await fresh.db.select().from(auditLog);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        actorUserId: null,
        action: "user.created",
        entityType: "user",
        oldValues: null,
        newValues: {
          type: Role.admin,
          name: "Administrador",
          email: "primera@colegio.test",
          disabled: false,
        },
      });
      expect(JSON.stringify(rows[0])).not.toMatch(/password|hash|scrypt/i);
    } finally {
      await fresh.close();
    }
  });
});

describe("the helper other modules call", () => {
  it("records role changes, disabling and enabling, one row each, and new accounts", async () => {
    const target = await createUserWithToken(ctx, Role.teacher, { email: "rol@colegio.test", name: "Rol" });
    const before = target.user;
    await ctx.db.transaction(async (tx) => {
      const after = { ...before, type: Role.coordinator, disabled: true };
      await recordUserChanges(tx, { actorId: admin.user.id, ip: "10.0.0.9" }, before, after);
      await recordUserChanges(tx, { actorId: admin.user.id, ip: "10.0.0.9" }, after, {
        ...after,
        disabled: false,
      });
      await recordUserCreated(tx, { actorId: god.user.id }, { ...before, id: 999 });
    });
    const rows = await newRows();
    expect(rows.map((r) => [r.action, r.oldValues, r.newValues])).toEqual([
      ["user.role_changed", { type: Role.teacher }, { type: Role.coordinator }],
      ["user.disabled", { disabled: false }, { disabled: true }],
      ["user.enabled", { disabled: true }, { disabled: false }],
      ["user.created", null, { type: Role.teacher, name: "Rol", email: "rol@colegio.test", disabled: false }],
    ]);
    expect(rows[3]).toMatchObject({
      actorUserId: god.user.id,
      actorEmail: "root@colegio.test",
      ipAddress: null,
    });
  });

  it("drops secrets at any depth, whatever the caller passes", async () => {
    expect(
      withoutSecrets({
        email: "a@b.c",
        password: "x",
        password_hash: "y",
        nested: { accessToken: "t", keep: 1, when: new Date("2026-01-02T03:04:05Z") },
      }),
    ).toEqual({ email: "a@b.c", nested: { keep: 1, when: "2026-01-02T03:04:05.000Z" } });
    await recordAudit(ctx.db, {
      actorId: null,
      action: "user.updated",
      entityType: "user",
      entityId: 1,
      newValues: { passwordHash: "scrypt$abc", name: "N" },
    });
    const rows = await newRows();
    expect(rows[0]!.newValues).toEqual({ name: "N" });
  });

  it("a rolled back transaction leaves no row", async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAudit(tx, { actorId: null, action: "user.updated", entityType: "user", entityId: 1 });
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    expect(await newRows()).toHaveLength(0);
  });
});

describe("append-only in the database", () => {
  it("refuses UPDATE, DELETE and TRUNCATE of audit rows", async () => {
    await recordAudit(ctx.db, { actorId: null, action: "user.updated", entityType: "user", entityId: 1 });
    const [row] = await newRows();
    await expect(
      ctx.db.update(auditLog).set({ action: "user.created" }).where(eq(auditLog.id, row!.id)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(auditLog).where(eq(auditLog.id, row!.id))).rejects.toThrow();
    await expect(ctx.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await ctx.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still!.action).toBe("user.updated");
  });

  it("an account with history can still be deleted; its rows stay with the actor's snapshot", async () => {
    const gone = await createUserWithToken(ctx, Role.admin, { email: "se-va@colegio.test", name: "Se Va" });
    await recordAudit(ctx.db, {
      actorId: gone.user.id,
      action: "user.updated",
      entityType: "user",
      entityId: gone.user.id,
    });
    await ctx.db.delete(users).where(eq(users.id, gone.user.id));
    const rows = await newRows();
    expect(rows[0]).toMatchObject({
      actorUserId: gone.user.id,
      actorEmail: "se-va@colegio.test",
      actorName: "Se Va",
    });
  });
});

describe("GET /api/audit-log", () => {
  const list = (query: string, headers: Headers = admin.headers) =>
    inject("GET", `/audit-log${query}`, { headers });

  it("is for administrators and god only", async () => {
    expect((await inject("GET", "/audit-log")).statusCode).toBe(401);
    for (const role of [Role.student, Role.teacher, Role.coordinator, Role.lowAdmin]) {
      const { headers } = await createUserWithToken(ctx, role);
      const res = await list("", headers);
      expect(res.statusCode, `role ${role}`).toBe(403);
      expect(res.json().message).toBe("this_action_is_unauthorized");
    }
    expect((await list("", admin.headers)).statusCode).toBe(200);
    expect((await list("", god.headers)).statusCode).toBe(200);
  });

  it("lists newest first with the list contract, and filters", async () => {
    const subject = await createUserWithToken(ctx, Role.teacher, { email: "filtro@colegio.test" });
    const changed = await inject("PATCH", `/users/${subject.user.id}/email`, {
      headers: god.headers,
      payload: { email: "filtrado@colegio.test" },
      ip: "198.51.100.99",
    });
    expect(changed.statusCode).toBe(200);
    const reset = await inject("PATCH", `/users/${subject.user.id}/password`, {
      headers: god.headers,
      payload: { password: "filtro-clave-1", password_confirmation: "filtro-clave-1" },
    });
    expect(reset.statusCode).toBe(200);

    const all = await list("?page=1&limit=2");
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as { data: AuditEntry[]; meta: Record<string, number> };
    expect(body.meta).toMatchObject({ per_page: 2, current_page: 1 });
    expect(body.meta.total).toBeGreaterThanOrEqual(2);
    expect(body.data.map((r) => r.action)).toEqual(["user.password_changed", "user.email_changed"]);
    expect(body.data[1]).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor_id: god.user.id,
      actor_email: "root@colegio.test",
      actor_name: "Raíz",
      action: "user.email_changed",
      entity_type: "user",
      entity_id: subject.user.id,
      old_values: { email: "filtro@colegio.test" },
      new_values: { email: "filtrado@colegio.test" },
      ip_address: "198.51.100.99",
    });

    const ids = async (query: string) => {
      const res = await list(query);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as AuditEntry[]).map((r) => `${r.action}:${r.entity_id}`);
    };
    const mine = [`user.password_changed:${subject.user.id}`, `user.email_changed:${subject.user.id}`];
    expect(await ids(`?limit=0&entity_type=user&entity_id=${subject.user.id}`)).toEqual(mine);
    expect(await ids(`?limit=0&actor_id=${god.user.id}&entity_id=${subject.user.id}`)).toEqual(mine);
    expect(await ids(`?limit=0&action=user.email_changed&entity_id=${subject.user.id}`)).toEqual([mine[1]]);
    expect(await ids(`?limit=0&search=FILTRADO`)).toEqual([mine[1]]);
    expect(await ids(`?limit=0&search=198.51.100.99`)).toEqual([mine[1]]);
    expect(await ids(`?limit=0&entity_id=${subject.user.id}&sort_by=created_at,asc`)).toEqual(
      [...mine].reverse(),
    );
    expect(await ids(`?limit=0&entity_id=${subject.user.id}&sort_by=action,asc`)).toEqual([mine[1], mine[0]]);

    // Days, inclusive, in the school's time zone: today holds them, yesterday and tomorrow do not.
    const day = (offset: number) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: ctx.config.timeZone }).format(
        new Date(Date.now() + offset * 86_400_000),
      );
    const forSubject = `&entity_id=${subject.user.id}&limit=0`;
    expect(await ids(`?from=${day(0)}&to=${day(0)}${forSubject}`)).toEqual(mine);
    expect(await ids(`?from=${day(1)}${forSubject}`)).toEqual([]);
    expect(await ids(`?to=${day(-1)}${forSubject}`)).toEqual([]);
    expect(await ids(`?actor_id=${admin.user.id}${forSubject}`)).toEqual([]);
  });

  it("answers 422 for bad filters, never a 500", async () => {
    for (const query of [
      "?sort_by=password_hash,asc",
      "?from=2026-13-01",
      "?from=2026-05-02&to=2026-05-01",
      "?entity_id=abc",
      "?actor_id=2147483648",
      "?limit=101",
    ]) {
      const res = await list(query);
      expect(res.statusCode, query).toBe(422);
    }
    const res = await list("?from=2026-05-02&to=2026-05-01");
    expect(Object.keys(res.json().errors)).toEqual(["to"]);
  });
});
