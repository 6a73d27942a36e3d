import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config.js";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries. Never logged: it holds a live token. */
  link?: string;
  /** Files sent along (a generated certificate). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
};

export type MailLogger = {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export interface Mailer {
  /** Sends one message; rejects when the transport fails. */
  send(message: MailMessage): Promise<void>;
  /**
   * Sends without making the caller wait (so a request's timing does not reveal whether an account
   * exists); failures are logged.
   */
  sendInBackground(message: MailMessage): void;
  /** Resolves once every background message has been handed over (tests, shutdown). */
  idle(): Promise<void>;
  /** Where messages are written when there is no SMTP server; null with SMTP. */
  readonly outboxDir: string | null;
}

const silentLogger: MailLogger = { info() {}, error() {} };

/**
 * The e-mail sender of the app: SMTP through nodemailer when `config.smtpUrl` is set, otherwise each
 * message is written as an `.eml` file (0600, in a 0700 folder) to `config.outboxDir` and only the file's
 * name is logged: the message carries a live link (account confirmation, password recovery).
 */
export function createMailer(
  config: Pick<Config, "smtpUrl" | "mailFrom" | "outboxDir">,
  log: MailLogger = silentLogger,
): Mailer {
  const smtp = Boolean(config.smtpUrl);
  const transport: Transporter = smtp
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const info = await transport.sendMail({
      from: config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
      textEncoding: "quoted-printable",
    });
    if (smtp) {
      log.info({ to: message.to, subject: message.subject }, "e-mail sent");
      return;
    }
    await mkdir(config.outboxDir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, "-");
    const name = `${stamp}-${randomBytes(4).toString("hex")}.eml`;
    await writeFile(path.join(config.outboxDir, name), info.message as Buffer, { mode: 0o600, flag: "wx" });
    log.info({ file: name }, "e-mail written to outbox");
  }

  return {
    outboxDir: smtp ? null : config.outboxDir,
    send,
    sendInBackground(message) {
      const p = send(message)
        .catch((err: unknown) => log.error({ err, to: message.to }, "e-mail could not be sent"))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
