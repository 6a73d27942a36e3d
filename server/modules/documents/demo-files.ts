import { asc, eq, like } from "drizzle-orm";
import PDFDocument from "pdfkit";
import sharp from "sharp";
import type { DbOrTx } from "../../db/client.js";
import { courses, documents, semesters, specializations } from "../../db/schema/index.js";
import { demoLibraryPrefix } from "../../db/seed/library.js";
import type { FileStorage } from "../../storage/types.js";

type DemoRow = {
  id: number;
  title: string;
  description: string | null;
  file: string;
  coverPicture: string | null;
  specialization: string | null;
  semester: number | null;
  course: string | null;
};

/** A one-page PDF for a demo document: its title, where it belongs and its description. */
export function demoPdf(row: DemoRow): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", margin: 72, info: { Title: row.title } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.font("Helvetica").fontSize(11).fillColor("#555555").text("Biblioteca virtual", { align: "right" });
  doc.moveDown(3);
  doc.font("Helvetica-Bold").fontSize(24).fillColor("#1c3d6e").text(row.title, { align: "center" });
  doc.moveDown();
  const where = [
    row.specialization ?? "Documento general",
    row.semester ? `Semestre ${row.semester}` : null,
    row.course,
  ].filter(Boolean);
  doc.font("Helvetica").fontSize(13).fillColor("#333333").text(where.join(" · "), { align: "center" });
  doc.moveDown(2);
  if (row.description) doc.fontSize(12).fillColor("#000000").text(row.description, { align: "justify" });
  doc.moveDown(2);
  doc
    .fontSize(10)
    .fillColor("#777777")
    .text("Documento de demostración: la escuela sube aquí sus guías, reglamentos y material de estudio.");
  doc.end();
  return done;
}

const palette = ["#1c3d6e", "#2f7d5b", "#8a3b2e", "#6b4c9a", "#b7791f", "#2c7a7b", "#9b2c6b"];

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** Splits a title into lines of at most `width` characters (whole words). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    const last = lines[lines.length - 1];
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.slice(0, 5);
}

/** A book-like WebP cover (360×480) with the title, drawn from an SVG made here (never from an upload). */
export function demoCover(row: DemoRow): Promise<Buffer> {
  const color = palette[row.id % palette.length]!;
  const lines = wrap(row.title, 16);
  const text = lines
    .map(
      (line, i) =>
        `<text x="180" y="${200 + i * 40 - lines.length * 20}" font-family="sans-serif" font-size="32" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join("");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="480">
    <rect width="360" height="480" fill="${color}"/>
    <rect x="20" y="20" width="320" height="440" fill="none" stroke="#ffffff" stroke-opacity="0.5" stroke-width="3"/>
    ${text}
    <text x="180" y="420" font-family="sans-serif" font-size="18" fill="#ffffff" fill-opacity="0.85" text-anchor="middle">${escapeXml(row.specialization ?? "General")}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).webp({ quality: 80 }).toBuffer();
}

/**
 * Makes the files of the demo library (`documents/demo/…`) that the storage lacks: the demo seed writes
 * the rows before any storage exists, so the server fills them in when it starts. Nothing to do (one
 * small query) on a school without demo documents.
 */
export async function ensureDemoLibraryFiles(db: DbOrTx, storage: FileStorage): Promise<number> {
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      description: documents.description,
      file: documents.file,
      coverPicture: documents.coverPicture,
      specialization: specializations.title,
      semester: semesters.number,
      course: courses.title,
    })
    .from(documents)
    .leftJoin(specializations, eq(specializations.id, documents.specializationId))
    .leftJoin(semesters, eq(semesters.id, documents.semesterId))
    .leftJoin(courses, eq(courses.id, documents.courseId))
    .where(like(documents.file, `${demoLibraryPrefix}%`))
    .orderBy(asc(documents.id));
  let made = 0;
  for (const row of rows) {
    if (!(await storage.stat(row.file))) {
      await storage.put(row.file, await demoPdf(row), { contentType: "application/pdf" });
      made += 1;
    }
    if (row.coverPicture?.startsWith(demoLibraryPrefix) && !(await storage.stat(row.coverPicture))) {
      await storage.put(row.coverPicture, await demoCover(row), { contentType: "image/webp" });
      made += 1;
    }
  }
  return made;
}
