import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  administratorListRoles,
  createAdministratorSchema,
  setAccountEnabledSchema,
} from "../../../common/schemas/administrators.js";
import { profilePictureMaxBytes, userIdParamsSchema, userSchema } from "../../../common/schemas/users.js";
import { validationMessage } from "../../../common/validation/messages.js";
import { auditContextOf } from "../../audit/http.js";
import { principalOf } from "../../http/auth.js";
import { sendList } from "../../http/csv.js";
import { listQuery, queryFilter } from "../../http/list-query.js";
import { itemResponse, listResponse } from "../../http/pagination.js";
import { fieldError, validationError } from "../../http/validation.js";
import {
  administratorCsvColumns,
  administratorSortable,
  createAdministrator,
  listAdministrators,
  type PictureUpload,
  setAccountEnabled,
} from "./admins.js";
import { presentUser } from "./presenter.js";

const tags = ["Administradores"];

const administratorsQuery = listQuery({
  sortable: administratorSortable,
  defaultSort: { field: "name", direction: "asc" },
  filters: {
    type: queryFilter
      .int({ min: 4, max: 6 })
      .describe("Rol: 4 asistente, 5 administrador, 6 administrador general."),
    enabled: queryFilter.boolean().describe("1: solo cuentas activas; 0: solo inactivas."),
  },
});

const TEXT_FIELDS = Object.keys(createAdministratorSchema.shape);
const PICTURE_FIELD = "profile_picture";

/** The photo each multipart creation sent, kept for the handler (the body holds only the text fields). */
const uploads = new WeakMap<object, PictureUpload>();

/**
 * spec.md §7: administrator creation is a multipart form. Its text fields become the body the route's
 * schema validates (like a JSON body); the optional `profile_picture` file is kept aside, stopping at
 * 2 MB. Any other part is a 422 naming it.
 */
async function readCreationForm(app: FastifyInstance, request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const body: Record<string, string> = {};
  const unexpected: string[] = [];
  let upload: PictureUpload = null;
  const parts = request.parts({
    limits: { fileSize: profilePictureMaxBytes, files: 2, fields: 10, parts: 12 },
  });
  try {
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname === PICTURE_FIELD && !upload) {
          upload = { data: await part.toBuffer(), truncated: false };
          continue;
        }
        part.file.resume();
        unexpected.push(part.fieldname || "file");
      } else if (TEXT_FIELDS.includes(part.fieldname)) body[part.fieldname] = String(part.value);
      else unexpected.push(part.fieldname);
    }
  } catch (err) {
    if (!(err instanceof app.multipartErrors.RequestFileTooLargeError)) throw err;
    throw fieldError(PICTURE_FIELD, "max", { kind: "file", max: profilePictureMaxBytes / 1024 });
  }
  if (unexpected.length > 0)
    throw validationError(
      Object.fromEntries(unexpected.map((f) => [f, [validationMessage("prohibited", f)]])),
    );
  uploads.set(request, upload);
  request.body = body;
}

/**
 * Administrator accounts (spec.md §2 "Administrators", §6 "administrators (all screens): admin only"):
 * the list, creation with photo and enabling/disabling. Detail and update are the users resource's
 * `GET /users/{id}` and `PATCH /users/{id}` (routes.ts).
 */
export async function administratorsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    "/users",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Listar cuentas de administración",
        description:
          `Cuentas de roles ${administratorListRoles.join(", ")} (asistentes, administradores y el administrador ` +
          "general). Busca en nombre y correo electrónico (sin distinguir mayúsculas ni acentos); filtros " +
          "`type` y `enabled`. `format=csv`: todas las cuentas como archivo CSV.",
        querystring: administratorsQuery,
        response: { 200: listResponse(userSchema) },
      },
    },
    async (request, reply) =>
      sendList(reply, {
        list: request.query,
        fetchPage: (list) => listAdministrators({ db, list }),
        present: presentUser,
        csv: { filename: "administradores", columns: administratorCsvColumns },
      }),
  );

  r.post(
    "/users",
    {
      onRequest: app.allow("adminOnly"),
      preValidation: (request) => readCreationForm(app, request),
      schema: {
        tags,
        summary: "Crear una cuenta de administración (multipart)",
        description:
          "Campos `name`, `email`, `type` (4 asistente, 5 administrador) y, opcional, el archivo " +
          "`profile_picture` (JPEG, PNG o WebP hasta 2 MB, guardado de nuevo como WebP). La cuenta queda sin " +
          "confirmar y se envía el correo de confirmación en la misma transacción. También acepta JSON (sin foto).",
        body: createAdministratorSchema,
        response: { 201: itemResponse(userSchema) },
      },
    },
    async (request, reply) => {
      const row = await createAdministrator({
        db,
        storage: app.storage,
        config: app.config,
        mailer: app.mailer,
        audit: auditContextOf(request),
        input: request.body,
        upload: uploads.get(request) ?? null,
      });
      return reply.status(201).send({ data: presentUser(row) });
    },
  );

  r.patch(
    "/users/:id/enabled",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Habilitar o deshabilitar una cuenta",
        description:
          "`enabled` true/1 habilita, false/0 deshabilita: una cuenta deshabilitada no puede iniciar sesión " +
          "(`user_is_disabled`) y sus sesiones terminan. Nadie deshabilita su propia cuenta " +
          "(`cannot_disable_own_account`).",
        params: userIdParamsSchema,
        body: setAccountEnabledSchema,
        response: { 200: itemResponse(userSchema) },
      },
    },
    async (request) => {
      const row = await setAccountEnabled({
        db,
        sessions: app.sessions,
        actor: principalOf(request),
        audit: auditContextOf(request),
        userId: request.params.id,
        enabled: request.body.enabled,
      });
      return { data: presentUser(row) };
    },
  );
}
