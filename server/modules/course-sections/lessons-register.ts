import PDFDocument from "pdfkit";
import { formatDate } from "../../../common/dates/format.js";
import type { CsvColumn } from "../../http/csv.js";
import type {
  LessonsRegister,
  RegisterLessonRow,
  StudentAbsenceRow,
  StudentAbsencesRow,
  StudentLessonRow,
} from "./attendance.js";
import { periodName } from "./presenter.js";

const attendanceText = { present: "Presente", absent: "Inasistencia", delayed: "Retraso" } as const;
const topic = (r: { title: string | null; description?: string | null }) =>
  [r.title, r.description].filter(Boolean).join(" — ") || "Sin tema";
/** Attendance counts are only shown once the attendance of the lesson was taken. */
const counted = (r: RegisterLessonRow, n: number) => (r.registered ? n : null);

/** Columns of the lessons register CSV: one row per lesson. */
export const lessonsRegisterCsvColumns: CsvColumn<RegisterLessonRow>[] = [
  { header: "Fecha", value: (r) => r.date },
  { header: "Tema", value: (r) => r.title },
  { header: "Descripción", value: (r) => r.description },
  { header: "Asistencia registrada", value: (r) => r.registered },
  { header: "Evaluada", value: (r) => r.evaluated },
  { header: "Ponderación (%)", value: (r) => (r.evaluated ? r.weight : null) },
  { header: "Presentes", value: (r) => counted(r, r.present) },
  { header: "Inasistentes", value: (r) => counted(r, r.absent) },
  { header: "Retrasos", value: (r) => counted(r, r.delayed) },
];

export const lessonsRegisterFilename = (r: LessonsRegister) =>
  `registro-de-clases-${r.courseSection.section.code}-${r.courseSection.course.code}`.replace(
    /[^A-Za-z0-9_-]+/g,
    "-",
  );

/** Columns of a student's absences in a course section as CSV; the last row carries the totals. */
export const studentAbsencesCsvColumns: CsvColumn<StudentAbsenceRow | StudentAbsencesRow["totals"]>[] = [
  { header: "Fecha", value: (r) => ("date" in r ? r.date : "Total") },
  {
    header: "Clase",
    value: (r) =>
      "date" in r
        ? (r.title ?? "Sin tema")
        : `${r.absences} inasistencias y ${r.delays} retrasos: ${r.absencesWithDelays} de ${r.maxAbsencesToFail} permitidas`,
  },
  {
    header: "Asistencia",
    value: (r) =>
      "date" in r
        ? attendanceText[r.attendance]
        : r.failedByAbsences
          ? "Reprobado por inasistencias"
          : "Dentro del límite",
  },
];

/** Columns of a student's lessons in a course section as CSV. */
export const studentLessonsCsvColumns: CsvColumn<StudentLessonRow>[] = [
  { header: "Fecha", value: (r) => r.date },
  { header: "Clase", value: (r) => r.title },
  { header: "Asistencia", value: (r) => (r.attendance ? attendanceText[r.attendance] : "Sin registrar") },
  { header: "Evaluada", value: (r) => r.evaluated },
  { header: "Ponderación (%)", value: (r) => (r.evaluated ? r.weight : null) },
  { header: "Nota", value: (r) => r.note },
];

/**
 * The lessons register of a course section as a PDF, the paper a teacher signs at the end of a period:
 * institution, period, course, section, teachers, then each lesson (date, topic, evaluated and its
 * weight, present / absent / late) and the totals, with lines for the signatures. Helvetica (WinAnsi)
 * prints Spanish accents and "ñ".
 */
export async function lessonsRegisterPdf(opts: {
  institution: string;
  register: LessonsRegister;
  today: string;
  /** Compress the page streams (false lets a test read the text). */
  compress?: boolean;
}): Promise<Buffer> {
  const { courseSection: cs, lessons, totals } = opts.register;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 54,
    compress: opts.compress ?? true,
    info: { Title: `Registro de clases ${cs.course.code} ${cs.section.code}`, Author: opts.institution },
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
  doc.fontSize(13).text("Registro de clases", { align: "center" });
  doc.moveDown(0.8);
  doc.font("Helvetica").fontSize(10.5);
  doc.text(`Período: ${periodName(cs.period)}`);
  doc.text(`Materia: ${cs.course.code} — ${cs.course.title}`);
  doc.text(`Sección: ${cs.section.code}`);
  doc.text(`Profesor: ${cs.teachers.map((t) => t.name).join(", ") || "Sin profesor asignado"}`);
  doc.text(`Estudiantes inscritos: ${opts.register.students}`);
  doc.moveDown(0.8);

  // Each header fits its column on one line at 9.5 pt (Helvetica-Bold "Inasistentes" is 55 pt wide).
  const fixed = 26 + 62 + 66 + 54 + 62 + 50;
  const cols = [
    { header: "N.º", width: 26, align: "right" as const },
    { header: "Fecha", width: 62, align: "left" as const },
    { header: "Tema", width: width - fixed, align: "left" as const },
    { header: "Evaluación", width: 66, align: "center" as const },
    { header: "Presentes", width: 54, align: "center" as const },
    { header: "Inasistentes", width: 62, align: "center" as const },
    { header: "Retrasos", width: 50, align: "center" as const },
  ];
  const row = (cells: string[], bold: boolean, header = false) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 90) {
      doc.addPage();
      // A long register goes on: the column headers again at the top of each page.
      if (!header)
        row(
          cols.map((c) => c.header),
          true,
          true,
        );
    }
    const y = doc.y;
    let x = left;
    doc.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(9.5);
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
  const count = (r: RegisterLessonRow, n: number) => (r.registered ? String(n) : "—");
  row(
    cols.map((c) => c.header),
    true,
    true,
  );
  lessons.forEach((l, i) => {
    row(
      [
        String(i + 1),
        formatDate(l.date),
        topic(l),
        l.evaluated ? `Sí (${l.weight} %)` : "No",
        count(l, l.present),
        count(l, l.absent),
        count(l, l.delayed),
      ],
      false,
    );
  });
  if (lessons.length === 0) {
    doc.moveDown();
    doc.font("Helvetica-Oblique").text("La materia no tiene clases registradas.", left);
  } else {
    row(
      [
        "",
        "Totales",
        `${totals.lessons} clases, ${totals.registered} con asistencia registrada`,
        `${totals.evaluated} (${totals.weight} %)`,
        String(totals.present),
        String(totals.absent),
        String(totals.delayed),
      ],
      true,
    );
  }
  doc.moveDown();
  doc
    .font("Helvetica")
    .fontSize(10.5)
    .text(`Fecha: ${formatDate(opts.today)}`, left);
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
