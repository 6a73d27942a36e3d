import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createMailer } from "./mailer.js";
import { readOutbox } from "./outbox.js";
import { accountConfirmationEmail, passwordRecoveryEmail } from "./templates.js";

describe("mailer without SMTP (outbox folder)", () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("writes each message as a private .eml file and logs its file name, never its link", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "aula-mail-"));
    const logged: object[] = [];
    const mailer = createMailer(
      { mailFrom: "Aula <no-reply@aula.local>", outboxDir: path.join(dir, "outbox") },
      { info: (o) => logged.push(o), error: () => {} },
    );
    const link = "http://localhost:3000/confirm-account?token=abc_DEF-123";
    await mailer.send(
      accountConfirmationEmail({ to: "ñandú@colegio.test", name: "José <Ñ>", link, validDays: 7 }),
    );
    mailer.sendInBackground(
      passwordRecoveryEmail({
        to: "b@colegio.test",
        name: "B",
        link: "http://x/confirm-password?token=t",
        validMinutes: 60,
      }),
    );
    await mailer.idle();
    expect(readdirSync(path.join(dir, "outbox"))).toHaveLength(2);
    const [first, second] = await readOutbox(path.join(dir, "outbox"));
    expect(first?.subject).toBe("Confirme su cuenta");
    expect(first?.body).toContain("Hola José <Ñ>:");
    expect(first?.body).toContain("Hola José &lt;Ñ&gt;:");
    expect(first?.body).toContain("vence en 7 días");
    expect(first?.token).toBe("abc_DEF-123");
    expect(second?.subject).toBe("Recuperación de contraseña");
    // The log says a message was written and where, nothing that would let a reader use the link.
    expect(logged).toEqual([{ file: first?.file }, { file: second?.file }]);
    const log = JSON.stringify(logged);
    for (const secret of ["abc_DEF-123", "token=", "ñandú@colegio.test", "b@colegio.test"]) {
      expect(log).not.toContain(secret);
    }
    expect(statSync(path.join(dir, "outbox")).mode & 0o777).toBe(0o700);
    for (const f of readdirSync(path.join(dir, "outbox"))) {
      expect(statSync(path.join(dir, "outbox", f)).mode & 0o777).toBe(0o600);
    }
  });

  it("logs instead of throwing when a background message fails", async () => {
    dir = mkdtempSync(path.join(tmpdir(), "aula-mail-"));
    const errors: object[] = [];
    // An outbox path under a file cannot be created.
    const file = path.join(dir, "file");
    const mailer = createMailer(
      { mailFrom: "a@b.c", outboxDir: file },
      { info: () => {}, error: (o) => errors.push(o) },
    );
    await import("node:fs/promises").then((fs) => fs.writeFile(file, "x"));
    mailer.sendInBackground({ to: "a@b.c", subject: "s", text: "t", html: "<p>t</p>" });
    await mailer.idle();
    expect(errors).toHaveLength(1);
  });
});
