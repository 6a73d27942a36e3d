import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { hashUserToken } from "../../auth/user-tokens.js";
import { users, userTokens } from "../../db/schema/index.js";
import { readOutbox } from "../../mail/outbox.js";
import { createUserWithToken, olderTokenHeaders } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";
import { passwordResetsIdle } from "./service.js";

const password = "nueva-clave-2024";

describe("account confirmation and password recovery through the outbox", () => {
  let ctx: TestContext;
  let admin: Awaited<ReturnType<typeof createUserWithToken>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUserWithToken(ctx, Role.admin, { password: "clave-admin-1" });
  });
  afterAll(() => ctx.close());

  /** The newest e-mail sent to `to` (after background sends have finished). */
  async function lastMailTo(to: string) {
    await passwordResetsIdle();
    await ctx.app.mailer.idle();
    const mails = (await readOutbox(ctx.outboxDir)).filter((m) =>
      m.to.toLowerCase().includes(to.toLowerCase()),
    );
    return mails.at(-1);
  }
  const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: "POST", url, payload, headers });
  const login = (email: string, pw: string) => post("/api/login", { email, password: pw });

  async function newUnconfirmedUser(email: string) {
    const [user] = await ctx.db
      .insert(users)
      .values({ type: Role.teacher, name: "Ana Rodríguez", email })
      .returning();
    return user!;
  }

  it("confirms an account: e-mail with link, password chosen, login works, link single-use", async () => {
    const user = await newUnconfirmedUser("ana@colegio.test");
    const sent = await post(`/api/users/${user.id}/send-account-confirm`, undefined, admin.headers);
    expect(sent.statusCode).toBe(200);
    const mail = await lastMailTo("ana@colegio.test");
    expect(mail?.subject).toBe("Confirme su cuenta");
    expect(mail?.body).toContain("Hola Ana Rodríguez");
    expect(mail?.link).toBe(`${ctx.config.appUrl}/confirm-account?token=${mail?.token}`);
    expect(mail!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // Only the hash is stored.
    const [stored] = await ctx.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    expect(stored!.tokenHash).toBe(hashUserToken(mail!.token!));
    expect(stored!.tokenHash).not.toContain(mail!.token!);

    expect((await login("ana@colegio.test", password)).json().message).toBe("auth_failed");
    const mismatch = await post("/api/confirm-account", {
      token: mail!.token,
      password,
      password_confirmation: "otra",
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password).toEqual(["La confirmación de contraseña no coincide."]);

    const ok = await post("/api/confirm-account", {
      token: mail!.token,
      password,
      password_confirmation: password,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: "account_confirmed", description: "Su cuenta ha sido confirmada" });
    expect((await login("ANA@colegio.test", password)).statusCode).toBe(200);

    const again = await post("/api/confirm-account", {
      token: mail!.token,
      password: "robada-12345",
      password_confirmation: "robada-12345",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("already_confirmed");
    expect((await login("ana@colegio.test", password)).statusCode).toBe(200);

    const resend = await post(`/api/users/${user.id}/send-account-confirm`, undefined, admin.headers);
    expect(resend.statusCode).toBe(400);
    expect(resend.json().message).toBe("already_confirmed");
  });

  it("refuses unknown and expired confirmation tokens with invalid_token", async () => {
    const unknown = await post("/api/confirm-account", {
      token: "no-existe",
      password,
      password_confirmation: password,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ message: "invalid_token", description: expect.any(String) });

    const user = await newUnconfirmedUser("caducado@colegio.test");
    await post(`/api/users/${user.id}/send-account-confirm`, undefined, admin.headers);
    const mail = await lastMailTo("caducado@colegio.test");
    await ctx.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashUserToken(mail!.token!)));
    const expired = await post("/api/confirm-account", {
      token: mail!.token,
      password,
      password_confirmation: password,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe("invalid_token");
  });

  it("confirmation tokens last 7 days", async () => {
    const user = await newUnconfirmedUser("siete@colegio.test");
    await post(`/api/users/${user.id}/send-account-confirm`, undefined, admin.headers);
    const [token] = await ctx.db.select().from(userTokens).where(eq(userTokens.userId, user.id));
    const days = (token!.expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("only an admin may resend a confirmation", async () => {
    const user = await newUnconfirmedUser("reenvio@colegio.test");
    const lowAdmin = await createUserWithToken(ctx, Role.lowAdmin);
    const res = await post(`/api/users/${user.id}/send-account-confirm`, undefined, lowAdmin.headers);
    expect(res.statusCode).toBe(403);
    const missing = await post("/api/users/999999/send-account-confirm", undefined, admin.headers);
    expect(missing.statusCode).toBe(404);
  });

  it("answers a recovery request before looking the e-mail up: same answer, same work, mail still sent", async () => {
    await createUserWithToken(ctx, Role.teacher, { email: "existe@colegio.test", password: "clave-1234" });
    // Hold every query on the users table until released: an answer that waited for the account lookup
    // (as it did, taking longer for known e-mails) never comes and the test fails by its timeout.
    type Client = { query: (...args: unknown[]) => Promise<unknown> };
    const client = (ctx.db as unknown as { $client: Client }).$client;
    const original = client.query;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    client.query = async function (this: unknown, ...args: unknown[]) {
      const text = typeof args[0] === "string" ? args[0] : ((args[0] as { text?: string }).text ?? "");
      if (/from "users"/i.test(text)) await gate;
      return original.apply(client, args);
    };
    let known: Awaited<ReturnType<typeof post>>;
    let unknown: Awaited<ReturnType<typeof post>>;
    try {
      known = await post("/api/password-reset/existe@colegio.test");
      unknown = await post("/api/password-reset/no-existe@colegio.test");
    } finally {
      release();
      client.query = original;
    }
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.headers["content-length"]).toBe(unknown.headers["content-length"]);
    expect(known.json()).toEqual({
      message: "password_reset_requested",
      description:
        "Si el correo electrónico está registrado, en breve recibirá un enlace para recuperar su contraseña.",
    });
    expect((await lastMailTo("existe@colegio.test"))?.subject).toBe("Recuperación de contraseña");
    expect(await lastMailTo("no-existe@colegio.test")).toBeUndefined();
  });

  it("recovers a password: same answer for unknown e-mails, link single-use", async () => {
    const forgetful = await createUserWithToken(ctx, Role.student, {
      email: "Olvido@Colegio.test",
      password: "vieja-clave-1",
    });
    const oldSession = await olderTokenHeaders(ctx, forgetful.user.id);
    const known = await post("/api/password-reset/olvido@colegio.test");
    const unknown = await post("/api/password-reset/nadie@colegio.test");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await lastMailTo("nadie@colegio.test")).toBeUndefined();
    const malformed = await post("/api/password-reset/no-es-un-correo");
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.email[0]).toMatch(/correo electrónico/);

    const mail = await lastMailTo("Olvido@Colegio.test");
    expect(mail?.subject).toBe("Recuperación de contraseña");
    expect(mail?.link).toBe(`${ctx.config.appUrl}/confirm-password?token=${mail?.token}`);
    const [stored] = await ctx.db
      .select()
      .from(userTokens)
      .where(eq(userTokens.tokenHash, hashUserToken(mail!.token!)));
    const minutes = (stored!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);

    const ok = await post("/api/recover-password", {
      token: mail!.token,
      password,
      password_confirmation: password,
    });
    expect(ok.statusCode).toBe(200);
    expect((await login("olvido@colegio.test", "vieja-clave-1")).statusCode).toBe(401);
    expect((await login("olvido@colegio.test", password)).statusCode).toBe(200);
    // Whoever held the old password loses the sessions opened with it.
    const stale = await ctx.app.inject({ method: "GET", url: "/api/users/me", headers: oldSession });
    expect(stale.statusCode).toBe(401);

    const again = await post("/api/recover-password", {
      token: mail!.token,
      password: "otra-clave-99",
      password_confirmation: "otra-clave-99",
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("invalid_token");
  });

  it("a used recovery link spends the older ones too; expired links are refused", async () => {
    await createUserWithToken(ctx, Role.student, { email: "dos@colegio.test", password: "vieja-clave-1" });
    await post("/api/password-reset/dos@colegio.test");
    const first = await lastMailTo("dos@colegio.test");
    await post("/api/password-reset/dos@colegio.test");
    const second = await lastMailTo("dos@colegio.test");
    expect(second!.token).not.toBe(first!.token);
    const body = (token: string) => ({ token, password, password_confirmation: password });
    expect((await post("/api/recover-password", body(second!.token!))).statusCode).toBe(200);
    expect((await post("/api/recover-password", body(first!.token!))).json().message).toBe("invalid_token");

    await post("/api/password-reset/dos@colegio.test");
    const third = await lastMailTo("dos@colegio.test");
    await ctx.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashUserToken(third!.token!)));
    expect((await post("/api/recover-password", body(third!.token!))).json().message).toBe("invalid_token");
  });

  it("a confirmation token cannot be used to recover a password, nor the reverse", async () => {
    const user = await newUnconfirmedUser("cruzado@colegio.test");
    await post(`/api/users/${user.id}/send-account-confirm`, undefined, admin.headers);
    const mail = await lastMailTo("cruzado@colegio.test");
    const res = await post("/api/recover-password", {
      token: mail!.token,
      password,
      password_confirmation: password,
    });
    expect(res.json().message).toBe("invalid_token");
  });

  it("recovery also confirms an account that never chose a password", async () => {
    await newUnconfirmedUser("nueva@colegio.test");
    await post("/api/password-reset/nueva@colegio.test");
    const mail = await lastMailTo("nueva@colegio.test");
    await post("/api/recover-password", { token: mail!.token, password, password_confirmation: password });
    expect((await login("nueva@colegio.test", password)).statusCode).toBe(200);
    const [user] = await ctx.db.select().from(users).where(eq(users.email, "nueva@colegio.test"));
    expect(user!.emailConfirmedAt).not.toBeNull();
  });

  it("sends no recovery e-mail to a disabled account", async () => {
    await createUserWithToken(ctx, Role.student, {
      email: "inactivo@colegio.test",
      password,
      disabled: true,
    });
    expect((await post("/api/password-reset/inactivo@colegio.test")).statusCode).toBe(200);
    expect(await lastMailTo("inactivo@colegio.test")).toBeUndefined();
  });
});
