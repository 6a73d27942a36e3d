// The confirmation e-mails of a student import, once its transaction has committed. Thousands of messages
// handed to the mailer at once would open as many SMTP connections (or outbox files) together and keep the
// event loop busy composing them all; they go out in batches instead, each batch once the one before it has
// been handed over, in the background (the import's answer does not wait for them).
import { setImmediate as nextTurn } from "node:timers/promises";
import { userTokenTtlMs } from "../../auth/user-tokens.js";
import type { Config } from "../../config.js";
import { accountConfirmationEmail, type Mailer } from "../../mail/index.js";
import type { CreatedStudent } from "./import-write.js";

/** Messages handed to the mailer together; an import of up to this many hands them all at once. */
export const MAIL_BATCH = 50;

/** Sends each new student the link to confirm their account and choose a password. */
export function sendConfirmations(
  mailer: Mailer,
  config: Pick<Config, "appUrl">,
  created: readonly CreatedStudent[],
): void {
  const batch = (from: number) => {
    for (const student of created.slice(from, from + MAIL_BATCH))
      mailer.sendInBackground(
        accountConfirmationEmail({
          to: student.email,
          name: student.name,
          link: `${config.appUrl}/confirm-account?token=${student.token}`,
          validDays: userTokenTtlMs.confirm / 86_400_000,
        }),
      );
  };
  batch(0);
  if (created.length <= MAIL_BATCH) return;
  void (async () => {
    for (let from = MAIL_BATCH; from < created.length; from += MAIL_BATCH) {
      await mailer.idle();
      await nextTurn();
      batch(from);
    }
  })();
}
