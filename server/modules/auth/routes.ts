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
import {
  addressAndAccount,
  addressSubject,
  createAuthThrottles,
  RateLimited,
  type Throttle,
} from "../../auth/rate-limiter.js";
import { principalOf } from "../../http/auth.js";
import { AppError } from "../../http/errors.js";
import {
  confirmAccount,
  login,
  logout,
  passwordResetRequested,
  passwordResetsIdle,
  recoverPassword,
  startPasswordReset,
} from "./service.js";

const tags = ["Autenticación"];

/** POST /login, /logout, /confirm-account, /password-reset/{email}, /recover-password (spec.md §7). */
export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttles = createAuthThrottles({ db: app.db, limits: app.config.authRateLimit });

  /**
   * Counts one attempt against each limit, in order, and refuses with 429 (and Retry-After) at the first
   * one over; the attempts already counted by this call are given back, so a refused call costs nothing.
   */
  async function take(reply: FastifyReply, steps: [Throttle, string][]) {
    const taken: [Throttle, string][] = [];
    for (const [throttle, subject] of steps) {
      try {
        await throttle.take(subject);
        taken.push([throttle, subject]);
      } catch (err) {
        if (!(err instanceof RateLimited)) throw err;
        await Promise.all(taken.map(([t, s]) => t.give(s)));
        reply.header("Retry-After", String(Math.ceil(err.retryAfterMs / 1000)));
        throw authErrors.tooManyRequests(err.retryAfterMs);
      }
    }
  }
  /** Whether an error means the attempt itself was wrong (it keeps counting) rather than refused otherwise. */
  const isFailure = (err: unknown, code: string) => err instanceof AppError && err.message === code;

  r.post(
    "/login",
    {
      schema: {
        tags,
        summary: "Iniciar sesión",
        description:
          "Intentos fallidos limitados por dirección (100 cada 15 minutos) y por dirección y cuenta (10 " +
          "seguidos); al pasarlos, 429 `too_many_requests` con `Retry-After`. Un acierto reinicia la cuenta.",
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      // Every attempt counts at once (so a burst of parallel guesses is stopped too); a successful login
      // gives it back. Nothing is counted per account alone: failures from an attacker's address never
      // lock the owner out from another one, nor other accounts out from the attacker's address.
      const address = addressSubject(request.ip);
      const account = addressAndAccount(request.ip, request.body.email);
      await take(reply, [
        [throttles.loginPerAddressAndAccount, account],
        [throttles.loginPerAddress, address],
      ]);
      try {
        const session = await login({
          db: app.db,
          config: app.config,
          email: request.body.email,
          password: request.body.password,
          remember: request.body.remember_me ?? false,
          ip: request.ip,
        });
        await settleLogin(account, address);
        return session;
      } catch (err) {
        if (!isFailure(err, "auth_failed")) await settleLogin(account, address);
        throw err;
      }
    },
  );
  /** The password was right: the account's failures start again and the address gets its attempt back. */
  async function settleLogin(account: string, ip: string) {
    await Promise.all([
      throttles.loginPerAddressAndAccount.forget(account),
      throttles.loginPerAddress.give(ip),
    ]);
  }

  /** An e-mailed token used: only a wrong one (`invalid_token`) keeps counting against the address. */
  async function tokenAttempt(ip: string, use: () => Promise<void>) {
    try {
      await use();
    } catch (err) {
      if (!isFailure(err, "invalid_token")) await throttles.tokenPerAddress.give(ip);
      throw err;
    }
    await throttles.tokenPerAddress.give(ip);
  }

  /** Recovery requests answered, waiting for their e-mail to be looked up once the answer is out. */
  const resetRequests = new WeakMap<FastifyRequest, string>();
  app.addHook("onClose", () => passwordResetsIdle());

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
      await take(reply, [[throttles.tokenPerAddress, addressSubject(request.ip)]]);
      await tokenAttempt(addressSubject(request.ip), () =>
        confirmAccount({
          db: app.db,
          token: request.body.token,
          password: request.body.password,
          ip: request.ip,
        }),
      );
      return { message: "account_confirmed", description: "Su cuenta ha sido confirmada" };
    },
  );

  r.post(
    "/password-reset/:email",
    {
      schema: {
        tags,
        summary: "Enviar un enlace de recuperación de contraseña",
        description:
          "Siempre la misma respuesta, exista o no la cuenta; el enlace sale después de responder. " +
          "Limitado por dirección y por dirección y correo (429 `too_many_requests`).",
        params: passwordResetParamsSchema,
        response: { 200: messageResponseSchema },
      },
      onResponse: async (request) => {
        const email = resetRequests.get(request);
        if (email === undefined) return;
        resetRequests.delete(request);
        startPasswordReset({
          db: app.db,
          config: app.config,
          mailer: app.mailer,
          email,
          ip: request.ip,
          log: request.log,
        });
      },
    },
    async (request, reply) => {
      await take(reply, [
        [throttles.resetPerAddressAndEmail, addressAndAccount(request.ip, request.params.email)],
        [throttles.resetPerAddress, addressSubject(request.ip)],
      ]);
      // The same answer, after the same work, for every e-mail: the account is looked up and the link
      // sent only once the answer has gone out (onResponse below).
      resetRequests.set(request, request.params.email);
      return passwordResetRequested;
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
      await take(reply, [[throttles.tokenPerAddress, addressSubject(request.ip)]]);
      await tokenAttempt(addressSubject(request.ip), () =>
        recoverPassword({
          db: app.db,
          sessions: app.sessions,
          token: request.body.token,
          password: request.body.password,
          ip: request.ip,
        }),
      );
      return { message: "password_recovered", description: "Su contraseña ha sido cambiada" };
    },
  );
}
