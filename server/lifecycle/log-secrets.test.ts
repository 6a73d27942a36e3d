import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { buildApp } from "../app.js";
import { users } from "../db/schema/index.js";
import { readOutbox } from "../mail/outbox.js";
import { passwordResetsIdle } from "../modules/auth/service.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { loggedUrl, redactSecrets } from "./logger.js";

/**
 * No secret in any log line (issue 27): the whole account-confirmation and password-recovery flows run on an
 * app logging at debug level into `lines`, which must not hold the e-mailed tokens anywhere.
 */
let ctx: TestContext;
let app: FastifyInstance;
let lines = "";

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({
    config: { ...ctx.config, logLevel: "debug" },
    db: ctx.db,
    clock: ctx.clock,
    logStream: {
      write(line) {
        lines += line;
      },
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

async function lastMailTo(to: string) {
  await passwordResetsIdle();
  await app.mailer.idle();
  const mails = (await readOutbox(ctx.outboxDir)).filter((m) => m.to.includes(to));
  const mail = mails.at(-1);
  expect(mail?.token).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  return mail as { token: string; link: string };
}

describe("the request log", () => {
  it("never holds an e-mailed token, through confirmation and recovery", async () => {
    const admin = await createUserWithToken(ctx, Role.admin);
    const [user] = await ctx.db
      .insert(users)
      .values({ type: Role.teacher, name: "Ana Rodríguez", email: "ana.log@colegio.test" })
      .returning();
    const post = (url: string, payload?: object, headers: Record<string, string> = {}) =>
      app.inject({ method: "POST", url, payload, headers });

    // Confirmation: the e-mail, the link opened in the browser, the password chosen.
    expect(
      (await post(`/api/users/${user!.id}/send-account-confirm`, undefined, admin.headers)).statusCode,
    ).toBe(200);
    const confirm = await lastMailTo("ana.log@colegio.test");
    await app.inject({ method: "GET", url: `/confirm-account?token=${confirm.token}` });
    const password = "nueva-clave-2024";
    const confirmed = await post("/api/confirm-account", {
      token: confirm.token,
      password,
      password_confirmation: password,
    });
    expect(confirmed.statusCode).toBe(200);

    // Recovery: the request, the link opened (also with a token in another parameter), the new password.
    expect((await post("/api/password-reset/ana.log%40colegio.test")).statusCode).toBe(200);
    const reset = await lastMailTo("ana.log@colegio.test");
    expect(reset.token).not.toBe(confirm.token);
    await app.inject({ method: "GET", url: `/confirm-password?token=${reset.token}` });
    await app.inject({ method: "GET", url: `/api/health?access_token=${reset.token}&x=1` });
    const recovered = await post("/api/recover-password", {
      token: reset.token,
      password: "otra-clave-2025",
      password_confirmation: "otra-clave-2025",
    });
    expect(recovered.statusCode).toBe(200);
    // A careless line elsewhere (a link in a message, a token in a field) is cleaned too.
    app.log.info({ link: reset.link }, `enlace enviado: ${reset.link}`);
    app.log.info({ token: reset.token, data: { token: confirm.token } }, "token");

    // Each step was logged, without its secret.
    expect(lines).toContain('"url":"/confirm-account?[oculto]"');
    expect(lines).toContain('"url":"/confirm-password?[oculto]"');
    expect(lines).toContain('"url":"/api/health?access_token=[oculto]&x=1"');
    expect(lines).toContain('"url":"/api/recover-password"');
    expect(lines).toContain("enlace enviado");
    for (const token of [confirm.token, reset.token]) expect(lines).not.toContain(token);
  });
});

describe("redaction", () => {
  it("hides token, password and secret values in URLs, messages and JSON", () => {
    expect(redactSecrets("GET /x?reset_token=abc&page=2")).toBe("GET /x?reset_token=[oculto]&page=2");
    expect(redactSecrets('{"msg":"ver http://a/confirm-password?token=abc"}')).toBe(
      '{"msg":"ver http://a/confirm-password?token=[oculto]"}',
    );
    expect(redactSecrets('{"password":"s\\"3","token": "t","name":"Ana"}')).toBe(
      '{"password":"[oculto]","token": "[oculto]","name":"Ana"}',
    );
    expect(loggedUrl("/confirm-password/?anything=1")).toBe("/confirm-password/?[oculto]");
    expect(loggedUrl("/api/classrooms?page=2")).toBe("/api/classrooms?page=2");
  });
});
