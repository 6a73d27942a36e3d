import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPriceSettingSchema,
  priceSettingSchema,
  priceSettingUpdateResultSchema,
  updatePriceSettingSchema,
} from "../../../common/schemas/price-settings.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { auditContextOf } from "../../audit/http.js";
import { sendList } from "../../http/csv.js";
import { listQuery } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { presentPriceSetting, priceSettingCsvColumns } from "./presenter.js";
import {
  createPriceSetting,
  deletePriceSetting,
  getPriceSetting,
  listPriceSettings,
  priceSettingSortable,
  updatePriceSetting,
} from "./service.js";

const tags = ["Configuración de precios"];

const settingsQuery = listQuery({ sortable: priceSettingSortable, filters: {} });

/**
 * Period price settings (spec.md §7 Periods; access §6): admin and low admin read, admin writes. Every
 * change goes to the audit log with its old and new values.
 */
export async function priceSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/periods/:id/price-settings",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Configuraciones de precios de un período",
        description:
          "A lo sumo una por período, con sus cuotas (fecha, monto en centésimas), métodos de pago, días de " +
          "gracia y recargo por atraso. 404 `period_not_found`. `format=csv`: como archivo CSV.",
        params: idParamsSchema,
        querystring: settingsQuery,
        response: { 200: listResponse(priceSettingSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listPriceSettings({ db, periodId: request.params.id, list }),
        present: presentPriceSetting,
        csv: { filename: "configuracion-de-precios", columns: priceSettingCsvColumns },
      }),
  );

  r.get(
    "/period-price-settings/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Ver una configuración de precios",
        params: idParamsSchema,
        response: { 200: itemResponse(priceSettingSchema) },
      },
    },
    async (request) => ({ data: presentPriceSetting(await getPriceSetting({ db, id: request.params.id })) }),
  );

  r.post(
    "/period-price-settings",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Crear la configuración de precios de un período",
        description:
          "Montos en centésimas (monto × 100). Una por período (`period_price_setting_already_exists`). " +
          "Métodos: 1 Efectivo, 2 100% Banco, 3 Transferencia Bancaria, 4 Transferencia de Curso, 5 Zelle.",
        body: createPriceSettingSchema,
        response: { 201: itemResponse(priceSettingSchema) },
      },
    },
    async (request, reply) => {
      const row = await createPriceSetting({ db, input: request.body, audit: auditContextOf(request) });
      return reply.status(201).send({ data: presentPriceSetting(row) });
    },
  );

  r.patch(
    "/period-price-settings/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Actualizar una configuración de precios",
        description:
          "Cambian solo los campos enviados; `installments` reemplaza la lista completa. Si ya se copió en " +
          "cuotas de estudiantes, `apply_to_unpaid_fees` es obligatorio (`price_setting_fees_choice_required`): " +
          "true reescribe también las cuotas que aún no tienen pagos; las que tienen dinero abonado no se tocan " +
          "y se cuentan en `meta.fees_kept`.",
        params: idParamsSchema,
        body: updatePriceSettingSchema,
        response: { 200: z.object({ data: priceSettingSchema, meta: priceSettingUpdateResultSchema }) },
      },
    },
    async (request) => {
      const { setting, result } = await updatePriceSetting({
        db,
        id: request.params.id,
        input: request.body,
        audit: auditContextOf(request),
      });
      return { data: presentPriceSetting(setting), meta: result };
    },
  );

  r.delete(
    "/period-price-settings/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar una configuración de precios",
        description: "Rechazado con 400 `price_setting_has_fees` si ya se copió en cuotas de estudiantes.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deletePriceSetting({ db, id: request.params.id, audit: auditContextOf(request) });
      return reply.status(204).send(null);
    },
  );
}
