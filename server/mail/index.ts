import type { Mailer } from "./mailer.js";

export { createMailer, type Mailer, type MailLogger, type MailMessage } from "./mailer.js";
export { accountConfirmationEmail, passwordRecoveryEmail } from "./templates.js";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends e-mail (SMTP or the outbox folder); built from config in buildApp unless injected. */
    mailer: Mailer;
  }
}
