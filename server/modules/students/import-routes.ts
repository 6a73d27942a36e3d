import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  studentImportFields,
  studentImportFormSchema,
  studentImportHeaders,
  studentImportMaxBytes,
  studentImportMaxRows,
  studentImportPreviewSchema,
  studentImportProgressId,
  studentImportResultSchema,
} from "../../../common/schemas/student-import.js";
import { validationMessage } from "../../../common/validation/messages.js";
import { auditContextOf } from "../../audit/http.js";
import { principalOf } from "../../http/auth.js";
import { sendCsv } from "../../http/csv.js";
import { notFound } from "../../http/errors.js";
import { openEventStream } from "../../http/event-stream.js";
import { itemResponse } from "../../http/pagination.js";
import { validationError } from "../../http/validation.js";
import {
  type ImportFile,
  importStudents,
  previewStudentImport,
  type studentImportExample,
  studentImportTemplateRow,
} from "./import.js";
import { ImportProgressBoard } from "./import-progress.js";
import { xlsxLimits } from "./import-xlsx.js";

const tags = ["Estudiantes"];
/** A comment on a quiet progress stream now and then, so no proxy takes it for a dead connection. */
const KEEP_ALIVE_MS = 15_000;
const files = new WeakMap<FastifyRequest, ImportFile>();

/**
 * The multipart form of an import: the `file` part is kept for the service, `dry_run` becomes the body the
 * route's schema validates. A file past the size limit is a 422 on `file`; any other part, a 422 naming it.
 */
async function readImportForm(this: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const body: Record<string, string> = {};
  const unexpected = new Set<string>();
  const parts = request.parts({ limits: { fileSize: studentImportMaxBytes, files: 2, fields: 6, parts: 8 } });
  try {
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname === "file" && !files.has(request)) {
          const data = await part.toBuffer();
          files.set(request, { data, filename: part.filename, mimetype: part.mimetype, truncated: false });
        } else {
          part.file.resume();
          unexpected.add(part.fieldname || "file");
        }
      } else if (["dry_run", "period_id", "progress_id"].includes(part.fieldname))
        body[part.fieldname] = String(part.value);
      else unexpected.add(part.fieldname);
    }
  } catch (err) {
    if (!(err instanceof this.multipartErrors.RequestFileTooLargeError)) throw err;
    throw validationError({
      file: [validationMessage("max", "file", { kind: "file", max: studentImportMaxBytes / 1024 })],
    });
  }
  if (unexpected.size > 0)
    throw validationError(
      Object.fromEntries([...unexpected].map((f) => [f, [validationMessage("prohibited", f)]])),
    );
  request.body = body;
}

const columnsText = studentImportFields.map((f) => `\`${studentImportHeaders[f]}\``).join(", ");

/** Importing students from a CSV or XLSX file (issue 8): a preview with each row's errors, then all or none. */
export async function studentImportRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const board = new ImportProgressBoard();

  r.get(
    "/students/import/template",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Plantilla CSV para importar estudiantes",
        description:
          `Los encabezados (${columnsText}) y una fila de ejemplo (con una especialidad que sigue el ` +
          "período con inscripciones abiertas, y su semestre 1, si lo hay).",
      },
    },
    async (_request, reply) => {
      const example = await studentImportTemplateRow(db);
      return sendCsv(reply, {
        filename: "plantilla-estudiantes",
        columns: studentImportFields.map((f) => ({
          header: studentImportHeaders[f],
          value: (row: typeof studentImportExample) => row[f],
        })),
        rows: (async function* () {
          yield example;
        })(),
      });
    },
  );

  r.post(
    "/students/import",
    {
      onRequest: app.allow("adminOnly"),
      preValidation: readImportForm.bind(app),
      schema: {
        tags,
        summary: "Importar estudiantes desde un archivo CSV o XLSX (multipart: file, dry_run, period_id)",
        description:
          `Primera fila: encabezados (${columnsText}; sin distinguir mayúsculas ni acentos; obligatorias ` +
          "nombres, apellidos, cédula, correo y género). CSV separado por `;` o `,`, en UTF-8 (con o sin BOM). " +
          "Fechas `AAAA-MM-DD` o `DD/MM/AAAA` (o celdas de fecha en XLSX); género F/M, Femenino/Masculino. " +
          `Hasta ${studentImportMaxRows} filas y ${studentImportMaxBytes / 1024 / 1024} MB. \`dry_run=1\`: ` +
          "cada fila con sus errores (200), nada se escribe. `dry_run=0`: si alguna fila tiene errores, 422 " +
          "con ellos bajo `rows.<fila>.<campo>` y nada se escribe; si no, crea todas las cuentas (sin " +
          "confirmar) y los estudiantes en una sola transacción (201) y envía a cada uno el correo de " +
          "confirmación. `Especialidad` (código o nombre de una especialidad habilitada) y `Semestre` (número; 1 " +
          "si se omite) opcionales: el estudiante se inscribe además en el período con inscripciones abiertas " +
          "(`period_id` dice cuál; obligatorio si hay dos abiertos), " +
          "en ese semestre del pensum que el período sigue, como `POST /inscriptions/` (sección automática con " +
          "cupo de su género, materias por prelaciones, cuota del período); la vista previa marca especialidad " +
          "desconocida, semestre inexistente, semestre sin especialidad, ningún período abierto y cupos " +
          "insuficientes por semestre y género; si al importar falta un cupo: 400 " +
          "`no_available_sections_for_inscription` nombrando la fila y las secciones, y nada se escribe. Un " +
          "archivo que no es CSV ni XLSX, demasiado grande, o con columnas desconocidas o faltantes: 422 en `file`; " +
          `también un XLSX que descomprimido pasa de ${xlsxLimits.unpackedBytes / 1024 / 1024} MB, ` +
          `${xlsxLimits.rows.toLocaleString("es-VE")} filas o ${xlsxLimits.cells.toLocaleString("es-VE")} celdas ` +
          "(revisado antes de leerlo). Con `progress_id`, `GET /students/import/progress/{id}` dice mientras " +
          "tanto cuántas filas van revisadas o cuántos estudiantes guardados.",
        body: studentImportFormSchema,
        response: {
          200: itemResponse(studentImportPreviewSchema),
          201: itemResponse(studentImportResultSchema),
        },
      },
    },
    async (request, reply) => {
      const file = files.get(request) ?? null;
      const today = app.clock.today();
      const periodId = request.body.period_id;
      const tracked = request.body.progress_id
        ? board.start(principalOf(request).id, request.body.progress_id)
        : null;
      const progress = tracked?.report;
      try {
        if (request.body.dry_run)
          return { data: await previewStudentImport({ db, file, today, periodId, progress }) };
        const result = await importStudents({
          db,
          config: app.config,
          mailer: app.mailer,
          audit: auditContextOf(request),
          file,
          today,
          periodId,
          now: app.clock.now(),
          progress,
        });
        return reply.status(201).send({ data: result });
      } finally {
        tracked?.finish();
      }
    },
  );

  r.get(
    "/students/import/progress/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Avance de una revisión o importación de estudiantes (server-sent events)",
        description:
          "Flujo `text/event-stream` del avance de la llamada a `POST /students/import` que este usuario envió " +
          "con `progress_id` = `id`: un evento `progress` (datos `{ phase, done, total }`) al abrirlo y otro a cada " +
          "paso: `reading` mientras se lee el archivo, `checking` con las filas revisadas (`done`) de `total`, " +
          "`writing` con los estudiantes guardados; `done` es el último y cierra el flujo. 404 si no se conoce " +
          "(aún no empieza: el archivo sigue llegando; terminó hace más de un minuto; o la atiende otro servidor).",
        params: z.object({ id: studentImportProgressId }),
      },
    },
    async (request, reply) => {
      const userId = principalOf(request).id;
      const sent: string[] = [];
      let write = (text: string) => {
        sent.push(text);
      };
      let closed = false;
      let stop: () => void = () => {};
      const close = () => {
        if (closed) return;
        closed = true;
        clearInterval(keepAlive);
        stop();
        reply.raw.end();
      };
      const keepAlive = setInterval(() => write(": keep-alive\n\n"), KEEP_ALIVE_MS);
      keepAlive.unref();
      const following = board.follow(userId, request.params.id, (progress) => {
        write(`event: progress\ndata: ${JSON.stringify(progress)}\n\n`);
        // After the last report: the stream ends once it is written.
        if (progress.phase === "done") setImmediate(close);
      });
      if (!following) {
        clearInterval(keepAlive);
        throw notFound(
          "import_progress_not_found",
          "No hay avance que mostrar para esa revisión o importación: aún no empieza o ya terminó.",
        );
      }
      stop = following;
      reply.hijack();
      const res = reply.raw;
      openEventStream(res);
      write = (text) => {
        if (!closed) res.write(text);
      };
      for (const text of sent) write(text);
      request.raw.on("close", close);
      res.on("close", close);
    },
  );
}
