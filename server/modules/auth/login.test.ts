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

describe("rate limits: an attacker slows only themself", () => {
  // The shipped limits (100 failures per address, 10 in a row per address and account).
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const login = (email: string, pw: string, ip: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password: pw },
      remoteAddress: ip,
    });

  it("100 wrong passwords for one account: the owner elsewhere and other accounts still log in", async () => {
    await createUserWithToken(ctx, Role.admin, { email: "victima@colegio.test", password });
    await createUserWithToken(ctx, Role.teacher, { email: "vecina@colegio.test", password });
    const attacker = "203.0.113.66";
    const codes: number[] = [];
    for (let i = 0; i < 100; i++)
      codes.push((await login("victima@colegio.test", `mala-${i}`, attacker)).statusCode);
    expect(codes.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(codes.slice(10)).toEqual(Array(90).fill(429));

    // The attacker is refused, even with the right password, and told how long to wait.
    const blocked = await login("Victima@Colegio.test", password, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: "too_many_requests",
      description: "Demasiados intentos. Intente de nuevo en 15 minutos.",
    });
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // The owner, from another address, logs in during the attack.
    expect((await login("victima@colegio.test", password, "198.51.100.7")).statusCode).toBe(200);
    // Another account logs in from the attacker's own address (a shared school address).
    expect((await login("vecina@colegio.test", password, attacker)).statusCode).toBe(200);
    // And the victim's account is not blocked for everyone: a wrong password elsewhere is a plain 401.
    expect((await login("victima@colegio.test", "mala", "198.51.100.8")).statusCode).toBe(401);
  });
});

describe("rate limits: per address, per address and account, recovery", () => {
  let ctx: TestContext;
  const rule = (points: number) => ({ points, durationSec: 900, blockSec: 900 });
  beforeAll(async () => {
    ctx = await createTestContext({
      authRateLimit: {
        loginPerAddress: rule(8),
        loginPerAddressAndAccount: rule(3),
        resetPerAddress: rule(5),
        resetPerAddressAndEmail: rule(3),
        tokenPerAddress: rule(3),
      },
    });
  });
  afterAll(() => ctx.close());

  const login = (email: string, pw: string, ip: string) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password: pw },
      remoteAddress: ip,
    });

  it("a success starts the account's failures again", async () => {
    await createUserWithToken(ctx, Role.admin, { email: "despistada@colegio.test", password });
    const ip = "10.1.0.1";
    for (let round = 0; round < 2; round++) {
      expect((await login("despistada@colegio.test", "mala-1", ip)).statusCode).toBe(401);
      expect((await login("despistada@colegio.test", "mala-2", ip)).statusCode).toBe(401);
      expect((await login("despistada@colegio.test", password, ip)).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++)
      expect((await login("despistada@colegio.test", "mala", ip)).statusCode).toBe(401);
    expect((await login("despistada@colegio.test", password, ip)).statusCode).toBe(429);
  });

  it("one address guessing many accounts reaches the per-address ceiling; others do not", async () => {
    await createUserWithToken(ctx, Role.teacher, { email: "profe@colegio.test", password });
    const ip = "10.2.0.1";
    for (let i = 0; i < 8; i++) expect((await login(`x${i}@colegio.test`, "mala", ip)).statusCode).toBe(401);
    const blocked = await login("profe@colegio.test", password, ip);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    expect((await login("profe@colegio.test", password, "10.2.0.2")).statusCode).toBe(200);
  });

  it("successful logins do not use up an address's quota (a school behind one address)", async () => {
    await createUserWithToken(ctx, Role.student, { email: "aula@colegio.test", password });
    for (let i = 0; i < 10; i++)
      expect((await login("aula@colegio.test", password, "10.3.0.1")).statusCode).toBe(200);
  });

  it("stops a burst of parallel guesses", async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => login("rafaga@colegio.test", "mala", "10.5.0.1")),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 401, 401, 429, 429, 429]);
  });

  it("limits recovery links per address and e-mail, and per address", async () => {
    const reset = (email: string, ip: string) =>
      ctx.app.inject({ method: "POST", url: `/api/password-reset/${email}`, remoteAddress: ip });
    for (let i = 0; i < 3; i++)
      expect((await reset("alguien@colegio.test", "10.4.0.1")).statusCode).toBe(200);
    const blocked = await reset("Alguien@Colegio.test", "10.4.0.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe("too_many_requests");
    expect(blocked.headers["retry-after"]).toBeDefined();
    // The same e-mail from another address, another e-mail from this one: still answered.
    expect((await reset("alguien@colegio.test", "10.4.0.2")).statusCode).toBe(200);
    expect((await reset("otra@colegio.test", "10.4.0.1")).statusCode).toBe(200);
    expect((await reset("otra2@colegio.test", "10.4.0.1")).statusCode).toBe(200);
    // Five links asked from 10.4.0.1: its ceiling.
    expect((await reset("otra3@colegio.test", "10.4.0.1")).statusCode).toBe(429);
  });

  it("limits wrong recovery and confirmation tokens per address", async () => {
    const body = { token: "nope", password, password_confirmation: password };
    const recover = (ip: string) =>
      ctx.app.inject({ method: "POST", url: "/api/recover-password", payload: body, remoteAddress: ip });
    const confirm = (ip: string) =>
      ctx.app.inject({ method: "POST", url: "/api/confirm-account", payload: body, remoteAddress: ip });
    expect((await recover("10.6.0.1")).statusCode).toBe(400);
    expect((await confirm("10.6.0.1")).statusCode).toBe(400);
    expect((await recover("10.6.0.1")).statusCode).toBe(400);
    const blocked = await confirm("10.6.0.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe("too_many_requests");
    expect((await recover("10.6.0.2")).statusCode).toBe(400);
  });
});
