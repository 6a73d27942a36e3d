import PDFDocument from "pdfkit";
import { formatDate } from "../../../common/dates/format.js";
import { formatNote } from "../../../common/enrolment/progression.js";
import type { CsvColumn } from "../../http/csv.js";
import { periodName } from "./presenter.js";
import type { CourseSectionNotesRow, StudentNotesRow } from "./service.js";

/** A student's standing on the grade sheet, in Spanish. */
export function standing(r: StudentNotesRow): string {
  if (r.withdrawn) return "Retirado";
  if (r.failedByAbsences) return "Reprobado por inasistencias";
  if (r.standing === "in_progress") return "En curso";
  if (r.note === null) return "Sin nota";
  return r.passed ? "Aprobado" : "Reprobado";
}

/** Columns of the grade sheet CSV: one row per student, by cédula, with the final note. */
export const gradeSheetCsvColumns: CsvColumn<StudentNotesRow>[] = [
  { header: "Cédula", value: (r) => r.identityDocument },
  { header: "Apellidos", value: (r) => r.lastName },
  { header: "Nombres", value: (r) => r.firstName },
  { header: "Nota final", value: (r) => (r.withdrawn ? null : r.note) },
  { header: "Inasistencias", value: (r) => r.absencesWithDelays },
  { header: "Condición", value: (r) => standing(r) },
];

/** Columns of the course section's students list as CSV (`GET …/students?format=csv`). */
export const courseStudentCsvColumns: CsvColumn<StudentNotesRow>[] = [
  { header: "Cédula", value: (r) => r.identityDocument },
  { header: "Apellidos", value: (r) => r.lastName },
  { header: "Nombres", value: (r) => r.firstName },
  { header: "Nota", value: (r) => r.note },
  { header: "Evaluado (%)", value: (r) => r.evaluatedPercent },
  { header: "1.er corte", value: (r) => r.firstCut.note },
  { header: "2.º corte", value: (r) => r.secondCut.note },
  { header: "Inasistencias", value: (r) => r.absences },
  { header: "Retrasos", value: (r) => r.delays },
  { header: "Condición", value: (r) => standing(r) },
];

export const gradeSheetFilename = (row: CourseSectionNotesRow) =>
  `acta-${row.courseSection.section.code}-${row.courseSection.course.code}`;

/**
 * The grade sheet ("acta de notas") of a course section, the paper a school files at the end of a
 * period: institution, period, course, section, teachers, then each student by cédula with the final
 * note and standing, and lines for the signatures. Helvetica (WinAnsi) prints Spanish accents and "ñ".
 */
export async function gradeSheetPdf(opts: {
  institution: string;
  notes: CourseSectionNotesRow;
  today: string;
  /** Compress the page streams (false lets a test read the text). */
  compress?: boolean;
}): Promise<Buffer> {
  const { courseSection: cs, students } = opts.notes;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 54,
    compress: opts.compress ?? true,
    info: { Title: `Acta de notas ${cs.course.code} ${cs.section.code}`, Author: opts.institution },
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
  doc.fontSize(13).text("Acta de notas", { align: "center" });
  doc.moveDown(0.8);
  doc.font("Helvetica").fontSize(10.5);
  doc.text(`Período: ${periodName(cs.period)}`);
  doc.text(`Materia: ${cs.course.code} — ${cs.course.title} (${cs.course.credits} créditos)`);
  doc.text(`Sección: ${cs.section.code}`);
  doc.text(`Profesor: ${cs.teachers.map((t) => t.name).join(", ") || "Sin profesor asignado"}`);
  doc.text(`Nota mínima aprobatoria: ${cs.period.approvalMinimumNote}`);
  doc.moveDown(0.8);

  const cols = [
    { header: "N.º", width: 30, align: "right" as const },
    { header: "Cédula", width: 90, align: "left" as const },
    { header: "Apellidos y nombres", width: width - 30 - 90 - 60 - 150, align: "left" as const },
    { header: "Nota final", width: 60, align: "center" as const },
    { header: "Condición", width: 150, align: "left" as const },
  ];
  const row = (cells: string[], bold: boolean) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
    const y = doc.y;
    let x = left;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    let height = 0;
    cells.forEach((text, i) => {
      const col = cols[i]!;
      doc.text(text, x + 3, y + 3, { width: col.width - 6, align: col.align });
      height = Math.max(height, doc.y - y);
      x += col.width;
    });
    const bottom = y + height + 3;
    doc
      .moveTo(left, bottom)
      .lineTo(left + width, bottom)
      .lineWidth(0.5)
      .stroke("#888888");
    doc.x = left;
    doc.y = bottom + 1;
  };
  row(
    cols.map((c) => c.header),
    true,
  );
  students.forEach((s, i) => {
    row(
      [
        String(i + 1),
        s.identityDocument,
        `${s.lastName}, ${s.firstName}`,
        s.withdrawn || s.note === null ? "—" : formatNote(s.note),
        standing(s),
      ],
      false,
    );
  });
  if (students.length === 0) {
    doc.moveDown();
    doc.font("Helvetica-Oblique").text("La materia no tiene estudiantes inscritos.", left);
  }
  const count = (standing: string) => students.filter((s) => s.standing === standing).length;
  const inProgress = count("in_progress");
  doc.moveDown();
  doc
    .font("Helvetica")
    .fontSize(10.5)
    .text(
      `Estudiantes: ${students.length}. Aprobados: ${count("passed")}. No aprobados: ${count("failed")}.` +
        (inProgress ? ` En curso: ${inProgress}.` : ""),
      left,
    );
  doc.text(`Fecha: ${formatDate(opts.today)}`, left);
  doc.moveDown(3);
  const lineY = doc.y;
  const half = width / 2;
  doc
    .moveTo(left + 20, lineY)
    .lineTo(left + half - 20, lineY)
    .stroke("#000000");
  doc
    .moveTo(left + half + 20, lineY)
    .lineTo(left + width - 20, lineY)
    .stroke("#000000");
  doc.text("Firma del profesor", left, lineY + 4, { width: half, align: "center" });
  doc.text("Firma de Control de Estudios", left + half, lineY + 4, { width: half, align: "center" });
  doc.end();
  return done;
}
