import compress from "@fastify/compress";
import cors from "@fastify/cors";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import type { Config } from "../config.js";

/**
 * The Content-Security-Policy of every answer: only the app's own scripts, styles, images and calls.
 * Mantine writes its CSS variables in `<style>` elements: index.html is served with a per-response
 * nonce (`cspWithStyleNonce`) that Mantine puts on them (`getStyleNonce`, web/providers.tsx), so no
 * 'unsafe-inline' is needed. Pictures are shown from blob: URLs (avatars fetched with the token).
 */
const cspDirectives: Record<string, string[]> = {
  "default-src": ["'self'"],
  "base-uri": ["'self'"],
  "script-src": ["'self'"],
  "script-src-attr": ["'none'"],
  "style-src": ["'self'"],
  "img-src": ["'self'", "blob:", "data:"],
  "font-src": ["'self'", "data:"],
  "connect-src": ["'self'"],
  "object-src": ["'none'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

function serializeCsp(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** The policy of the page that carries `nonce` on its `<style>` elements (index.html). */
export function cspWithStyleNonce(nonce: string): string {
  return serializeCsp({ ...cspDirectives, "style-src": ["'self'", `'nonce-${nonce}'`] });
}

/** Answers over TLS (directly, or behind a trusted proxy saying X-Forwarded-Proto: https) get HSTS. */
const HSTS = "max-age=31536000; includeSubDomains";

/** API answers smaller than this go out uncompressed (headers would cost more than they save). */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Security headers (helmet), CORS (same origin unless CORS_ORIGINS lists others), compression of API
 * answers, `Cache-Control: no-store` on every API answer (the login answer carries the token) and HSTS
 * when served over https. Register before the routes.
 */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  // helmet's own middleware, built once (the Fastify plugin builds it again for every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives },
    // Sent only over TLS, below: on plain http (localhost) it would pin browsers to https.
    strictTransportSecurity: false,
    referrerPolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
    // The same rule as CSP's frame-ancestors 'none', for browsers that only read the older header.
    xFrameOptions: { action: "deny" },
  });
  app.addHook("onRequest", (request, reply, done) => {
    // helmet 8 throws its errors (none with a fixed configuration) instead of passing them on.
    securityHeaders(request.raw, reply.raw, () => done());
  });
  await app.register(cors, {
    // false = no Access-Control-Allow-Origin for anyone (even "null"); a list = exactly those origins.
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    exposedHeaders: ["Authorization", "X-Token-Expires-At"],
  });
  // Static files come precompressed (br/gz made by the build) with their Content-Encoding already set,
  // which @fastify/compress leaves alone; here it compresses API answers above the threshold.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.protocol === "https") reply.header("Strict-Transport-Security", HSTS);
    if (isApiPath(request.url) && !reply.hasHeader("Cache-Control")) {
      reply.header("Cache-Control", "no-store");
    }
    return payload;
  });
}

function isApiPath(url: string) {
  return url === "/api" || url.startsWith("/api/") || url.startsWith("/api?");
}
