import type { MailMessage } from "../../mail/index.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Why the owner of an address hears from us after a pre-inscription named it: the public form answers
 * the same to everyone (DOMAIN.md "Pre-inscription"), so only the mailbox's owner learns it was on file.
 */
export type PreregistrationNoticeReason = "account_exists" | "already_preregistered";

/** The notice to the owner of an e-mail a pre-inscription used that already has an account or a pre-inscription. */
export function preregistrationNoticeEmail(opts: {
  to: string;
  reason: PreregistrationNoticeReason;
  recoverUrl: string;
}): MailMessage {
  const title = "Recibimos una preinscripción con su correo";
  const paragraphs =
    opts.reason === "account_exists"
      ? [
          "Alguien envió el formulario de preinscripción con esta dirección de correo electrónico, que ya pertenece a una cuenta del sistema.",
          `Si fue usted, no necesita preinscribirse de nuevo: inicie sesión con su cuenta. Si olvidó su contraseña, puede recuperarla en ${opts.recoverUrl}`,
          "La administración revisará la preinscripción antes de aprobarla. Si usted no la envió, puede ignorar este mensaje.",
        ]
      : [
          "Alguien envió otra vez el formulario de preinscripción con esta dirección de correo electrónico, que ya tiene una preinscripción en este período.",
          "Conservamos la primera: la administración la revisará y le escribirá. Si necesita corregir algún dato, comuníquese con la administración.",
          "Si usted no envió el formulario, puede ignorar este mensaje.",
        ];
  return {
    to: opts.to,
    subject: title,
    text: ["Hola:", "", ...paragraphs].join("\n"),
    html: `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px">Hola:</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n")}
</div>
</body>
</html>`,
  };
}
