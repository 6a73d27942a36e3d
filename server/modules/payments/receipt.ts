import PDFDocument from "pdfkit";
import { formatDate } from "../../../common/dates/format.js";
import { amountInWords, formatAmount } from "../../../common/money/fees.js";
import { paymentMethodNames } from "../../../common/schemas/payments.js";
import { periodName } from "../../../common/schemas/periods.js";
import { creditOf } from "./presenter.js";
import type { PaymentDetailRow } from "./service.js";

/** `2026-03-05` → `05/03/2026`. */
const dayText = formatDate;

export const receiptFilename = (row: PaymentDetailRow) => `recibo-pago-${row.id}`;

/**
 * The receipt of an approved payment: institution, number, student and cédula, period, method, receipt
 * number, the amount in figures and in Spanish words, the installments it covered and any credit left.
 * Helvetica (WinAnsi) prints Spanish accents and "ñ".
 */
export async function receiptPdf(opts: {
  institution: string;
  payment: PaymentDetailRow;
  /** Today in the school's time zone (the issue date). */
  today: string;
  /** Compress the page streams (false lets a test read the text). */
  compress?: boolean;
}): Promise<Buffer> {
  const p = opts.payment;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 54,
    compress: opts.compress ?? true,
    info: { Title: `Recibo de pago N.º ${p.id}`, Author: opts.institution },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font("Helvetica-Bold").fontSize(14).text(opts.institution, { align: "center" });
  doc.fontSize(13).text("Recibo de pago", { align: "center" });
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(`N.º ${String(p.id).padStart(6, "0")}`, { align: "center" });
  doc.moveDown(1);

  const line = (label: string, value: string) => {
    doc.font("Helvetica-Bold").text(`${label}: `, { continued: true });
    doc.font("Helvetica").text(value);
  };
  doc.fontSize(10.5);
  line("Estudiante", `${p.student.firstName} ${p.student.lastName}`);
  line("Cédula", p.student.identityDocument);
  line("Período", periodName(p.period));
  line("Fecha del pago", dayText(p.date));
  line("Método de pago", paymentMethodNames[p.type] ?? String(p.type));
  line("Número de recibo", p.receiptNumber ?? "No aplica (efectivo)");
  doc.moveDown(0.6);
  line("Monto", formatAmount(p.amountE2));
  doc.font("Helvetica-Bold").text("La cantidad de:");
  doc.font("Helvetica").text(amountInWords(p.amountE2));
  doc.moveDown(0.8);

  doc.font("Helvetica-Bold").text("Cuotas cubiertas");
  doc.moveDown(0.3);
  const col = [left, left + width * 0.5];
  let y = doc.y;
  doc.fontSize(10).text("Cuota del", col[0]!, y).text("Monto abonado", col[1]!, y);
  doc
    .moveTo(left, doc.y + 2)
    .lineTo(left + width, doc.y + 2)
    .stroke();
  doc.font("Helvetica");
  for (const a of p.allocations) {
    y = doc.y + 4;
    doc.text(dayText(a.installmentDate), col[0]!, y).text(formatAmount(a.amountE2), col[1]!, y);
  }
  if (p.allocations.length === 0) doc.text("Ninguna (el monto quedó como crédito)", left, doc.y + 4);
  const credit = creditOf(p);
  if (credit > 0) {
    doc.moveDown(0.5);
    doc.text(`Crédito a favor: ${formatAmount(credit)}`, left);
  }
  doc.moveDown(1.2);
  doc
    .fontSize(9)
    .text(`Emitido el ${dayText(opts.today)}. Pago aprobado por la administración.`, left, doc.y, {
      width,
    });
  doc.end();
  return done;
}
