import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  notificationRelations,
  notificationSchema,
  notificationSortable,
} from "../../../common/schemas/notifications.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { principalOf } from "../../http/auth.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { presentNotification } from "./presenter.js";
import { listNotifications, markNotificationAsRead } from "./service.js";

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
  // The bell's dropdown, not a table: no CSV.
  csv: false,
  sortable: notificationSortable,
  defaultSort: { field: "created_at", direction: "desc" },
  filters: {
    unread: queryFilter.boolean().describe("1/true: solo no leídas; 0/false: solo leídas."),
    type: queryFilter.int({ min: 1, max: 9 }).describe("Audiencia (spec.md §9)."),
    with: withRelations,
  },
});

/**
 * The bell's calls (spec.md §7 Notifications): the caller's own notifications and marking one read.
 * Composing, audiences and live delivery come with the communication module.
 */
export async function notificationsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
    async (request) => {
      const { with: relations, ...list } = request.query;
      const page = await listNotifications({ db: app.db, userId: principalOf(request).id, list });
      const withSender = relations?.includes("sender") ?? false;
      return { data: page.rows.map((row) => presentNotification(row, withSender)), meta: page.meta };
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
