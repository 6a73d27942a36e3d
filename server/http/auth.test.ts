import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { signAccessToken } from "../auth/tokens.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");

describe("authenticate (bearer tokens)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const me = (authorization?: string) =>
    ctx.app.inject({
      method: "GET",
      url: "/api/users/me",
      headers: authorization ? { authorization } : {},
    });

  it("accepts a valid token and gives no new one while it has plenty of life", async () => {
    const { headers, user } = await createUserWithToken(ctx, Role.admin);
    const res = await me(headers.authorization);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(user.id);
    expect(res.headers.authorization).toBeUndefined();
  });

  it("answers 401 'Token not provided' without a token or with another scheme", async () => {
    for (const header of [undefined, "Basic abc", "Bearer"]) {
      const res = await me(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ message: "Token not provided" });
      expect(res.json().description).toEqual(expect.any(String));
    }
  });

  it("authenticates before validating or reading uploads", async () => {
    const res = await ctx.app.inject({ method: "PATCH", url: "/api/users/1/email", payload: { email: 5 } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Token not provided");
  });

  it("refuses an expired token", async () => {
    const { user } = await createUserWithToken(ctx, Role.admin);
    const { token } = await signAccessToken({
      secret: ctx.config.jwtSecret,
      userId: user.id,
      ttlSeconds: 3600,
      now: new Date(Date.now() - 2 * 3600 * 1000),
    });
    const res = await me(`Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("token_expired");
  });

  it("refuses an unsigned token (alg none)", async () => {
    const { user } = await createUserWithToken(ctx, Role.admin);
    const now = Math.floor(Date.now() / 1000);
    const token = `${b64({ alg: "none", typ: "JWT" })}.${b64({ sub: String(user.id), jti: "x", iat: now, exp: now + 3600 })}.`;
    const res = await me(`Bearer ${token}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("token_invalid");
  });

  it("refuses an edited payload that keeps the original signature", async () => {
    const { token } = await createUserWithToken(ctx, Role.student);
    const admin = await createUserWithToken(ctx, Role.admin);
    const [h, p, s] = token.split(".");
    const payload = JSON.parse(Buffer.from(p!, "base64url").toString());
    const forged = `${h}.${b64({ ...payload, sub: String(admin.user.id) })}.${s}`;
    const res = await me(`Bearer ${forged}`);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("token_invalid");
  });

  it("refuses a token signed with another secret or another algorithm", async () => {
    const { user } = await createUserWithToken(ctx, Role.admin);
    const { token } = await signAccessToken({
      secret: "another-secret-another-secret-another-1",
      userId: user.id,
      ttlSeconds: 3600,
    });
    expect((await me(`Bearer ${token}`)).json().message).toBe("token_invalid");
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: "HS512" })
      .setSubject(String(user.id))
      .setJti("j")
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    expect((await me(`Bearer ${hs512}`)).json().message).toBe("token_invalid");
    expect((await me("Bearer not.a.token")).statusCode).toBe(401);
  });

  it("refuses the token of a disabled user", async () => {
    const { headers } = await createUserWithToken(ctx, Role.teacher, { disabled: true });
    const res = await me(headers.authorization);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ message: "user_is_disabled" });
  });

  it("sends a fresh token in the Authorization header when the token nears expiry", async () => {
    const { user } = await createUserWithToken(ctx, Role.admin);
    // 60 s left of a 120-minute lifetime: under the 25 % threshold.
    const { token } = await signAccessToken({
      secret: ctx.config.jwtSecret,
      userId: user.id,
      ttlSeconds: 60,
    });
    const res = await me(`Bearer ${token}`);
    expect(res.statusCode).toBe(200);
    const fresh = res.headers.authorization as string;
    expect(fresh).toMatch(/^Bearer \S+$/);
    expect(fresh).not.toBe(`Bearer ${token}`);
    const expiresAt = new Date(res.headers["x-token-expires-at"] as string).getTime();
    expect(expiresAt - Date.now()).toBeGreaterThan((ctx.config.tokenTtlMinutes * 60 - 60) * 1000);
    const again = await me(fresh);
    expect(again.statusCode).toBe(200);
    expect(again.headers.authorization).toBeUndefined();
  });

  it("revokes the token at logout: reusing it answers 404 the_token_has_been_blacklisted", async () => {
    const { headers, user } = await createUserWithToken(ctx, Role.admin);
    const other = await signAccessToken({ secret: ctx.config.jwtSecret, userId: user.id, ttlSeconds: 3600 });
    const out = await ctx.app.inject({ method: "POST", url: "/api/logout", headers });
    expect(out.statusCode).toBe(204);
    const reuse = await me(headers.authorization);
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json()).toMatchObject({ message: "the_token_has_been_blacklisted" });
    const twice = await ctx.app.inject({ method: "POST", url: "/api/logout", headers });
    expect(twice.statusCode).toBe(404);
    // Only that session ends: another token of the same person still works.
    expect((await me(`Bearer ${other.token}`)).statusCode).toBe(200);
  });

  // CORS (same origin by default; CORS_ORIGINS exposes Authorization to others): headers.test.ts.
});
