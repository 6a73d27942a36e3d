import { createReadStream } from "node:fs";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageResponseSchema, sessionUserSchema } from "../../../common/schemas/auth.js";
import {
  profilePictureMaxBytes,
  updateEmailBodySchema,
  updatePasswordBodySchema,
  updateUserBodySchema,
  userIdParamsSchema,
  userSchema,
} from "../../../common/schemas/users.js";
import { principalOf, sendFreshToken } from "../../http/auth.js";
import {
  getSessionUser,
  getUser,
  locateProfilePicture,
  removeProfilePicture,
  resendAccountConfirmation,
  saveProfilePicture,
  updateEmail,
  updatePassword,
  updateUser,
} from "./service.js";

const tags = ["Usuarios"];
const userResponse = { 200: z.object({ data: userSchema }) };

/** Reads the first uploaded file of a multipart request, stopping at the size limit. */
async function readUpload(app: FastifyInstance, request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) return null;
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!file) return null;
  try {
    return { data: await file.toBuffer(), mimetype: file.mimetype, truncated: false };
  } catch (err) {
    if (err instanceof app.multipartErrors.RequestFileTooLargeError)
      return { data: Buffer.alloc(0), mimetype: file.mimetype, truncated: true };
    throw err;
  }
}

/** The users resource as far as accounts and profiles need it (spec.md §7 Users). */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      schema: { tags, summary: "Ver una cuenta", params: userIdParamsSchema, response: userResponse },
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
        summary: "Actualizar el perfil de un administrador",
        params: userIdParamsSchema,
        body: updateUserBodySchema,
        response: userResponse,
      },
    },
    async (request) => ({
      data: await updateUser({
        db: app.db,
        actor: principalOf(request),
        userId: request.params.id,
        name: request.body.name,
        ip: request.ip,
      }),
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
        params: userIdParamsSchema,
        response: userResponse,
      },
    },
    async (request) => ({
      data: await saveProfilePicture({
        db: app.db,
        config: app.config,
        actor: principalOf(request),
        userId: request.params.id,
        upload: await readUpload(app, request, profilePictureMaxBytes),
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
        config: app.config,
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
      const picture = await locateProfilePicture({
        db: app.db,
        config: app.config,
        userId: request.params.id,
      });
      return reply
        .type(picture.mime)
        .header("Cache-Control", "private, max-age=86400")
        .header("X-Content-Type-Options", "nosniff")
        .send(createReadStream(picture.path));
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
