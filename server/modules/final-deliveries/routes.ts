import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createFinalDeliverySchema,
  finalDeliverySchema,
  finalDeliveryStudentSchema,
  juryNoteSchema,
  SCHEDULED_CONTENT_MAX_BYTES,
  scheduledContentTypes,
  updateFinalDeliverySchema,
} from "../../../common/schemas/final-deliveries.js";
import { idParamsSchema, recordIdParam } from "../../../common/validation/ids.js";
import { validationMessage } from "../../../common/validation/index.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { fieldError, validationError } from "../../http/validation.js";
import { finalDeliveryCsvColumns, presentFinalDelivery, presentFinalDeliveryStudent } from "./presenter.js";
import {
  addJuryMember,
  createFinalDelivery,
  deleteFinalDelivery,
  finalDeliverySortable,
  getFinalDelivery,
  listDeliveryStudents,
  listFinalDeliveries,
  openScheduledContent,
  removeJuryMember,
  setJuryNote,
  storeScheduledContent,
  updateFinalDelivery,
} from "./service.js";
import { workCoverPdf } from "./work-cover.js";

const tags = ["Entregas finales"];

const deliveriesQuery = listQuery({
  sortable: finalDeliverySortable,
  defaultSort: { field: "id", direction: "desc" },
  filters: {
    course_section_id: queryFilter.int({ min: 1 }).describe("Solo la entrega de esta materia de sección."),
    period_id: queryFilter.int({ min: 1 }).describe("Solo las entregas de este período."),
  },
});

const juryParams = z.object({ id: recordIdParam(), teacher_id: recordIdParam() });
const noteParams = z.object({
  id: recordIdParam(),
  teacher_id: recordIdParam(),
  student_id: recordIdParam(),
});
const workCoverQuery = z.object({ final_delivery_id: recordIdParam(), student_id: recordIdParam() });

const RECORD_RULE = "Un estudiante ve solo las entregas de las que forma parte.";
const MANAGE_RULE =
  "Administrador o coordinador (un coordinador solo en su especialidad y en materias que dictan él o los " +
  "profesores que supervisa, y solo nombra jurado a estos: `coordinator_not_owner_or_not_supervising`). " +
  "El jurado y sus notas pueden " +
  "cambiar hasta 24 horas después de la fecha de entrega (`jury_unable_to_modify`).";
const FIELD = "scheduled_content_resource";

/** Reads the one file of `field` (null when the request is not multipart); other parts are a 422. */
async function readFile(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) throw fieldError(FIELD, "required");
  let upload: { data: Buffer; mimetype: string } | null = null;
  const unexpected = new Set<string>();
  try {
    for await (const part of request.parts({
      limits: { fileSize: SCHEDULED_CONTENT_MAX_BYTES, files: 2, fields: 5, parts: 7 },
    })) {
      if (part.type === "file" && part.fieldname === FIELD && !upload) {
        upload = { data: await part.toBuffer(), mimetype: part.mimetype };
        continue;
      }
      if (part.type === "file") part.file.resume();
      unexpected.add(part.fieldname || "file");
    }
  } catch (err) {
    if (!(err instanceof app.multipartErrors.RequestFileTooLargeError)) throw err;
    throw fieldError(FIELD, "max", { kind: "file", max: SCHEDULED_CONTENT_MAX_BYTES / 1024 });
  }
  if (unexpected.size > 0) {
    const errors: Record<string, string[]> = {};
    for (const name of unexpected) errors[name] = [validationMessage("prohibited", name)];
    throw validationError(errors);
  }
  if (!upload || upload.data.length === 0) throw fieldError(FIELD, "required");
  const type = upload.mimetype.split(";")[0]!.trim().toLowerCase() as keyof typeof scheduledContentTypes;
  const extension = scheduledContentTypes[type];
  if (!extension)
    throw fieldError(FIELD, "mimes", { values: [...new Set(Object.values(scheduledContentTypes))] });
  if (extension === "pdf" && upload.data.subarray(0, 5).toString("latin1") !== "%PDF-")
    throw fieldError(FIELD, "mimes", { values: [...new Set(Object.values(scheduledContentTypes))] });
  return { data: upload.data, contentType: type, extension };
}

/** Final deliveries (spec.md §7): list and detail for everyone (scoped), writes §6, the jury and its notes. */
export async function finalDeliveriesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const timeZone = app.config.timeZone;

  r.get(
    "/final-deliveries",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Listar entregas finales",
        description: `${RECORD_RULE} Busca en código, título, materia y sección; \`format=csv\`: archivo CSV.`,
        querystring: deliveriesQuery,
        response: { 200: listResponse(finalDeliverySchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listFinalDeliveries({ db, caller: principalOf(request), timeZone, list }),
        present: (row) => presentFinalDelivery(row, app.clock.now()),
        csv: { filename: "entregas-finales", columns: finalDeliveryCsvColumns },
      }),
  );

  r.get(
    "/final-deliveries/:id",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Ver una entrega final",
        description: RECORD_RULE,
        params: idParamsSchema,
        response: { 200: itemResponse(finalDeliverySchema) },
      },
    },
    async (request) => ({
      data: presentFinalDelivery(
        await getFinalDelivery({ db, caller: principalOf(request), timeZone, id: request.params.id }),
        app.clock.now(),
      ),
    }),
  );

  r.post(
    "/final-deliveries",
    {
      onRequest: app.allow("finalDeliveriesWrite"),
      schema: {
        tags,
        summary: "Crear una entrega final",
        description:
          `${MANAGE_RULE} Una por materia de sección (\`course_section_already_has_one\`), si la materia la ` +
          "admite (`course_section_dont_support_finals`); su porcentaje más los pesos de las evaluaciones no " +
          "pasa de 100 (`invalid_weighting`). Los estudiantes son los inscritos en la materia. `delivery_at` " +
          "es la hora local de la escuela (`YYYY-MM-DDTHH:MM`).",
        body: createFinalDeliverySchema,
        response: { 201: itemResponse(finalDeliverySchema) },
      },
    },
    async (request, reply) => {
      const row = await createFinalDelivery({
        db,
        caller: principalOf(request),
        timeZone,
        input: request.body,
      });
      return reply.status(201).send({ data: presentFinalDelivery(row, app.clock.now()) });
    },
  );

  r.patch(
    "/final-deliveries/:id",
    {
      onRequest: app.allow("finalDeliveriesWrite"),
      schema: {
        tags,
        summary: "Actualizar una entrega final",
        description:
          `${MANAGE_RULE} Pasadas 24 horas de su fecha la entrega queda cerrada para todos, la administración ` +
          "incluida (`final_delivery_closed`); una fecha nueva no la reabre.",
        params: idParamsSchema,
        body: updateFinalDeliverySchema,
        response: { 200: itemResponse(finalDeliverySchema) },
      },
    },
    async (request) => ({
      data: presentFinalDelivery(
        await updateFinalDelivery({
          db,
          caller: principalOf(request),
          timeZone,
          id: request.params.id,
          input: request.body,
          now: app.clock.now(),
        }),
        app.clock.now(),
      ),
    }),
  );

  r.delete(
    "/final-deliveries/:id",
    {
      onRequest: app.allow("finalDeliveriesWrite"),
      schema: {
        tags,
        summary: "Eliminar una entrega final",
        description: `${MANAGE_RULE} Rechazado con 400 \`final_delivery_has_notes\` si el jurado ya calificó.`,
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteFinalDelivery({
        db,
        caller: principalOf(request),
        storage: app.storage,
        id: request.params.id,
        now: app.clock.now(),
      });
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/final-deliveries/:id/students",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Estudiantes de una entrega final",
        description: `Cada estudiante con la nota de cada miembro del jurado y su promedio. ${RECORD_RULE} (y solo su fila)`,
        params: idParamsSchema,
        response: { 200: z.object({ data: z.array(finalDeliveryStudentSchema) }) },
      },
    },
    async (request) => {
      const rows = await listDeliveryStudents({ db, caller: principalOf(request), id: request.params.id });
      return { data: rows.map(presentFinalDeliveryStudent) };
    },
  );

  r.post(
    "/final-deliveries/:id/teachers/:teacher_id",
    {
      onRequest: app.allow("finalDeliveriesWrite"),
      schema: {
        tags,
        summary: "Agregar un profesor al jurado",
        description: MANAGE_RULE,
        params: juryParams,
        response: { 200: itemResponse(finalDeliverySchema) },
      },
    },
    async (request) => ({
      data: presentFinalDelivery(
        await addJuryMember({
          db,
          caller: principalOf(request),
          timeZone,
          id: request.params.id,
          teacherId: request.params.teacher_id,
          now: app.clock.now(),
        }),
        app.clock.now(),
      ),
    }),
  );

  r.delete(
    "/final-deliveries/:id/teachers/:teacher_id",
    {
      onRequest: app.allow("finalDeliveriesWrite"),
      schema: {
        tags,
        summary: "Quitar un profesor del jurado",
        description: `${MANAGE_RULE} Sus notas se eliminan con él.`,
        params: juryParams,
        response: { 200: itemResponse(finalDeliverySchema) },
      },
    },
    async (request) => ({
      data: presentFinalDelivery(
        await removeJuryMember({
          db,
          caller: principalOf(request),
          timeZone,
          id: request.params.id,
          teacherId: request.params.teacher_id,
          now: app.clock.now(),
        }),
        app.clock.now(),
      ),
    }),
  );

  r.patch(
    "/final-deliveries/:id/teachers/:teacher_id/students/:student_id",
    {
      onRequest: app.allow("finalDeliveryJury"),
      schema: {
        tags,
        summary: "Registrar la nota de un miembro del jurado",
        description:
          "Solo el propio miembro del jurado, nota de 0 a 20, hasta 24 horas después de la fecha de entrega " +
          "(`jury_unable_to_modify`).",
        params: noteParams,
        body: juryNoteSchema,
        response: { 200: z.object({ data: z.array(finalDeliveryStudentSchema) }) },
      },
    },
    async (request) => {
      const caller = principalOf(request);
      const { id, teacher_id, student_id } = request.params;
      await setJuryNote({
        db,
        caller,
        id,
        teacherId: teacher_id,
        studentId: student_id,
        note: request.body.note,
        now: app.clock.now(),
      });
      const rows = await listDeliveryStudents({ db, caller, id });
      return { data: rows.map(presentFinalDeliveryStudent) };
    },
  );

  r.post(
    "/final-deliveries/:id/scheduled-content-resource",
    {
      onRequest: app.allow("finalDeliveriesWrite"),
      schema: {
        tags,
        summary: "Subir el archivo del contenido programado",
        description:
          `${MANAGE_RULE} Multipart, campo \`${FIELD}\`: PDF, Word, texto, PNG o JPEG hasta ` +
          `${SCHEDULED_CONTENT_MAX_BYTES / 1024 / 1024} MB. Reemplaza el anterior.`,
        params: idParamsSchema,
        response: { 200: itemResponse(finalDeliverySchema) },
      },
    },
    async (request) => {
      const file = await readFile(app, request);
      const row = await storeScheduledContent({
        db,
        caller: principalOf(request),
        storage: app.storage,
        timeZone,
        id: request.params.id,
        ...file,
        now: app.clock.now(),
      });
      return { data: presentFinalDelivery(row, app.clock.now()) };
    },
  );

  r.get(
    "/final-deliveries/:id/scheduled-content-resource",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Descargar el archivo del contenido programado",
        description: RECORD_RULE,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await openScheduledContent({
        db,
        caller: principalOf(request),
        storage: app.storage,
        id: request.params.id,
      });
      const extension = file.key.split(".").pop() ?? "bin";
      const name = `contenido-programado-${file.code.replace(/[^A-Za-z0-9_-]/g, "_")}.${extension}`;
      return reply
        .type(file.info.contentType)
        .header("Content-Length", file.info.size)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", `attachment; filename="${name}"`)
        .send(file.stream);
    },
  );

  r.get(
    "/download-work-cover",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Descargar la portada del trabajo final (PDF)",
        description: `La portada del trabajo de un estudiante en una entrega final. ${RECORD_RULE}`,
        querystring: workCoverQuery,
      },
    },
    async (request, reply) => {
      const pdf = await workCoverPdf({
        db,
        caller: principalOf(request),
        timeZone,
        id: request.query.final_delivery_id,
        studentId: request.query.student_id,
      });
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="portada-${request.query.student_id}.pdf"`)
        .send(pdf);
    },
  );
}
