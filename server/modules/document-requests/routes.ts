import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createDocumentRequestSchema,
  createDocumentRequestTypeSchema,
  documentRequestSchema,
  documentRequestStatuses,
  documentRequestTypeSchema,
  fileVerificationSchema,
  type GeneratableType,
  letterEligibilityQuerySchema,
  letterEligibilitySchema,
  normalizeVerificationCode,
  updateDocumentRequestTypeSchema,
  VERIFY_FILE_MAX_BYTES,
  verificationCodePattern,
  verificationSchema,
} from "../../../common/schemas/document-requests.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { validationMessage } from "../../../common/validation/index.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse, pageMeta } from "../../http/pagination.js";
import { fieldError, validationError } from "../../http/validation.js";
import { documentError } from "./errors.js";
import {
  documentRequestCsvColumns,
  presentDocumentRequest,
  presentType,
  presentVerification,
  typeCsvColumns,
} from "./presenter.js";
import {
  createDocumentRequest,
  createType,
  deleteDocumentRequest,
  deleteType,
  documentRequestSortable,
  findIssued,
  generateDocument,
  getDocumentRequest,
  getType,
  letterEligibility,
  listDocumentRequests,
  listTypes,
  openDocumentFile,
  setCanceled,
  setGenerated,
  setRetired,
  sha256,
  updateType,
} from "./service.js";
import { createVerificationThrottle, verificationLimit } from "./throttle.js";

const tags = ["Solicitudes de documentos"];
const OWN =
  "Un estudiante ve y descarga solo sus propias solicitudes (la de otro: 404); la administración, todas.";

const requestsQuery = listQuery({
  sortable: documentRequestSortable,
  defaultSort: { field: "id", direction: "desc" },
  filters: {
    status: queryFilter.enum(documentRequestStatuses).describe("pending, generated, retired o canceled."),
    type_id: queryFilter.int({ min: 1 }).describe("Tipo de documento (1, 2 o 4)."),
    student_id: queryFilter.int({ min: 1 }).describe("Solo las solicitudes de este estudiante."),
    period_id: queryFilter.int({ min: 1 }).describe("Solo las solicitudes de este período."),
  },
});

const typesQuery = listQuery({ sortable: ["id"] as const });

const codeParams = z.object({
  code: z.string().max(40).describe("Código de verificación impreso en el documento."),
});

/** The generation calls of spec.md §7, one per type. */
const generations: { path: string; kind: GeneratableType; summary: string }[] = [
  { path: "generate-certificate", kind: 1, summary: "Generar y enviar la constancia de estudios (tipo 1)" },
  { path: "generate-certificateNote", kind: 2, summary: "Generar y enviar la constancia de notas (tipo 2)" },
  {
    path: "generate-letter",
    kind: 4,
    summary: "Generar y enviar la carta de recomendación de egresado (tipo 4)",
  },
];

/** The PDF of a POST /verify/{code}, field `file`. */
async function readPdf(app: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  const FIELD = "file";
  if (!request.isMultipart()) throw fieldError(FIELD, "required");
  let data: Buffer | null = null;
  const unexpected = new Set<string>();
  try {
    for await (const part of request.parts({
      limits: { fileSize: VERIFY_FILE_MAX_BYTES, files: 2, fields: 3, parts: 5 },
    })) {
      if (part.type === "file" && part.fieldname === FIELD && !data) {
        data = await part.toBuffer();
        continue;
      }
      if (part.type === "file") part.file.resume();
      unexpected.add(part.fieldname || "file");
    }
  } catch (err) {
    if (!(err instanceof app.multipartErrors.RequestFileTooLargeError)) throw err;
    throw fieldError(FIELD, "max", { kind: "file", max: VERIFY_FILE_MAX_BYTES / 1024 });
  }
  if (unexpected.size > 0) {
    const errors: Record<string, string[]> = {};
    for (const name of unexpected) errors[name] = [validationMessage("prohibited", name)];
    throw validationError(errors);
  }
  if (!data || data.length === 0) throw fieldError(FIELD, "required");
  return data;
}

/**
 * Document requests (spec.md §7: standard calls without update, the three generation calls, set-generated,
 * set-retired, set-canceled), their types, the PDF download, and the public verification of issued
 * documents (`/verify/{code}`).
 */
export async function documentRequestsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const config = app.config;
  const throttle = createVerificationThrottle(db);
  const present = (row: Parameters<typeof presentDocumentRequest>[0]) =>
    presentDocumentRequest(row, config.appUrl);

  r.get(
    "/document-requests",
    {
      onRequest: app.allow("documentRequests"),
      schema: {
        tags,
        summary: "Listar solicitudes de documentos",
        description: `${OWN} Busca en nombre, apellido, cédula y tipo; filtros \`status\`, \`type_id\`, \`student_id\`, \`period_id\`. \`format=csv\`: archivo CSV.`,
        querystring: requestsQuery,
        response: { 200: listResponse(documentRequestSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listDocumentRequests({ db, caller: principalOf(request), list }),
        present,
        csv: { filename: "solicitudes-de-documentos", columns: documentRequestCsvColumns },
      }),
  );

  r.get(
    "/document-requests/:id",
    {
      onRequest: app.allow("documentRequests"),
      schema: {
        tags,
        summary: "Ver una solicitud de documento",
        description: OWN,
        params: idParamsSchema,
        response: { 200: itemResponse(documentRequestSchema) },
      },
    },
    async (request) => ({
      data: present(await getDocumentRequest({ db, caller: principalOf(request), id: request.params.id })),
    }),
  );

  r.get(
    "/document-requests/letter-eligibility",
    {
      onRequest: app.allow("documentRequests"),
      schema: {
        tags,
        summary: "¿Puede el estudiante pedir la carta de egresado?",
        description:
          "Si aprobó todas las materias de su pensum y, si no, por qué (las materias que faltan): la misma " +
          "regla que aplica la solicitud de tipo 4. Un estudiante, la suya; la administración, la de " +
          "`student_id`.",
        querystring: letterEligibilityQuerySchema,
        response: { 200: itemResponse(letterEligibilitySchema) },
      },
    },
    async (request) => ({
      data: await letterEligibility({
        db,
        caller: principalOf(request),
        studentId: request.query.student_id,
        today: app.clock.today(),
      }),
    }),
  );

  r.post(
    "/document-requests",
    {
      onRequest: app.allow("documentRequests"),
      schema: {
        tags,
        summary: "Solicitar un documento",
        description:
          "Un estudiante solicita para sí mismo (`student_id` omitido o el suyo; el de otro: 403 y nada se " +
          "guarda); la administración para cualquier estudiante (`student_id` obligatorio). Tipos 1, 2 y 4. " +
          "Una sola solicitud pendiente por estudiante y tipo (`document_request_already_pending`). La carta " +
          "de recomendación de egresado (4) solo para quien aprobó todas las materias de su pensum " +
          "(`student_has_not_graduated`, con las materias que faltan).",
        body: createDocumentRequestSchema,
        response: { 201: itemResponse(documentRequestSchema) },
      },
    },
    async (request, reply) => {
      const row = await createDocumentRequest({
        db,
        caller: principalOf(request),
        input: request.body,
        today: app.clock.today(),
      });
      return reply.status(201).send({ data: present(row) });
    },
  );

  r.delete(
    "/document-requests/:id",
    {
      onRequest: app.allow("documentRequests"),
      schema: {
        tags,
        summary: "Eliminar una solicitud de documento",
        description:
          "Solo si nunca se emitió un documento (`document_request_has_documents`: cancélela). Un estudiante, " +
          "solo sus propias solicitudes pendientes.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteDocumentRequest({ db, caller: principalOf(request), id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  for (const g of generations) {
    r.get(
      `/document-requests/:id/${g.path}`,
      {
        onRequest: app.allow("adminGroup"),
        schema: {
          tags,
          summary: g.summary,
          description:
            "Genera el PDF (con código de verificación y código QR), lo guarda, lo envía por correo al " +
            "estudiante y le notifica, en una sola operación. Solo para una solicitud pendiente de ese tipo " +
            "(`document_request_wrong_type`, `document_request_not_pending`). Si el envío falla: 502 con el " +
            "documento que falló y la solicitud sigue pendiente. Después: `set-generated`.",
          params: idParamsSchema,
          response: { 200: itemResponse(documentRequestSchema) },
        },
      },
      async (request) => ({
        data: present(
          await generateDocument({
            db,
            storage: app.storage,
            mailer: app.mailer,
            config,
            caller: principalOf(request),
            id: request.params.id,
            kind: g.kind,
            now: app.clock.now(),
          }),
        ),
      }),
    );
  }

  const transitions = [
    {
      path: "set-generated",
      run: setGenerated,
      summary: "Marcar como generada",
      description:
        "Solo una solicitud pendiente cuyo documento ya se generó y envió (`document_request_not_sent`).",
    },
    {
      path: "set-retired",
      run: setRetired,
      summary: "Marcar como retirada",
      description: "Solo una solicitud generada. El documento sigue siendo válido.",
    },
    {
      path: "set-canceled",
      run: setCanceled,
      summary: "Cancelar",
      description:
        "Una solicitud pendiente o generada. Revoca todo documento emitido para ella: la verificación pública lo indica.",
    },
  ] as const;
  for (const t of transitions) {
    r.patch(
      `/document-requests/:id/${t.path}`,
      {
        onRequest: app.allow("adminGroup"),
        schema: {
          tags,
          summary: t.summary,
          description: t.description,
          params: idParamsSchema,
          response: { 200: itemResponse(documentRequestSchema) },
        },
      },
      async (request) => ({
        data: present(
          await t.run({ db, caller: principalOf(request), id: request.params.id, now: app.clock.now() }),
        ),
      }),
    );
  }

  r.get(
    "/document-requests/:id/file",
    {
      onRequest: app.allow("documentRequests"),
      schema: {
        tags,
        summary: "Descargar el documento emitido (PDF)",
        description: `${OWN} El documento vigente (no revocado) de la solicitud.`,
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await openDocumentFile({
        db,
        storage: app.storage,
        caller: principalOf(request),
        id: request.params.id,
      });
      return reply
        .type("application/pdf")
        .header("Content-Length", file.info.size)
        .header("X-Content-Type-Options", "nosniff")
        .header("Cache-Control", "private, no-store")
        .header("Content-Disposition", `attachment; filename="${file.name}"`)
        .send(file.stream);
    },
  );

  // Types ------------------------------------------------------------------------------------------------
  const typeTags = ["Tipos de documento"];

  r.get(
    "/document-request-types",
    {
      onRequest: app.allow("documentRequests"),
      schema: {
        tags: typeTags,
        summary: "Listar tipos de documento",
        description: "Los tipos que se pueden solicitar; `generatable`: 1, 2 y 4. `format=csv`: archivo CSV.",
        querystring: typesQuery,
        response: { 200: listResponse(documentRequestTypeSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: async (list) => {
          const rows = await listTypes(db);
          const start = list.limit === 0 ? 0 : (list.page - 1) * list.limit;
          return {
            rows: list.limit === 0 ? rows : rows.slice(start, start + list.limit),
            meta: pageMeta(rows.length, list.page, list.limit),
          };
        },
        present: presentType,
        csv: { filename: "tipos-de-documento", columns: typeCsvColumns },
      }),
  );

  r.get(
    "/document-request-types/:id",
    {
      onRequest: app.allow("documentRequests"),
      schema: {
        tags: typeTags,
        summary: "Ver un tipo de documento",
        params: idParamsSchema,
        response: { 200: itemResponse(documentRequestTypeSchema) },
      },
    },
    async (request) => ({ data: presentType(await getType(db, request.params.id)) }),
  );

  r.post(
    "/document-request-types",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags: typeTags,
        summary: "Crear un tipo de documento",
        description: "El `id` es el número del tipo. Solo los tipos 1, 2 y 4 se pueden generar.",
        body: createDocumentRequestTypeSchema,
        response: { 201: itemResponse(documentRequestTypeSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: presentType(await createType(db, request.body)) }),
  );

  r.patch(
    "/document-request-types/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags: typeTags,
        summary: "Actualizar un tipo de documento",
        description: "`enabled=false`: ya no se puede solicitar.",
        params: idParamsSchema,
        body: updateDocumentRequestTypeSchema,
        response: { 200: itemResponse(documentRequestTypeSchema) },
      },
    },
    async (request) => ({ data: presentType(await updateType(db, request.params.id, request.body)) }),
  );

  r.delete(
    "/document-request-types/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags: typeTags,
        summary: "Eliminar un tipo de documento",
        description: "Rechazado si tiene solicitudes (`document_request_type_has_requests`).",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteType(db, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Public verification ----------------------------------------------------------------------------------
  const verifyTags = ["Verificación de documentos"];
  async function countAttempt(request: FastifyRequest, reply: FastifyReply) {
    await throttle.take(request.ip, reply);
  }
  const codeOf = (text: string) => {
    const code = normalizeVerificationCode(text);
    if (!verificationCodePattern.test(code)) throw documentError(404, "verification_code_not_found");
    return code;
  };
  const limitText =
    `Sin sesión. Limitado a ${verificationLimit.points} consultas por dirección cada ` +
    `${verificationLimit.durationSec / 60} minutos (429 \`too_many_requests\`).`;

  r.get(
    "/verify/:code",
    {
      onRequest: countAttempt,
      schema: {
        tags: verifyTags,
        summary: "Verificar un documento emitido",
        description:
          `${limitText} Qué se emitió, a quién (cédula parcialmente oculta), cuándo y si fue revocado; nunca ` +
          "notas. Código desconocido: 404 `verification_code_not_found`.",
        params: codeParams,
        response: { 200: itemResponse(verificationSchema) },
      },
    },
    async (request) => ({
      data: presentVerification(await findIssued(db, codeOf(request.params.code)), config.institutionName),
    }),
  );

  r.post(
    "/verify/:code",
    {
      onRequest: countAttempt,
      schema: {
        tags: verifyTags,
        summary: "Comprobar que un PDF es exactamente el emitido",
        description:
          `${limitText} Multipart, campo \`file\` (PDF hasta ${VERIFY_FILE_MAX_BYTES / 1024 / 1024} MB): ` +
          "`matches` dice si el archivo es, byte por byte, el documento emitido (SHA-256); uno editado no lo es.",
        params: codeParams,
        response: { 200: itemResponse(fileVerificationSchema) },
      },
    },
    async (request) => {
      const issued = await findIssued(db, codeOf(request.params.code));
      const data = await readPdf(app, request);
      return {
        data: {
          ...presentVerification(issued, config.institutionName),
          matches: sha256(data) === issued.sha256,
        },
      };
    },
  );
}
