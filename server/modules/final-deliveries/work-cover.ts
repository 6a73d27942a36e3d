import { and, eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { formatDate } from "../../../common/dates/format.js";
import { isStudent } from "../../../common/roles.js";
import type { DbOrTx } from "../../db/client.js";
import { finalDeliveryStudents, students } from "../../db/schema/index.js";
import { forbidden, notFound } from "../../http/errors.js";
import { type Caller, callerStudentId } from "../../http/ownership.js";
import { getFinalDelivery } from "./service.js";

/**
 * The cover page of a student's final work (GET /download-work-cover): the delivery's course, section,
 * title, the student with their cédula, the jury and the delivery date. A student only their own.
 */
export async function workCoverPdf(opts: {
  db: DbOrTx;
  caller: Caller;
  timeZone: string;
  id: number;
  studentId: number;
}): Promise<Buffer> {
  const { db } = opts;
  const delivery = await getFinalDelivery({ db, caller: opts.caller, timeZone: opts.timeZone, id: opts.id });
  if (isStudent(opts.caller.type) && (await callerStudentId(db, opts.caller)) !== opts.studentId)
    throw forbidden();
  const [student] = await db
    .select({
      firstName: students.firstName,
      lastName: students.lastName,
      identityDocument: students.identityDocument,
    })
    .from(finalDeliveryStudents)
    .innerJoin(students, eq(students.id, finalDeliveryStudents.studentId))
    .where(
      and(
        eq(finalDeliveryStudents.finalDeliveryId, opts.id),
        eq(finalDeliveryStudents.studentId, opts.studentId),
      ),
    );
  if (!student) throw notFound("student_not_found", "El estudiante no forma parte de esta entrega final.");

  const doc = new PDFDocument({ size: "LETTER", margin: 72, info: { Title: "Portada del trabajo final" } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica-Bold").fontSize(16).text("Trabajo final", { align: "center" });
  doc.moveDown(0.5);
  doc
    .font("Helvetica")
    .fontSize(12)
    .text(`${delivery.course.code} — ${delivery.course.title}`, { align: "center" });
  doc.text(`Sección ${delivery.section.code}`, { align: "center" });
  doc.moveDown(4);
  doc
    .font("Helvetica-Bold")
    .fontSize(20)
    .text(delivery.title ?? delivery.code, { align: "center" });
  doc.moveDown(4);
  doc.font("Helvetica").fontSize(12);
  doc.text(`Estudiante: ${student.firstName} ${student.lastName}`);
  doc.text(`Cédula: ${student.identityDocument}`);
  doc.moveDown();
  if (delivery.jury.length > 0) {
    doc.text("Jurado:");
    for (const j of delivery.jury) doc.text(`• ${j.firstName} ${j.lastName}`, { indent: 16 });
    doc.moveDown();
  }
  if (delivery.deliveryAtLocal) {
    const [date, time] = delivery.deliveryAtLocal.split("T");
    doc.text(`Fecha de entrega: ${formatDate(date)} ${time}`);
  }
  doc.end();
  return done;
}
