import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { sessionFlags } from "../../../common/session.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

const password = "clave-segura-123";

describe("POST /api/login", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const login = (body: object, ip = "10.0.0.1") =>
    ctx.app.inject({ method: "POST", url: "/api/login", payload: body, remoteAddress: ip });

  it("answers the token and the session user", async () => {
    const { user } = await createUserWithToken(ctx, Role.admin, {
      email: "Directora@Colegio.test",
      password,
      name: "María Pérez",
    });
    const before = Date.now();
    const res = await login({ email: "directora@colegio.test", password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      access_token: expect.any(String),
      token_type: "bearer",
      expires_at: expect.any(String),
      user: {
        id: user.id,
        type: Role.admin,
        name: "María Pérez",
        email: "Directora@Colegio.test",
        profile_picture: null,
        permissions: expect.any(Object),
        student: null,
        teacher: null,
        latest_inscription: null,
      },
    });
    const ttl = new Date(body.expires_at).getTime() - before;
    expect(ttl).toBeGreaterThan((ctx.config.tokenTtlMinutes * 60 - 5) * 1000);
    expect(ttl).toBeLessThanOrEqual((ctx.config.tokenTtlMinutes * 60 + 5) * 1000);
    expect(body.user.permissions["classrooms.write"]).toBe(true);
    expect(body.user.permissions["profile.student"]).toBe(false);
    expect(sessionFlags(body.user)).toMatchObject({ isAdmin: true, isAdminGroup: true, isStudent: false });
    const me = await ctx.app.inject({
      method: "GET",
      url: "/api/users/me",
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(me.json().data).toEqual(body.user);
  });

  it("derives permissions from the role", async () => {
    await createUserWithToken(ctx, Role.student, { email: "alumno@colegio.test", password });
    const res = await login({ email: "alumno@colegio.test", password });
    const { permissions } = res.json().user;
    expect(permissions["classrooms.write"]).toBe(false);
    expect(permissions["classrooms.read"]).toBe(false);
    expect(permissions["profile.student"]).toBe(true);
    expect(permissions["schedules.own"]).toBe(true);
  });

  it("remember-me lengthens expires_at to days", async () => {
    await createUserWithToken(ctx, Role.teacher, { email: "recuerdame@colegio.test", password });
    const res = await login({ email: "recuerdame@colegio.test", password, remember_me: true });
    expect(res.statusCode).toBe(200);
    const ttl = new Date(res.json().expires_at).getTime() - Date.now();
    expect(ttl).toBeGreaterThan((ctx.config.rememberMeTtlDays * 86400 - 60) * 1000);
  });

  it("gives the same answer for a wrong password and an unknown e-mail", async () => {
    await createUserWithToken(ctx, Role.admin, { email: "real@colegio.test", password });
    const wrong = await login({ email: "real@colegio.test", password: "otra-clave-999" });
    const unknown = await login({ email: "nadie@colegio.test", password: "otra-clave-999" });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ message: "auth_failed", description: "Por favor verifique sus datos." });
  });

  it("refuses an account that has not chosen a password yet with auth_failed", async () => {
    await createUserWithToken(ctx, Role.student, { email: "sinclave@colegio.test" });
    const res = await login({ email: "sinclave@colegio.test", password: "cualquier-cosa" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("auth_failed");
  });

  it("refuses a disabled user (only once the password is right)", async () => {
    await createUserWithToken(ctx, Role.teacher, { email: "baja@colegio.test", password, disabled: true });
    const res = await login({ email: "baja@colegio.test", password });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("user_is_disabled");
    const wrong = await login({ email: "baja@colegio.test", password: "no-es-esta" });
    expect(wrong.json().message).toBe("auth_failed");
  });

  it("answers 422 when fields are missing", async () => {
    const res = await login({ email: "x@colegio.test" });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.password).toBeDefined();
  });
});

describe("rate limiting of login and recovery", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ authRateLimit: { max: 3, timeWindowMs: 700 } });
  });
  afterAll(() => ctx.close());

  const login = (email: string, pw: string, ip: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password: pw },
      remoteAddress: ip,
    });

  it("answers 429 after too many failed logins from one IP, then lets it try again", async () => {
    await createUserWithToken(ctx, Role.admin, { email: "limite@colegio.test", password });
    for (let i = 0; i < 3; i++)
      expect((await login(`x${i}@colegio.test`, "mala", "10.1.1.1")).statusCode).toBe(401);
    const blocked = await login("limite@colegio.test", password, "10.1.1.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: "too_many_requests",
      description: "Demasiados intentos. Intente de nuevo en unos minutos.",
    });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    // Another IP is not affected.
    expect((await login("limite@colegio.test", password, "10.1.1.2")).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 800));
    expect((await login("limite@colegio.test", password, "10.1.1.1")).statusCode).toBe(200);
  });

  it("limits failed logins per e-mail across IPs", async () => {
    await createUserWithToken(ctx, Role.admin, { email: "objetivo@colegio.test", password });
    for (let i = 0; i < 3; i++) await login("objetivo@colegio.test", "mala", `10.2.0.${i}`);
    expect((await login("objetivo@colegio.test", password, "10.2.0.9")).statusCode).toBe(429);
    await new Promise((r) => setTimeout(r, 800));
    expect((await login("objetivo@colegio.test", password, "10.2.0.9")).statusCode).toBe(200);
  });

  it("successful logins do not use up an IP's quota (a school behind one address)", async () => {
    await createUserWithToken(ctx, Role.student, { email: "aula@colegio.test", password });
    for (let i = 0; i < 5; i++)
      expect((await login("aula@colegio.test", password, "10.3.0.1")).statusCode).toBe(200);
  });

  it("stops a burst of parallel guesses", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => login(`rafaga${i}@colegio.test`, "mala", "10.5.0.1")),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it("limits password-reset and recover-password calls", async () => {
    const reset = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/password-reset/alguien@colegio.test",
        remoteAddress: "10.4.0.1",
      });
    for (let i = 0; i < 3; i++) expect((await reset()).statusCode).toBe(200);
    expect((await reset()).statusCode).toBe(429);
    const recover = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/recover-password",
        payload: { token: "nope", password, password_confirmation: password },
        remoteAddress: "10.4.0.2",
      });
    for (let i = 0; i < 3; i++) expect((await recover()).statusCode).toBe(400);
    const blocked = await recover();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe("too_many_requests");
    await new Promise((r) => setTimeout(r, 800));
    expect((await reset()).statusCode).toBe(200);
    expect((await recover()).statusCode).toBe(400);
  });
});
