import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditEntrySchema, auditSortable } from "../../../common/schemas/audit.js";
import { after } from "../../../common/validation/zod.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { listResponse } from "../../http/pagination.js";
import { auditCsvColumns, presentAuditEntry } from "./presenter.js";
import { listAuditLog } from "./service.js";

const tags = ["Auditoría"];

const auditQuery = listQuery({
  sortable: auditSortable,
  defaultSort: { field: "created_at", direction: "desc" },
  filters: {
    person: queryFilter
      .string(200)
      .describe("Correo o nombre (o parte) de una persona: autor, o correo con el que se intentó entrar."),
    actor_id: queryFilter.int({ min: 1 }).describe("Autor del cambio (id de usuario)."),
    action: queryFilter.string(60).describe("Código de la acción, por ejemplo `user.email_changed`."),
    entity_type: queryFilter.string(60).describe("Tipo de registro, por ejemplo `user`."),
    entity_id: queryFilter.int({ min: 1 }).describe("Id del registro."),
    from: queryFilter.date().describe("Desde este día (AAAA-MM-DD, incluido; zona horaria del colegio)."),
    to: queryFilter.date().describe("Hasta este día (AAAA-MM-DD, incluido)."),
  },
}).superRefine(after("to", "from", { orEqual: true }));

/** GET /audit-log: the append-only history of sensitive changes, for administrators (and god). */
export async function auditRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    "/audit-log",
    {
      onRequest: app.allow("auditLog"),
      schema: {
        tags,
        summary: "Registro de auditoría",
        description:
          "Quién cambió qué y cuándo (cuentas creadas, deshabilitadas o habilitadas, cambios de rol y de " +
          "correo, cambios y recuperaciones de contraseña, inicios de sesión y sus intentos fallidos, cambios de " +
          "notas y de fichas de estudiantes), con los valores anteriores y nuevos y la " +
          "dirección del cliente. Por omisión, lo más reciente primero. Solo administradores. " +
          "`format=csv`: todo el registro filtrado como archivo CSV.",
        querystring: auditQuery,
        response: { 200: listResponse(auditEntrySchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listAuditLog({ db: app.db, list, timeZone: app.config.timeZone }),
        present: presentAuditEntry,
        csv: { filename: "auditoria", columns: auditCsvColumns },
      }),
  );
}
