import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { notFound } from "./errors.js";

/**
 * Serves the built single-page app: its files, and index.html for any other non-API path so that
 * client-side routes survive a reload. Unknown /api paths keep answering route_not_found.
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  if (!existsSync(path.join(distDir, "index.html"))) {
    app.log.warn(`web app not built (${distDir}); run "npm run build:web"`);
    return;
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      // Vite names assets by content hash, so they never change under the same name.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      }
    },
  });
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") throw notFound("route_not_found");
    return reply.header("Cache-Control", "no-cache").sendFile("index.html");
  });
}
