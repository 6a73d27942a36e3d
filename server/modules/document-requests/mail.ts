import type { MailMessage } from "../../mail/index.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The generated document, sent to the student as a PDF attachment. */
export function documentReadyEmail(opts: {
  to: string;
  name: string;
  typeName: string;
  code: string;
  verifyUrl: string;
  pdf: Buffer;
  filename: string;
}): MailMessage {
  const title = `Su ${opts.typeName.toLowerCase()} está lista`;
  const paragraphs = [
    `Adjuntamos su ${opts.typeName.toLowerCase()} en formato PDF. También puede descargarla desde Solicitudes de documentos.`,
    `Quien la reciba puede comprobar que es auténtica con el código de verificación ${opts.code} en ${opts.verifyUrl}`,
  ];
  return {
    to: opts.to,
    subject: title,
    text: [`Hola ${opts.name}:`, "", ...paragraphs].join("\n"),
    html: `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#222">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 24px">${escapeHtml(title)}</h1>
<p style="margin:0 0 16px">Hola ${escapeHtml(opts.name)}:</p>
${paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join("\n")}
</div>
</body>
</html>`,
    attachments: [{ filename: opts.filename, content: opts.pdf, contentType: "application/pdf" }],
  };
}
