import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  confirmAccountBodySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  passwordResetParamsSchema,
  recoverPasswordBodySchema,
} from "../../../common/schemas/auth.js";
import { authErrors } from "../../auth/errors.js";
import { RateLimiter } from "../../auth/rate-limiter.js";
import { principalOf } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import { confirmAccount, login, logout, recoverPassword, requestPasswordReset } from "./service.js";

const tags = ["Autenticación"];

/** POST /login, /logout, /confirm-account, /password-reset/{email}, /recover-password (spec.md §7). */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limiter = new RateLimiter({
    max: app.config.authRateLimit.max,
    windowMs: app.config.authRateLimit.timeWindowMs,
  });

  /** Refuses with 429 while any of the keys is over the limit (the window then expires by itself). */
  function checkLimit(reply: FastifyReply, keys: string[]) {
    const waitMs = Math.max(...keys.map((k) => limiter.retryAfterMs(k)));
    if (waitMs > 0) {
      reply.header("Retry-After", String(Math.ceil(waitMs / 1000)));
      throw authErrors.tooManyRequests();
    }
  }
  const ipKey = (scope: string, request: FastifyRequest) => `${scope}:ip:${request.ip}`;
  const emailKey = (scope: string, email: string) => `${scope}:email:${email.trim().toLowerCase()}`;

  r.post(
    "/login",
    {
      schema: {
        tags,
        summary: "Iniciar sesión",
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      // Every attempt counts at once (so a burst of parallel guesses is stopped too); a successful login
      // gives its hit back, so a school behind one address is not locked out by its own users.
      const keys = [ipKey("login", request), emailKey("login", request.body.email)];
      checkLimit(reply, keys);
      for (const k of keys) limiter.hit(k);
      const session = await login({
        db: app.db,
        config: app.config,
        email: request.body.email,
        password: request.body.password,
        remember: request.body.remember_me ?? false,
      }).catch((err: unknown) => {
        if (!(err instanceof AppError && err.message === "auth_failed"))
          for (const k of keys) limiter.release(k);
        throw err;
      });
      limiter.release(keys[0]!);
      limiter.reset(keys[1]!);
      return session;
    },
  );

  r.post(
    "/logout",
    { onRequest: app.authenticate, schema: { tags, summary: "Cerrar sesión (revoca el token)" } },
    async (request, reply) => {
      const principal = principalOf(request);
      await logout({
        db: app.db,
        sessions: app.sessions,
        jti: principal.jti,
        expiresAt: principal.expiresAt,
      });
      return reply.status(204).send();
    },
  );

  r.post(
    "/confirm-account",
    {
      schema: {
        tags,
        summary: "Confirmar la cuenta y elegir la contraseña",
        body: confirmAccountBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const keys = [ipKey("confirm", request)];
      checkLimit(reply, keys);
      limiter.hit(keys[0]!);
      await confirmAccount({ db: app.db, token: request.body.token, password: request.body.password });
      return { message: "account_confirmed", description: "Su cuenta ha sido confirmada" };
    },
  );

  r.post(
    "/password-reset/:email",
    {
      schema: {
        tags,
        summary: "Enviar un enlace de recuperación de contraseña",
        params: passwordResetParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const keys = [ipKey("reset", request), emailKey("reset", request.params.email)];
      checkLimit(reply, keys);
      for (const k of keys) limiter.hit(k);
      return requestPasswordReset({
        db: app.db,
        config: app.config,
        mailer: app.mailer,
        email: request.params.email,
      });
    },
  );

  r.post(
    "/recover-password",
    {
      schema: {
        tags,
        summary: "Elegir una nueva contraseña con el enlace de recuperación",
        body: recoverPasswordBodySchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request, reply) => {
      const keys = [ipKey("recover", request)];
      checkLimit(reply, keys);
      limiter.hit(keys[0]!);
      await recoverPassword({
        db: app.db,
        sessions: app.sessions,
        token: request.body.token,
        password: request.body.password,
      });
      return { message: "password_recovered", description: "Su contraseña ha sido cambiada" };
    },
  );
}
