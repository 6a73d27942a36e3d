import { inArray } from "drizzle-orm";
import type { DbOrTx } from "../client.js";
import * as s from "../schema/index.js";
import type { SeededAcademics } from "./academics.js";

/**
 * Stored files of the demo library start with this prefix. The rows are written here; the files (small
 * PDFs and WebP covers) are made by `ensureDemoLibraryFiles` (server/modules/documents/demo-files.ts)
 * when the server starts, since seeding runs before the storage exists.
 */
export const demoLibraryPrefix = "documents/demo/";

type Def = {
  title: string;
  description: string;
  /** Specialization code; a semester by its position in the specialization; a course by code. */
  specialization?: string;
  semester?: number;
  course?: string;
  cover?: boolean;
};

const library: Def[] = [
  { title: "Reglamento estudiantil", description: "Normas académicas y disciplinarias del instituto." },
  { title: "Calendario académico", description: "Fechas de inscripción, cortes, evaluaciones y vacaciones." },
  { title: "Manual de normas APA", description: "Cómo citar y presentar referencias en trabajos escritos." },
  { title: "Guía de uso de la biblioteca", description: "Préstamos, horarios y recursos en línea." },
  { title: "Técnicas de estudio", description: "Planificación, lectura activa y preparación de exámenes." },
  { title: "Normas de convivencia", description: "Acuerdos para una convivencia respetuosa en el campus." },
  { title: "Manual del estudiante", description: "Trámites, servicios y contactos útiles.", cover: false },
  { title: "Guía de redacción académica", description: "Estructura de informes, ensayos y monografías." },
  {
    title: "Guía de ejercicios de Matemática I",
    description: "Ejercicios resueltos de funciones, límites y derivadas.",
    specialization: "CB",
    semester: 1,
    course: "MAT-101",
  },
  {
    title: "Inglés técnico: vocabulario básico",
    description: "Glosario y lecturas cortas.",
    specialization: "CB",
    semester: 1,
    course: "ING-101",
  },
  {
    title: "Estadística básica: formulario",
    description: "Medidas de tendencia central y dispersión.",
    specialization: "CB",
    semester: 2,
  },
  {
    title: "Introducción a la informática",
    description: "Panorama de la carrera y sus áreas.",
    specialization: "INF",
  },
  {
    title: "Ejercicios de Programación I",
    description: "Problemas de algoritmos con soluciones comentadas.",
    specialization: "INF",
    semester: 1,
    course: "PRO-201",
  },
  {
    title: "Modelo entidad-relación",
    description: "Apuntes y ejemplos de diseño de bases de datos.",
    specialization: "INF",
    semester: 1,
    course: "BDD-201",
  },
  {
    title: "Patrones de diseño",
    description: "Catálogo breve con ejemplos en código.",
    specialization: "INF",
    semester: 2,
    course: "PRO-202",
  },
  {
    title: "Guía de seguridad informática",
    description: "Buenas prácticas y listas de verificación.",
    specialization: "INF",
    semester: 3,
  },
  {
    title: "Introducción a la administración",
    description: "Conceptos básicos de la carrera.",
    specialization: "ADM",
  },
  {
    title: "Plan de cuentas",
    description: "Catálogo de cuentas para los ejercicios de contabilidad.",
    specialization: "ADM",
    semester: 1,
    course: "CON-201",
  },
  {
    title: "Casos de mercadeo",
    description: "Casos prácticos para discusión en clase.",
    specialization: "ADM",
    semester: 2,
    course: "MER-202",
  },
  {
    title: "Guía de auditoría",
    description: "Procedimientos y papeles de trabajo.",
    specialization: "ADM",
    semester: 3,
    cover: false,
  },
];

/** The demo's virtual library: 20 documents, most with a cover, general or tied to a specialization, semester and course. */
export async function seedLibrary(db: DbOrTx, academics: SeededAcademics, adminUserId: number) {
  const codes = library.flatMap((d) => (d.course ? [d.course] : []));
  const courseRows = await db
    .select({ id: s.courses.id, code: s.courses.code })
    .from(s.courses)
    .where(inArray(s.courses.code, codes));
  const courseId = new Map(courseRows.map((c) => [c.code, c.id]));
  const rows = library.map((d, i) => {
    const n = String(i + 1).padStart(2, "0");
    const specializationId = d.specialization ? academics.specializationIds[d.specialization]! : null;
    const semester =
      specializationId !== null && d.semester
        ? academics.semesters.filter((x) => x.specializationId === specializationId)[d.semester - 1]
        : undefined;
    const course = d.course ? courseId.get(d.course) : undefined;
    if (d.semester && !semester) throw new Error(`Demo library: no semester ${d.semester} for ${d.title}`);
    if (course !== undefined && !semester?.courseIds.includes(course))
      throw new Error(`Demo library: ${d.course} is not in its semester`);
    return {
      title: d.title,
      description: d.description,
      file: `${demoLibraryPrefix}${n}.pdf`,
      coverPicture: d.cover === false ? null : `${demoLibraryPrefix}${n}-cover.webp`,
      specializationId,
      semesterId: semester?.id ?? null,
      courseId: course ?? null,
      uploadedByUserId: adminUserId,
    };
  });
  await db.insert(s.documents).values(rows);
}
