import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createPaymentSchema,
  debtorSchema,
  inscriptionPaymentSchema,
  paymentDetailSchema,
  paymentSchema,
  paymentStatus,
  updatePaymentStatusSchema,
} from "../../../common/schemas/payments.js";
import { idParamsSchema } from "../../../common/validation/ids.js";
import { auditContextOf } from "../../audit/http.js";
import { principalOf } from "../../http/auth.js";
import { isFileExport, sendExport, sendList } from "../../http/csv.js";
import { refuse } from "../../http/errors.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listMetaSchema, listResponse } from "../../http/pagination.js";
import {
  idempotencyHeaders,
  idempotencyJobName,
  requestFingerprint,
  sweepIdempotencyKeys,
} from "./idempotency.js";
import {
  type DebtorCsvRow,
  debtorCsvColumns,
  paymentCsvColumns,
  presentDebtor,
  presentPayment,
  presentPaymentDetail,
} from "./presenter.js";
import { receiptFilename, receiptPdf } from "./receipt.js";
import {
  assertCanSeePayment,
  createPayment,
  createPaymentOnce,
  debtorSortable,
  deletePayment,
  getPaymentDetail,
  inscriptionTarget,
  listDebtors,
  listPayments,
  type PaymentInput,
  paymentSortable,
  updatePaymentStatus,
} from "./service.js";

const tags = ["Pagos"];

const paymentsQuery = listQuery({
  sortable: paymentSortable,
  defaultSort: { field: "date", direction: "desc" },
  filters: {
    period_id: queryFilter.int({ min: 1 }).describe("Período."),
    status: queryFilter.int({ min: 1, max: 3 }).describe("1 pendiente, 2 aprobado, 3 rechazado."),
    type: queryFilter.int({ min: 1, max: 5 }).describe("Método de pago (1 … 5)."),
    student_id: queryFilter.int({ min: 1 }).describe("Estudiante."),
    date_from: queryFilter.date().describe("Pagos desde esta fecha (incluida)."),
    date_to: queryFilter.date().describe("Pagos hasta esta fecha (incluida)."),
    from_report: queryFilter.boolean().describe("1: solo reportados por el estudiante; 0: solo los de caja."),
  },
});

const debtorsQuery = listQuery({
  sortable: debtorSortable,
  defaultSort: { field: "last_name", direction: "asc" },
  filters: {
    period_id: queryFilter.int({ min: 1 }).describe("Período; por omisión el activo."),
    section_id: queryFilter.int({ min: 1 }).describe("Sección."),
    specialization_id: queryFilter.int({ min: 1 }).describe("Especialización."),
  },
});

const REPORT_RULES =
  "Reglas: monto en centésimas, entero y mayor que 0, sin superar lo pendiente (en modo `fully`, igual al total " +
  "pendiente: `payment_full_amount_mismatch`; si no, `payment_amount_exceeds_pending`); fecha no futura (zona " +
  "horaria del colegio, 422); método permitido por la cuota para el modo (`payment_method_not_allowed`); número de " +
  "recibo obligatorio salvo en efectivo, donde no se admite (422); un número de recibo ya reportado para el mismo " +
  "método (salvo rechazados): `receipt_number_already_reported`; sin cuota: 404 `student_period_fee_not_found`; " +
  "cuota ya pagada: `student_period_fee_completed`. Un estudiante solo reporta para sí mismo (403).";

/**
 * Payments (spec.md §7, issue 10): list, detail with audit trail, report or desk payment, status-only review,
 * delete, receipt PDF and the debtors report. Reports go through `POST /payments` (with `from_report`) and
 * `POST /inscriptions/{id}/payments` (spec.md §7's path): both call the same service.
 */
export async function paymentsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const today = () => app.clock.today();

  /**
   * Creates the payment and answers 201. With an `Idempotency-Key` header the answer is stored with the
   * payment, and a retry of the same request replays it (header `Idempotent-Replayed: true`).
   */
  const sendCreated = async (request: FastifyRequest, reply: FastifyReply, input: PaymentInput) => {
    const opts = {
      db,
      caller: principalOf(request),
      input,
      audit: auditContextOf(request),
      today: today(),
      now: app.clock.now(),
      timeZone: app.clock.timeZone,
    };
    const key = (request.headers as { "idempotency-key"?: string })["idempotency-key"];
    if (key === undefined) {
      return reply.status(201).send({ data: presentPayment(await createPayment(opts)) });
    }
    const answer = await createPaymentOnce({
      ...opts,
      key,
      fingerprint: requestFingerprint(request.method, request.url, request.body),
      present: presentPayment,
    });
    if (answer.replayed) reply.header("Idempotent-Replayed", "true");
    return reply.status(answer.status).send(answer.body);
  };

  // Remembered keys are forgotten a day after their first request (the clock's).
  app.jobs.every(idempotencyJobName, 3_600_000, async () => {
    const swept = await sweepIdempotencyKeys(db, app.clock.now());
    app.log.debug({ swept }, "expired idempotency keys deleted");
  });

  r.get(
    "/payments",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Listar pagos",
        description:
          "Filtros `period_id`, `status`, `type`, `student_id`, `date_from`, `date_to`, `from_report`; `search` busca " +
          "en nombre, cédula y correo del estudiante, número de recibo (exacto) y título. Por omisión los más " +
          "recientes primero. `format=csv`: todos como archivo CSV.",
        querystring: paymentsQuery,
        response: { 200: listResponse(paymentSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        // One process owns the embedded database: the list's totals can be remembered between writes.
        fetchPage: (list) => listPayments({ db, list, rememberTotals: !app.config.databaseUrl }),
        present: presentPayment,
        csv: { filename: "pagos", columns: paymentCsvColumns },
        remember: { db, name: "payments" },
      }),
  );

  r.get(
    "/payments/debtors",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Reporte de deudores",
        description:
          "Estudiantes del período (por omisión el activo) con cuotas vencidas (pasados los días de gracia) sin " +
          "pagar: lo adeudado hoy con los recargos por mora, sección y especialización. Filtros `section_id`, " +
          "`specialization_id`; `search` por nombre, cédula o correo. `meta.total_owed_e2`: total adeudado de " +
          "todos los deudores del filtro. `format=csv` o `xlsx`: el reporte con una última fila de total.",
        querystring: debtorsQuery,
        response: {
          200: z.object({
            data: z.array(debtorSchema),
            meta: listMetaSchema.extend({ total_owed_e2: z.number().int() }),
          }),
        },
      },
    },
    async (request, reply) => {
      const list = request.query;
      if (isFileExport(list.format)) {
        const all = await listDebtors({
          db,
          list: { ...list, page: 1, limit: 0 },
          today: today(),
          timeZone: app.clock.timeZone,
        });
        return sendExport<DebtorCsvRow>(reply, {
          format: list.format,
          filename: "deudores",
          columns: debtorCsvColumns,
          rows: (async function* () {
            for (const debtor of all.rows) yield { debtor };
            yield { totalOwedE2: all.totalOwedE2 };
          })(),
        });
      }
      const page = await listDebtors({ db, list, today: today(), timeZone: app.clock.timeZone });
      return { data: page.rows.map(presentDebtor), meta: { ...page.meta, total_owed_e2: page.totalOwedE2 } };
    },
  );

  r.get(
    "/payments/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Ver un pago",
        description:
          "Con sus asignaciones a cuotas, el crédito que dejó y el historial de cambios de estado (quién, cuándo, " +
          "antes y después; del registro de auditoría). La administración ve todos; un estudiante solo los suyos.",
        params: idParamsSchema,
        response: { 200: itemResponse(paymentDetailSchema) },
      },
    },
    async (request) => {
      const detail = await getPaymentDetail({ db, id: request.params.id });
      await assertCanSeePayment(db, principalOf(request), detail);
      return { data: presentPaymentDetail(detail) };
    },
  );

  r.get(
    "/payments/:id/receipt",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Recibo de un pago (PDF)",
        description:
          "Solo de un pago aprobado (`payment_not_approved`): institución, estudiante, cédula, período, método, " +
          "número de recibo, monto en cifras y en letras, cuotas cubiertas. La administración y el estudiante dueño.",
        params: idParamsSchema,
      },
    },
    async (request, reply) => {
      const detail = await getPaymentDetail({ db, id: request.params.id });
      await assertCanSeePayment(db, principalOf(request), detail);
      if (detail.status !== paymentStatus.approved) throw refuse("payment_not_approved");
      const pdf = await receiptPdf({
        institution: app.config.institutionName,
        payment: detail,
        today: today(),
      });
      return reply
        .type("application/pdf")
        .header("Content-Disposition", `attachment; filename="${receiptFilename(detail)}.pdf"`)
        .header("Cache-Control", "no-store")
        .send(pdf);
    },
  );

  r.post(
    "/payments",
    {
      onRequest: app.allow("paymentReport"),
      schema: {
        tags,
        summary: "Reportar o registrar un pago",
        description:
          "`from_report` true (por omisión): un reporte que queda pendiente de revisión (el estudiante, solo para sí; " +
          "un administrador, para un estudiante); se notifica a la administración. `from_report` false (solo " +
          `administrador): un pago cobrado en caja, aprobado y asignado a las cuotas al registrarlo. ${REPORT_RULES}`,
        headers: idempotencyHeaders,
        body: createPaymentSchema,
        response: { 201: itemResponse(paymentSchema) },
      },
    },
    async (request, reply) => sendCreated(request, reply, request.body),
  );

  r.post(
    "/inscriptions/:id/payments",
    {
      onRequest: app.allow("paymentReport"),
      schema: {
        tags,
        summary: "Reportar un pago de una inscripción",
        description:
          "El reporte de spec.md §7 para el estudiante y el período de la inscripción (si se envían `student_id` o " +
          `\`period_id\`, deben ser los suyos: \`payment_inscription_mismatch\`). Mismo servicio que POST /payments. ${REPORT_RULES}`,
        params: idParamsSchema,
        headers: idempotencyHeaders,
        body: inscriptionPaymentSchema,
        response: { 201: itemResponse(paymentSchema) },
      },
    },
    async (request, reply) => {
      const target = await inscriptionTarget(db, request.params.id, request.body);
      return sendCreated(request, reply, {
        ...request.body,
        student_id: target.studentId,
        period_id: target.periodId,
        from_report: true,
      });
    },
  );

  r.patch(
    "/payments/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Aprobar o rechazar un pago",
        description:
          "Solo `status` (cualquier otro campo: 422). 2 aprueba un pago pendiente: reparte el monto entre las cuotas " +
          "sin pagar por fecha (cobrando el recargo por mora una vez), el resto queda como crédito, bajo el bloqueo " +
          "de la cuota del período; aprobar uno aprobado no cambia nada. 3 rechaza un pago pendiente. Cualquier otro " +
          "cambio: `payment_not_pending`. Se notifica al estudiante y queda en el historial.",
        params: idParamsSchema,
        body: updatePaymentStatusSchema,
        response: { 200: itemResponse(paymentSchema) },
      },
    },
    async (request) => {
      const row = await updatePaymentStatus({
        db,
        id: request.params.id,
        status: request.body.status,
        caller: principalOf(request),
        audit: auditContextOf(request),
        today: today(),
        now: app.clock.now(),
        timeZone: app.clock.timeZone,
      });
      return { data: presentPayment(row) };
    },
  );

  r.delete(
    "/payments/:id",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Eliminar un pago",
        description: "Un pago pendiente o rechazado; uno aprobado: 400 `payment_is_approved`.",
        params: idParamsSchema,
        response: { 204: z.null().describe("Sin contenido") },
      },
    },
    async (request, reply) => {
      await deletePayment({ db, id: request.params.id, audit: auditContextOf(request) });
      return reply.status(204).send(null);
    },
  );
}
