import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import { formatDate } from "../../../common/dates/format.js";
import { certificateDateInWords } from "../../../common/dates/words.js";
import { formatNote } from "../../../common/enrolment/progression.js";
import type { Standing } from "../../../common/grades/standing.js";
import { sfntFromWoff } from "../../pdf/woff.js";

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("@fontsource/noto-serif/package.json")), "files");

/** Noto Serif (Latin: á, é, ñ, ¿, ü…), embedded in every document; read and unpacked once. */
const fonts = {
  regular: sfntFromWoff(readFileSync(path.join(fontDir, "noto-serif-latin-400-normal.woff"))),
  bold: sfntFromWoff(readFileSync(path.join(fontDir, "noto-serif-latin-700-normal.woff"))),
};

/** The institution's logo: `server/assets/logo.png` (replace the file to change it). */
export const logoPath = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "..",
  "..",
  "assets",
  "logo.png",
);
const logo = readFileSync(logoPath);

export type Signer = { name: string; title: string | null; identityDocument: string | null };

export type GradeLine = {
  code: string;
  title: string;
  credits: number;
  /** Final, or so far while the course is in progress. */
  note: number | null;
  standing: Standing;
  failedByAbsences: boolean;
};

/** Everything a certificate or letter prints. Built by the service from the records of the other modules. */
export type DocumentFacts = {
  kind: 1 | 2 | 4;
  institution: string;
  student: { firstName: string; lastName: string; identityDocument: string; gender: string };
  specialization: string | null;
  semester: number | null;
  section: string | null;
  period: { year: number; number: number; startDate: string; endDate: string } | null;
  /** Type 2: the courses of the period with their notes, and the averages (common/enrolment/progression). */
  grades?: { lines: GradeLine[]; average: number | null; weightedAverage: number | null; credits: number };
  signers: Signer[];
  /** School-local date of issue, `YYYY-MM-DD`. */
  issuedOn: string;
  code: string;
  verifyUrl: string;
};

const titles: Record<DocumentFacts["kind"], string> = {
  1: "CONSTANCIA DE ESTUDIOS",
  2: "CONSTANCIA DE NOTAS",
  4: "CARTA DE RECOMENDACIÓN",
};

const ordinals = [
  "",
  "primer",
  "segundo",
  "tercer",
  "cuarto",
  "quinto",
  "sexto",
  "séptimo",
  "octavo",
  "noveno",
  "décimo",
  "undécimo",
  "duodécimo",
];
const semesterText = (n: number) => `${ordinals[n] ?? `${n}.º`} semestre`;
const periodText = (p: NonNullable<DocumentFacts["period"]>) => `${p.year}-${p.number}`;

/** The PDF of a study certificate (1), a grades certificate (2) or a graduate recommendation letter (4). */
export async function buildDocumentPdf(facts: DocumentFacts): Promise<Buffer> {
  const qr = await QRCode.toBuffer(facts.verifyUrl, {
    type: "png",
    margin: 1,
    width: 220,
    errorCorrectionLevel: "M",
  });
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: 54, bottom: 54, left: 72, right: 72 },
    info: {
      Title: `${titles[facts.kind]} — ${facts.student.firstName} ${facts.student.lastName}`,
      Author: facts.institution,
      Subject: `Código de verificación ${facts.code}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("serif", fonts.regular);
  doc.registerFont("serif-bold", fonts.bold);

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  // Header: logo and the institution's name.
  doc.image(logo, left, 48, { width: 64 });
  doc
    .font("serif-bold")
    .fontSize(15)
    .fillColor("#1c3d6e")
    .text(facts.institution, left + 76, 62, { width: width - 76, align: "center" });
  doc
    .font("serif")
    .fontSize(9)
    .fillColor("#444444")
    .text("Control de Estudios", left + 76, doc.y + 2, { width: width - 76, align: "center" });
  doc
    .moveTo(left, 124)
    .lineTo(left + width, 124)
    .lineWidth(1)
    .strokeColor("#d4a73a")
    .stroke();

  doc.fillColor("#000000").font("serif-bold").fontSize(16).text(titles[facts.kind], left, 146, {
    width,
    align: "center",
    characterSpacing: 1,
  });
  doc.moveDown(1.2);

  const s = facts.student;
  const female = s.gender === "female";
  const name = `${s.firstName} ${s.lastName}`.toUpperCase();
  const principal = facts.signers[0];
  const who = principal
    ? `Quien suscribe, ${principal.name}${principal.title ? `, ${principal.title}` : ""} de ${facts.institution},`
    : `Quien suscribe, en nombre de ${facts.institution},`;
  const where = [
    facts.specialization ? `en la especialidad ${facts.specialization}` : null,
    facts.semester ? `${semesterText(facts.semester)}` : null,
    facts.section ? `sección ${facts.section}` : null,
  ]
    .filter(Boolean)
    .join(", ");
  const period = facts.period
    ? `el período académico ${periodText(facts.period)} (del ${formatDate(facts.period.startDate)} al ${formatDate(facts.period.endDate)})`
    : "el período académico en curso";

  doc.font("serif").fontSize(11.5);
  const para = { width, align: "left" as const, lineGap: 4 };
  const student = (preposition?: "a") => {
    doc.text(`${citizen(s.gender, preposition)} `, { continued: true, ...para });
    doc.font("serif-bold").text(name, { continued: true });
    doc.font("serif").text(", titular de la cédula de identidad ", { continued: true });
    doc.font("serif-bold").text(s.identityDocument, { continued: true });
    doc.font("serif");
  };

  // While the period runs the student "cursa" (and a course may be "En curso"); afterwards "cursó".
  const running = periodRunning(facts);
  const studies = running ? "cursa" : "cursó";
  if (facts.kind === 1) {
    doc.text(`${who} hace constar por medio de la presente que `, { continued: true, ...para });
    student();
    doc.text(`, ${studies} estudios en esta institución${where ? ` ${where}` : ""}, durante ${period}.`);
  } else if (facts.kind === 2) {
    doc.text(`${who} hace constar por medio de la presente que `, { continued: true, ...para });
    student();
    doc.text(
      `, ${studies}${where ? ` ${where},` : ""} durante ${period}, las materias que se indican con las calificaciones ` +
        (running
          ? "obtenidas hasta la fecha (escala de 0 a 20; en las materias en curso, la nota acumulada):"
          : "obtenidas (escala de 0 a 20):"),
    );
    gradesTable(doc, facts, left, width);
  } else {
    doc.text("A quien pueda interesar:", para);
    doc.moveDown(0.8);
    doc.text(`${who} se complace en recomendar ampliamente `, { continued: true, ...para });
    student("a");
    doc.text(
      `, ${female ? "egresada" : "egresado"} de esta institución${facts.specialization ? ` en la especialidad ${facts.specialization}` : ""}. ` +
        `Durante sus estudios demostró responsabilidad, constancia y buena conducta, cualidades que ${female ? "la" : "lo"} ` +
        `hacen ${female ? "merecedora" : "merecedor"} de toda la confianza que en su persona se deposite.`,
    );
  }

  doc.moveDown(1);
  doc.text(
    `${facts.kind === 4 ? "Carta que se expide" : "Constancia que se expide"} a petición de la parte interesada, ${certificateDateInWords(facts.issuedOn)}.`,
    para,
  );

  signatures(doc, facts.signers, left, width);
  footer(doc, facts, qr, left, width);
  doc.end();
  return done;
}

/** "el ciudadano" / "la ciudadana"; after "a", contracted: "al ciudadano" / "a la ciudadana". */
export function citizen(gender: string, preposition?: "a"): string {
  if (gender === "female") return preposition ? "a la ciudadana" : "la ciudadana";
  return preposition ? "al ciudadano" : "el ciudadano";
}

/** The period of the document has not ended on the day of issue. */
export const periodRunning = (facts: Pick<DocumentFacts, "period" | "issuedOn">) =>
  facts.period !== null && facts.issuedOn <= facts.period.endDate;

/** A course's condition on the grades certificate. */
export function conditionOf(line: GradeLine): string {
  if (line.failedByAbsences) return "Reprobada (inasistencias)";
  if (line.standing === "in_progress") return "En curso";
  if (line.note === null) return "Sin nota";
  return line.standing === "passed" ? "Aprobada" : "Reprobada";
}

function gradesTable(doc: PDFKit.PDFDocument, facts: DocumentFacts, left: number, width: number) {
  const grades = facts.grades ?? { lines: [], average: null, weightedAverage: null, credits: 0 };
  const cols = [
    { label: "Código", w: 70, align: "left" as const },
    { label: "Materia", w: width - 70 - 60 - 50 - 90, align: "left" as const },
    { label: "Créditos", w: 60, align: "center" as const },
    { label: "Nota", w: 50, align: "center" as const },
    { label: "Condición", w: 90, align: "center" as const },
  ];
  doc.moveDown(0.8);
  let y = doc.y;
  const row = (cells: string[], bold: boolean, shade: boolean) => {
    doc.font(bold ? "serif-bold" : "serif").fontSize(9.5);
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: cols[i]!.w - 8 }));
    const h = Math.max(...heights) + 8;
    if (shade) doc.rect(left, y, width, h).fill("#eef2f8").fillColor("#000000");
    let x = left;
    cells.forEach((c, i) => {
      doc.text(c, x + 4, y + 4, { width: cols[i]!.w - 8, align: cols[i]!.align });
      x += cols[i]!.w;
    });
    y += h;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .strokeColor("#999999")
      .stroke();
  };
  row(
    cols.map((c) => c.label),
    true,
    true,
  );
  if (grades.lines.length === 0)
    row(["", "Sin materias registradas en el período.", "", "", ""], false, false);
  for (const line of grades.lines) {
    const condition = conditionOf(line);
    row(
      [
        line.code,
        line.title,
        String(line.credits),
        line.note === null ? "—" : formatNote(line.note),
        condition,
      ],
      false,
      false,
    );
  }
  doc.font("serif").fontSize(10.5);
  doc.text(
    `Total de créditos: ${grades.credits}    ·    Promedio: ${grades.average === null ? "—" : formatNote(grades.average)}    ·    Promedio ponderado por créditos: ${grades.weightedAverage === null ? "—" : formatNote(grades.weightedAverage)}`,
    left,
    y + 8,
    { width, align: "left" },
  );
  doc.x = left;
  doc.fontSize(11.5);
}

function signatures(doc: PDFKit.PDFDocument, signers: Signer[], left: number, width: number) {
  const shown = signers.slice(0, 3);
  if (shown.length === 0) return;
  let y = Math.max(doc.y + 56, 500);
  if (y > doc.page.height - 200) {
    doc.addPage();
    y = 140;
  }
  const slot = width / shown.length;
  shown.forEach((s, i) => {
    const x = left + i * slot + 12;
    const w = slot - 24;
    doc
      .moveTo(x, y)
      .lineTo(x + w, y)
      .lineWidth(0.8)
      .strokeColor("#000000")
      .stroke();
    doc
      .font("serif-bold")
      .fontSize(10)
      .fillColor("#000000")
      .text(s.name, x, y + 4, { width: w, align: "center" });
    if (s.title) doc.font("serif").fontSize(9).text(s.title, x, doc.y, { width: w, align: "center" });
    if (s.identityDocument)
      doc
        .font("serif")
        .fontSize(9)
        .text(`C.I. ${s.identityDocument}`, x, doc.y, { width: w, align: "center" });
  });
}

function footer(doc: PDFKit.PDFDocument, facts: DocumentFacts, qr: Buffer, left: number, width: number) {
  const size = 78;
  const y = doc.page.height - doc.page.margins.bottom - size;
  doc
    .moveTo(left, y - 10)
    .lineTo(left + width, y - 10)
    .lineWidth(0.5)
    .strokeColor("#cccccc")
    .stroke();
  doc.image(qr, left, y, { width: size, height: size });
  const x = left + size + 14;
  const w = width - size - 14;
  doc
    .font("serif-bold")
    .fontSize(10)
    .fillColor("#1c3d6e")
    .text(`Código de verificación: ${facts.code}`, x, y + 8, {
      width: w,
      lineBreak: false,
    });
  doc
    .font("serif")
    .fontSize(8.5)
    .fillColor("#333333")
    .text(
      "Compruebe la autenticidad de este documento escaneando el código QR o visitando la dirección:",
      x,
      y + 26,
      { width: w },
    );
  doc
    .font("serif")
    .fontSize(8.5)
    .fillColor("#1c3d6e")
    .text(facts.verifyUrl, x, doc.y + 1, {
      width: w,
      link: facts.verifyUrl,
      underline: false,
    });
  doc.fillColor("#000000");
}
