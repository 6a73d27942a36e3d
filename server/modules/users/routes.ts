import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { updateAdministratorSchema } from "../../../common/schemas/administrators.js";
import { messageResponseSchema, sessionUserSchema } from "../../../common/schemas/auth.js";
import {
  profilePictureMaxBytes,
  updateEmailBodySchema,
  updatePasswordBodySchema,
  userIdParamsSchema,
  userSchema,
} from "../../../common/schemas/users.js";
import { validationMessage } from "../../../common/validation/messages.js";
import { auditContextOf } from "../../audit/http.js";
import { createAuthThrottles } from "../../auth/rate-limiter.js";
import { principalOf, sendFreshToken } from "../../http/auth.js";
import { validationError } from "../../http/validation.js";
import { updateAdministrator } from "./admins.js";
import { presentUser } from "./presenter.js";
import {
  getSessionUser,
  getUser,
  openProfilePicture,
  removeProfilePicture,
  resendAccountConfirmation,
  saveProfilePicture,
  updateEmail,
  updatePassword,
} from "./service.js";

const tags = ["Usuarios"];
const userResponse = { 200: z.object({ data: userSchema }) };

type Upload = { data: Buffer; mimetype: string; truncated: boolean };

/**
 * Reads the one file a multipart request sends in `field`, stopping at the size limit (`truncated`). Any
 * other part (a file or text under another name, a second file) is refused: 422 naming it. A body that is
 * not readable multipart (no boundary, cut short) is a 400 (error-handler.ts).
 */
async function readUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  opts: { field: string; maxBytes: number },
): Promise<Upload | null> {
  if (!request.isMultipart()) return null;
  let upload: Upload | null = null;
  const unexpected = new Set<string>();
  const parts = request.parts({ limits: { fileSize: opts.maxBytes, files: 3, fields: 10, parts: 13 } });
  try {
    for await (const part of parts) {
      if (part.type === "file" && part.fieldname === opts.field && !upload) {
        upload = { data: await part.toBuffer(), mimetype: part.mimetype, truncated: false };
        continue;
      }
      if (part.type === "file") part.file.resume();
      unexpected.add(part.fieldname || "file");
    }
  } catch (err) {
    // A file over the size limit: the rest of the body is not read.
    if (!(err instanceof app.multipartErrors.RequestFileTooLargeError)) throw err;
    const fieldname = (err as { part?: { fieldname?: string } }).part?.fieldname;
    if (fieldname !== undefined && fieldname !== opts.field) throw err;
    return { data: Buffer.alloc(0), mimetype: "", truncated: true };
  }
  if (unexpected.size > 0) {
    const errors: Record<string, string[]> = {};
    for (const name of unexpected) errors[name] = [validationMessage("prohibited", name)];
    if (!upload) errors[opts.field] = [validationMessage("required", opts.field)];
    throw validationError(errors);
  }
  return upload;
}

/** The users resource as far as accounts and profiles need it (spec.md §7 Users). */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const currentPasswords = createAuthThrottles({
    db: app.db,
    limits: app.config.authRateLimit,
  }).currentPasswordPerAccount;

  r.get(
    "/users/me",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Usuario de la sesión",
        response: { 200: z.object({ data: sessionUserSchema }) },
      },
    },
    async (request) => ({ data: await getSessionUser({ db: app.db, actor: principalOf(request) }) }),
  );

  r.get(
    "/users/:id",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Ver una cuenta",
        description:
          "La propia; un administrador, cualquiera; el asistente, solo las de estudiantes, profesores y " +
          "coordinadores (403 para la de un administrador o de otro asistente).",
        params: userIdParamsSchema,
        response: userResponse,
      },
    },
    async (request) => ({
      data: await getUser({ db: app.db, actor: principalOf(request), userId: request.params.id }),
    }),
  );

  r.patch(
    "/users/:id",
    {
      onRequest: app.allow("adminGroup"),
      schema: {
        tags,
        summary: "Actualizar una cuenta de administración",
        description:
          "El nombre (la persona o un administrador); el correo electrónico y el rol (4 o 5) solo un " +
          "administrador, y nunca los propios (422). Cada cambio queda en el registro de auditoría.",
        params: userIdParamsSchema,
        body: updateAdministratorSchema,
        response: userResponse,
      },
    },
    async (request) => ({
      data: presentUser(
        await updateAdministrator({
          db: app.db,
          sessions: app.sessions,
          actor: principalOf(request),
          audit: auditContextOf(request),
          userId: request.params.id,
          input: request.body,
        }),
      ),
    }),
  );

  r.patch(
    "/users/:id/email",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Cambiar el correo electrónico",
        params: userIdParamsSchema,
        body: updateEmailBodySchema,
        response: userResponse,
      },
    },
    async (request) => ({
      data: await updateEmail({
        db: app.db,
        actor: principalOf(request),
        userId: request.params.id,
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
        throttle: currentPasswords,
      }),
    }),
  );

  r.patch(
    "/users/:id/password",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Cambiar la contraseña",
        params: userIdParamsSchema,
        body: updatePasswordBodySchema,
        response: userResponse,
      },
    },
    async (request, reply) => {
      const actor = principalOf(request);
      const data = await updatePassword({
        db: app.db,
        sessions: app.sessions,
        actor,
        userId: request.params.id,
        currentPassword: request.body.current_password,
        password: request.body.password,
        ip: request.ip,
        throttle: currentPasswords,
      });
      // The change ended every older session of the account; the person keeps this one going.
      if (actor.id === request.params.id) await sendFreshToken(app, reply, actor);
      return { data };
    },
  );

  r.post(
    "/users/:id/profile-picture",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Subir la foto de perfil (multipart, campo profile_picture; JPEG, PNG o WebP hasta 2 MB)",
        description:
          "La imagen se decodifica y se guarda de nuevo como WebP de 512 px como máximo por lado (sin " +
          "metadatos). Un archivo que no es una imagen completa, o que trae datos tras ella, se rechaza (422).",
        params: userIdParamsSchema,
        response: userResponse,
      },
    },
    async (request) => ({
      data: await saveProfilePicture({
        db: app.db,
        storage: app.storage,
        actor: principalOf(request),
        userId: request.params.id,
        upload: await readUpload(app, request, {
          field: "profile_picture",
          maxBytes: profilePictureMaxBytes,
        }),
      }),
    }),
  );

  r.delete(
    "/users/:id/profile-picture",
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Quitar la foto de perfil",
        params: userIdParamsSchema,
        response: userResponse,
      },
    },
    async (request) => ({
      data: await removeProfilePicture({
        db: app.db,
        storage: app.storage,
        actor: principalOf(request),
        userId: request.params.id,
      }),
    }),
  );

  r.get(
    "/users/:id/profile-picture",
    {
      onRequest: app.authenticate,
      schema: { tags, summary: "Ver la foto de perfil (solo con sesión)", params: userIdParamsSchema },
    },
    async (request, reply) => {
      const picture = await openProfilePicture({
        db: app.db,
        storage: app.storage,
        userId: request.params.id,
      });
      // Served as what it is and nothing else: never sniffed, shown inline under a plain name. The file
      // streams from the storage (data folder, database or object store), never whole in memory.
      const fileName = `foto-${request.params.id}${path.extname(picture.fileName)}`;
      return reply
        .type(picture.mime)
        .header("Content-Length", picture.size)
        .header("Cache-Control", "private, max-age=86400")
        .header("X-Content-Type-Options", "nosniff")
        .header("Content-Disposition", `inline; filename="${fileName}"`)
        .send(picture.stream);
    },
  );

  r.post(
    "/users/:id/send-account-confirm",
    {
      onRequest: app.allow("adminOnly"),
      schema: {
        tags,
        summary: "Reenviar el correo de confirmación de cuenta",
        params: userIdParamsSchema,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await resendAccountConfirmation({
        db: app.db,
        config: app.config,
        mailer: app.mailer,
        actor: principalOf(request),
        userId: request.params.id,
      });
      return {
        message: "account_confirmation_sent",
        description: "Se ha enviado el correo de confirmación de la cuenta.",
      };
    },
  );
}
