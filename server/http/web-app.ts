import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { notFound } from "./errors.js";
import { cspWithStyleNonce } from "./security.js";

/** What vite.config.ts's `html.cspNonce` writes in index.html; replaced by each answer's own nonce. */
export const CSP_NONCE_PLACEHOLDER = "__CSP_NONCE__";

/** Hashed file names (Vite's `assets/name-<hash>.js`) never change content under the same name. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the built single-page app: its files, and index.html for any other non-API path so that
 * client-side routes survive a reload. Unknown /api paths keep answering route_not_found.
 *
 * Assets go out precompressed (the build writes .br and .gz next to them) and cached for a year;
 * index.html is revalidated on every visit (`no-cache`) and carries a fresh CSP nonce for the
 * `<style>` elements Mantine adds (see security.ts).
 */
export async function serveWebApp(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, "index.html");
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${distDir}); run "npm run build:web"`);
    return;
  }
  const indexHtml = readFileSync(indexFile, "utf8");
  if (!indexHtml.includes(CSP_NONCE_PLACEHOLDER)) {
    app.log.warn(`${indexFile} has no CSP nonce placeholder: rebuild the web app ("npm run build:web")`);
  }
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // @fastify/send would otherwise write its own "public, max-age=0" after setHeaders (its default
    // maxAge is 0), which is why assets were never cached: the header is ours alone.
    cacheControl: false,
    // index.html only through the handler below (it needs its nonce).
    allowedPath: (pathName) => pathName !== "/index.html",
    setHeaders(res, filePath) {
      const inAssets = filePath.startsWith(path.join(distDir, "assets") + path.sep);
      res.setHeader("Cache-Control", inAssets ? IMMUTABLE : "no-cache");
    },
  });
  app.get("/*", { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith("/api/") || request.url === "/api") throw notFound("route_not_found");
    const nonce = randomBytes(16).toString("base64");
    return reply
      .header("Cache-Control", "no-cache")
      .header("Content-Security-Policy", cspWithStyleNonce(nonce))
      .type("text/html; charset=utf-8")
      .send(indexHtml.replaceAll(CSP_NONCE_PLACEHOLDER, nonce));
  });
}
