import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  cleanNotificationFields,
  notificationAudiencesSchema,
  notificationCreateSchema,
  notificationReceiverOptionSchema,
  notificationRelations,
  notificationSchema,
  notificationSortable,
  notificationUpdateSchema,
} from "../../../common/schemas/notifications.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { validationMessage } from "../../../common/validation/index.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { fieldError, parseOr422, validationError } from "../../http/validation.js";
import {
  ATTACHMENT_MAX_BYTES,
  composeNotification,
  composeOptions,
  openAttachment,
  receiverOptions,
  type Upload,
} from "./compose.js";
import { notificationStreamRoute } from "./live.js";
import { notificationCsvColumns, presentNotification } from "./presenter.js";
import {
  deleteNotification,
  getNotification,
  listNotifications,
  markNotificationAsRead,
  setNotificationRead,
} from "./service.js";

const tags = ["Notificaciones"];
const idParams = idParamsSchema;

/** `with=sender` (or a comma list of notificationRelations). */
const withRelations = z
  .preprocess((v) => {
    if (v === undefined || v === "") return undefined;
    const parts = (Array.isArray(v) ? v : [v]).flatMap((x) => String(x).split(","));
    return parts.map((p) => p.trim()).filter((p) => p !== "");
  }, z.array(z.enum(notificationRelations)).optional())
  .describe("Relaciones a incluir: `sender`.");

const notificationsQuery = listQuery({
  sortable: notificationSortable,
  defaultSort: { field: "created_at", direction: "desc" },
  filters: {
    unread: queryFilter.boolean().describe("1/true: solo no leídas; 0/false: solo leídas."),
    type: queryFilter.int({ min: 1, max: 9 }).describe("Audiencia (spec.md §9)."),
    with: withRelations,
  },
});

const receiversQuery = z.object({
  search: z.string().max(100).optional().describe("Busca en nombre y correo."),
});

/** Reads a multipart compose: its text fields and the optional `attachment` file (other files: 422). */
async function readMultipart(app: FastifyInstance, request: FastifyRequest) {
  const fields: Record<string, unknown> = {};
  let upload: Upload | null = null;
  const unexpected = new Set<string>();
  try {
    for await (const part of request.parts({
      limits: { fileSize: ATTACHMENT_MAX_BYTES, files: 2, fields: 10, parts: 12 },
    })) {
      if (part.type === "file") {
        if (part.fieldname === "attachment" && !upload) {
          const data = await part.toBuffer();
          // An empty file input is "no attachment" (null and empty fields are dropped).
          if (data.length > 0) upload = { data, filename: part.filename };
        } else {
          part.file.resume();
          unexpected.add(part.fieldname || "file");
        }
        continue;
      }
      fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (!(err instanceof app.multipartErrors.RequestFileTooLargeError)) throw err;
    throw fieldError("attachment", "max", { kind: "file", max: ATTACHMENT_MAX_BYTES / 1024 });
  }
  if (unexpected.size > 0) {
    const errors: Record<string, string[]> = {};
    for (const name of unexpected) errors[name] = [validationMessage("prohibited", name)];
    throw validationError(errors);
  }
  return { fields, upload };
}

/**
 * Notifications (spec.md §7): the caller's own (the bell and /notifications), marking one read, composing
 * to an audience of §9 (who may send to whom: DOMAIN.md), the attachment behind an access check, and the
 * live stream.
 */
export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  await notificationStreamRoute(app);

  r.post(
    "/notifications",
    {
      onRequest: app.allow("notificationCompose"),
      schema: {
        tags,
        summary: "Enviar una notificación",
        description:
          "JSON, o multipart con el archivo `attachment` (PDF, PNG, JPEG, WebP, Word o Excel hasta " +
          `${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB). Los campos nulos o vacíos se descartan, y ` +
          "`receiver_user_id` solo cuenta para el tipo 7 (`section_id` para el 8, `course_section_id` para " +
          "el 9): se ignoran en los demás. La administración envía a cualquier audiencia; profesores y " +
          "coordinadores solo a 7, 8 y 9 dentro de sus propias secciones (`notification_audience_not_allowed`, " +
          "`notification_receiver_not_owned`). Los receptores se resuelven al enviar; responde cuántos son.",
        response: {
          201: itemResponse(z.object({ id: z.number().int(), receivers: z.number().int() })),
        },
      },
    },
    async (request, reply) => {
      let fields: unknown = request.body;
      let upload: Upload | null = null;
      if (request.isMultipart()) ({ fields, upload } = await readMultipart(app, request));
      const raw = fields && typeof fields === "object" ? (fields as Record<string, unknown>) : {};
      const input = parseOr422(notificationCreateSchema, cleanNotificationFields(raw));
      const sent = await composeNotification({
        db: app.db,
        storage: app.storage,
        caller: principalOf(request),
        input,
        upload,
      });
      return reply.code(201).send({ data: sent });
    },
  );

  r.get(
    "/notifications/audiences",
    {
      onRequest: app.allow("notificationCompose"),
      schema: {
        tags,
        summary: "Audiencias disponibles para enviar",
        description:
          "Los tipos que la sesión puede usar y las secciones y materias/secciones del período habilitado " +
          "a las que puede escribir (las propias para profesores y coordinadores), con sus estudiantes.",
        response: { 200: itemResponse(notificationAudiencesSchema) },
      },
    },
    async (request) => ({ data: await composeOptions(app.db, principalOf(request)) }),
  );

  r.get(
    "/notifications/receivers",
    {
      onRequest: app.allow("notificationCompose"),
      schema: {
        tags,
        summary: "Personas a las que se puede enviar (tipo 7)",
        description:
          "Hasta 20 usuarios habilitados que coinciden con `search`. Profesores y coordinadores: el " +
          "personal y los estudiantes de sus materias del período habilitado.",
        querystring: receiversQuery,
        response: { 200: z.object({ data: z.array(notificationReceiverOptionSchema) }) },
      },
    },
    async (request) => ({
      data: await receiverOptions(app.db, principalOf(request), request.query.search),
    }),
  );

  r.get(
    "/notifications/:id/attachment",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Descargar el adjunto de una notificación",
        description: "Solo sus receptores y quien la envió; para cualquier otra persona no existe (404).",
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await openAttachment({
        db: app.db,
        storage: app.storage,
        caller: principalOf(request),
        id: request.params.id,
      });
      return reply
        .type(file.info.contentType)
        .header("Content-Length", file.info.size)
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", `attachment; filename="${file.name}"`)
        .send(file.stream);
    },
  );

  r.get(
    "/notifications",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Mis notificaciones",
        description:
          "Las notificaciones de las que la sesión es receptora, las más recientes primero. La campana " +
          "pide `page=1&limit=0&with=sender&unread=true`.",
        querystring: notificationsQuery,
        response: { 200: listResponse(notificationSchema) },
      },
    },
    async (request, reply) => {
      const { with: relations, ...list } = request.query;
      const userId = principalOf(request).id;
      const withSender = relations?.includes("sender") ?? false;
      return sendList(reply, {
        list,
        fetchPage: (l) => listNotifications({ db: app.db, userId, list: l }),
        present: (row) => presentNotification(row, withSender),
        csv: { filename: "notificaciones", columns: notificationCsvColumns },
      });
    },
  );

  r.get(
    "/notifications/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Una notificación",
        description:
          "Con su remitente (null si la envió el sistema). Solo su receptor; para cualquier otra persona, " +
          "también la administración, la notificación no existe (404).",
        params: idParams,
        response: { 200: itemResponse(notificationSchema) },
      },
    },
    async (request) => {
      const row = await getNotification({
        db: app.db,
        userId: principalOf(request).id,
        notificationId: request.params.id,
      });
      return { data: presentNotification(row, true) };
    },
  );

  r.patch(
    "/notifications/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Marcar una notificación como leída o no leída",
        description:
          "`read: true` la marca leída (conserva la primera lectura); `read: false`, no leída otra vez. " +
          "Cambia solo la copia de quien llama; solo su receptor (404 para cualquier otra persona).",
        params: idParams,
        body: notificationUpdateSchema,
        response: { 200: itemResponse(notificationSchema) },
      },
    },
    async (request) => {
      const row = await setNotificationRead({
        db: app.db,
        userId: principalOf(request).id,
        notificationId: request.params.id,
        read: request.body.read,
      });
      return { data: presentNotification(row, true) };
    },
  );

  r.delete(
    "/notifications/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Eliminar una notificación de mi lista",
        description:
          "La quita de la lista de quien llama; los demás receptores la conservan. Solo su receptor " +
          "(404 para cualquier otra persona).",
        params: idParams,
        response: { 204: z.null().describe("Eliminada de su lista.") },
      },
    },
    async (request, reply) => {
      await deleteNotification({
        db: app.db,
        userId: principalOf(request).id,
        notificationId: request.params.id,
      });
      return reply.status(204).send(null);
    },
  );

  r.patch(
    "/notifications/:id/mark-as-read",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Marcar como leída",
        description: "Solo su receptor; para cualquier otra persona la notificación no existe (404).",
        params: idParams,
        response: { 200: itemResponse(notificationSchema) },
      },
    },
    async (request) => {
      const row = await markNotificationAsRead({
        db: app.db,
        userId: principalOf(request).id,
        notificationId: request.params.id,
      });
      return { data: presentNotification(row, true) };
    },
  );
}
