import type { MailMessage } from "./mailer.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function layout(opts: {
  title: string;
  greeting: string;
  paragraphs: string[];
  button: string;
  link: string;
}) {
  const p = opts.paragraphs.map((t) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`).join("\n");
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(opts.title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(opts.title)}</h1>
<p style="margin:0 0 16px">${escapeHtml(opts.greeting)}</p>
${p}
<p style="margin:24px 0"><a href="${escapeHtml(opts.link)}" style="background:#1c7ed6;color:#fff;padding:12px 20px;border-radius:4px;text-decoration:none">${escapeHtml(opts.button)}</a></p>
<p style="margin:0;font-size:12px;color:#666">Si el botón no funciona, copie esta dirección en su navegador:<br>${escapeHtml(opts.link)}</p>
</div>
</body>
</html>`;
}

/** Account confirmation: the person opens the link and chooses a password. */
export function accountConfirmationEmail(opts: {
  to: string;
  name: string;
  link: string;
  validDays: number;
}): MailMessage {
  const title = "Confirme su cuenta";
  const greeting = `Hola ${opts.name}:`;
  const paragraphs = [
    "Se ha creado una cuenta para usted en el sistema de administración académica.",
    `Para activarla, abra el siguiente enlace y elija su contraseña. El enlace vence en ${opts.validDays} días y solo puede usarse una vez.`,
  ];
  return {
    to: opts.to,
    subject: title,
    link: opts.link,
    text: [
      greeting,
      "",
      ...paragraphs,
      "",
      opts.link,
      "",
      "Si usted no esperaba este mensaje, puede ignorarlo.",
    ].join("\n"),
    html: layout({ title, greeting, paragraphs, button: "Confirmar cuenta", link: opts.link }),
  };
}

/** Password recovery: the link leads to the page where a new password is chosen. */
export function passwordRecoveryEmail(opts: {
  to: string;
  name: string;
  link: string;
  validMinutes: number;
}): MailMessage {
  const title = "Recuperación de contraseña";
  const greeting = `Hola ${opts.name}:`;
  const paragraphs = [
    "Recibimos una solicitud para restablecer la contraseña de su cuenta.",
    `Para elegir una nueva, abra el siguiente enlace. El enlace vence en ${opts.validMinutes} minutos y solo puede usarse una vez.`,
    "Si usted no lo solicitó, ignore este mensaje: su contraseña no cambiará.",
  ];
  return {
    to: opts.to,
    subject: title,
    link: opts.link,
    text: [greeting, "", ...paragraphs, "", opts.link].join("\n"),
    html: layout({ title, greeting, paragraphs, button: "Elegir nueva contraseña", link: opts.link }),
  };
}
