import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createDocumentSchema,
  DOCUMENT_COVER_MAX_BYTES,
  DOCUMENT_FILE_MAX_BYTES,
  documentFileKinds,
  documentSchema,
  updateDocumentSchema,
} from "../../../common/schemas/documents.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { parseOr422, validationError } from "../../http/validation.js";
import { ensureDemoLibraryFiles } from "./demo-files.js";
import { documentCsvColumns, downloadDisposition, presentDocument } from "./presenter.js";
import {
  createDocument,
  deleteDocument,
  documentSortable,
  getDocument,
  listDocuments,
  openDocumentFile,
  updateDocument,
} from "./service.js";
import { type DocumentUploads, discardUploads, readDocumentForm } from "./upload.js";

const tags = ["Biblioteca virtual"];

const documentsQuery = listQuery({
  sortable: documentSortable,
  defaultSort: { field: "created_at", direction: "desc" },
  filters: {
    specialization_id: queryFilter.int({ min: 1 }).describe("Solo los documentos de esta especialidad."),
    semester_id: queryFilter.int({ min: 1 }).describe("Solo los documentos de este semestre."),
    course_id: queryFilter.int({ min: 1 }).describe("Solo los documentos de esta materia."),
  },
});

const VISIBILITY =
  "Un estudiante ve los documentos generales (sin especialidad) y los de la especialidad en que está inscrito " +
  "en el período activo (si el documento tiene semestre, solo los de su semestre); el personal ve todos. " +
  "Un documento que no puede ver responde 404.";
const FILES =
  `Multipart: \`file\` (obligatorio al crear; hasta ${DOCUMENT_FILE_MAX_BYTES / 1024 / 1024} MB; ` +
  `${documentFileKinds.join(", ")}, reconocido por su contenido: ejecutables, scripts y SVG se rechazan) y ` +
  `\`cover_picture\` (JPEG, PNG o WebP hasta ${DOCUMENT_COVER_MAX_BYTES / 1024 / 1024} MB, guardada como ` +
  "miniatura WebP). La especialidad, el semestre y la materia deben concordar " +
  "(`document_semester_not_related_to_specialization`, `document_semester_not_related_to_course`).";

/** The files a multipart form stored, kept for the handler (the body holds only text fields). */
const uploads = new WeakMap<FastifyRequest, DocumentUploads>();

/** POST /documents/{id} is an update only with a PATCH override (`_method` field or header). */
function assertPatchOverride(request: FastifyRequest, body: { _method?: string }) {
  const header = request.headers["x-http-method-override"];
  const method = (body._method ?? (typeof header === "string" ? header : "")).toUpperCase();
  if (method !== "PATCH")
    throw validationError({ _method: ["El campo _method debe ser PATCH para actualizar un documento."] });
}

const updateBodySchema = updateDocumentSchema.extend({ _method: z.string().max(10).optional() });

async function sendStored(
  reply: FastifyReply,
  file: Awaited<ReturnType<typeof openDocumentFile>>,
  kind: "attachment" | "inline",
) {
  const extension = file.key.slice(file.key.lastIndexOf(".") + 1);
  return reply
    .type(file.info.contentType)
    .header("Content-Length", file.info.size)
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "default-src 'none'; sandbox")
    .header("Cache-Control", "private, no-store")
    .header("Content-Disposition", downloadDisposition(kind, file.title, extension))
    .send(file.stream);
}

/** Virtual library (spec.md §2 Documents, §7): everyone reads what they may see; the admin writes. */
export async function documentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // The demo library's files are made when the server starts (the seed runs before the storage exists).
  app.addHook("onReady", async () => {
    await ensureDemoLibraryFiles(db, app.storage).catch((err: unknown) =>
      app.log.error({ err }, "demo library files could not be made"),
    );
  });

  r.get(
    "/documents",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Listar la biblioteca virtual",
        description: `${VISIBILITY} Busca en título, descripción y materia; filtros \`specialization_id\`, \`semester_id\`, \`course_id\`. \`format=csv\`: archivo CSV.`,
        querystring: documentsQuery,
        response: { 200: listResponse(documentSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listDocuments({ db, caller: principalOf(request), list }),
        present: presentDocument,
        csv: { filename: "biblioteca-virtual", columns: documentCsvColumns },
      }),
  );

  r.get(
    "/documents/:id",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Ver un documento",
        description: VISIBILITY,
        params: idParamsSchema,
        response: { 200: itemResponse(documentSchema) },
      },
    },
    async (request) => ({
      data: presentDocument(await getDocument({ db, caller: principalOf(request), id: request.params.id })),
    }),
  );

  r.get(
    "/documents/:id/file",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Descargar el archivo de un documento",
        description: VISIBILITY,
        params: idParamsSchema,
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await openDocumentFile({
          db,
          storage: app.storage,
          caller: principalOf(request),
          id: request.params.id,
          which: "file",
        }),
        "attachment",
      ),
  );

  r.get(
    "/documents/:id/cover",
    {
      onRequest: app.allow("everyone"),
      schema: {
        tags,
        summary: "Ver la portada de un documento (WebP)",
        description: VISIBILITY,
        params: idParamsSchema,
      },
    },
    async (request, reply) =>
      sendStored(
        reply,
        await openDocumentFile({
          db,
          storage: app.storage,
          caller: principalOf(request),
          id: request.params.id,
          which: "cover",
        }),
        "inline",
      ),
  );

  r.post(
    "/documents",
    {
      onRequest: app.allow("adminOnly"),
      preValidation: async (request) => {
        const stored = await readDocumentForm(app, request, {
          requireFile: true,
          parse: (body) => parseOr422(createDocumentSchema, body),
        });
        if (!stored) throw validationError({ file: ["El campo archivo es obligatorio."] });
        uploads.set(request, stored);
      },
      schema: {
        tags,
        summary: "Crear un documento (multipart)",
        description: FILES,
        body: createDocumentSchema,
        response: { 201: itemResponse(documentSchema) },
      },
    },
    async (request, reply) => {
      const stored = uploads.get(request)!;
      const row = await createDocument({
        db,
        storage: app.storage,
        caller: principalOf(request),
        input: request.body,
        uploads: { file: stored.file!, cover: stored.cover },
      });
      return reply.status(201).send({ data: presentDocument(row) });
    },
  );

  const update = async (request: FastifyRequest, id: number, body: z.output<typeof updateDocumentSchema>) =>
    presentDocument(
      await updateDocument({
        db,
        storage: app.storage,
        caller: principalOf(request),
        id,
        input: body,
        uploads: uploads.get(request) ?? null,
      }),
    );

  const readUpdateForm = async (request: FastifyRequest) => {
    const stored = await readDocumentForm(app, request, {
      requireFile: false,
      parse: (body) => parseOr422(updateBodySchema, body),
    });
    if (stored) uploads.set(request, stored);
  };

  r.patch(
    "/documents/:id",
    {
      onRequest: app.allow("adminOnly"),
      preValidation: readUpdateForm,
      schema: {
        tags,
        summary: "Actualizar un documento (JSON o multipart)",
        description: `Solo cambian los campos enviados; un archivo o portada nuevos reemplazan a los anteriores (que se borran). \`remove_cover_picture=1\` quita la portada. ${FILES}`,
        params: idParamsSchema,
        body: updateDocumentSchema,
        response: { 200: itemResponse(documentSchema) },
      },
    },
    async (request) => ({ data: await update(request, request.params.id, request.body) }),
  );

  r.post(
    "/documents/:id",
    {
      onRequest: app.allow("adminOnly"),
      preValidation: readUpdateForm,
      schema: {
        tags,
        summary: "Actualizar un documento (POST multipart con `_method=PATCH`)",
        description:
          "Igual que PATCH: el formulario multipart llega como POST con el campo `_method=PATCH` (o la cabecera " +
          "`X-HTTP-Method-Override: PATCH`).",
        params: idParamsSchema,
        body: updateBodySchema,
        response: { 200: itemResponse(documentSchema) },
      },
    },
    async (request) => {
      try {
        assertPatchOverride(request, request.body);
      } catch (error) {
        await discardUploads(app.storage, uploads.get(request));
        throw error;
      }
      const { _method, ...body } = request.body;
      return { data: await update(request, request.params.id, body) };
    },
  );

  r.delete(
    "/documents/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar un documento",
        description: "Borra el documento y, después, su archivo y su portada.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deleteDocument({ db, storage: app.storage, id: request.params.id });
      return reply.status(204).send(null);
    },
  );
}
