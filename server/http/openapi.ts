import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/**
 * The OpenAPI document, generated from every route's Zod schemas, and its browsable page at `/api/docs`
 * (JSON at `/api/docs/json`). Register before the modules so every route is seen. The UI's assets are
 * served from the package, never from a CDN.
 */
async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Aula: API de administración académica",
        description:
          "Todas las rutas viven bajo /api. Errores: `{ message, code?, description?, errors? }`. Listas: " +
          "`page`, `limit` (0 = todas), `search`, `sort_by=campo,asc|desc` y filtros; responden " +
          "`{ data, meta: { total, per_page, current_page, last_page } }`.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { docExpansion: "list", deepLinking: true, persistAuthorization: true },
    // Swagger UI (a page for developers) adds a <style> element of its own without the nonce: on its
    // routes only, the policy of security.ts also admits inline styles. Scripts stay 'self' only.
    transformStaticCSP: (header: string) =>
      header.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"),
  });
}

export const openapiPlugin = fp(openapi, { name: "openapi" });
