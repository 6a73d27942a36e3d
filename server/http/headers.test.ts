import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import { type Database, openDatabase } from "../db/client.js";
import { createUserWithToken } from "../test/auth.js";
import type { TestContext } from "../test/context.js";
import { CSP_NONCE_PLACEHOLDER, serveWebApp } from "./web-app.js";

/** A built web app in miniature: index.html with the nonce placeholder, a hashed script and its copies. */
function makeDist(dir: string) {
  const script = `console.log(${JSON.stringify("x".repeat(2000))});\n`;
  mkdirSync(path.join(dir, "assets"), { recursive: true });
  writeFileSync(
    path.join(dir, "index.html"),
    `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}" />` +
      `<script type="module" nonce="${CSP_NONCE_PLACEHOLDER}" src="/assets/index-AbC123.js"></script>` +
      `</head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(dir, "assets", "index-AbC123.js"), script);
  writeFileSync(path.join(dir, "assets", "index-AbC123.js.br"), brotliCompressSync(script));
  writeFileSync(path.join(dir, "assets", "index-AbC123.js.gz"), gzipSync(script));
  writeFileSync(path.join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
}

describe("security and cache headers", () => {
  let dir: string;
  let database: Database;
  let config: Config;
  const apps: FastifyInstance[] = [];

  async function appWith(overrides: Partial<Config> = {}) {
    const app = await buildApp({ config: { ...config, ...overrides }, db: database.db });
    await serveWebApp(app, path.join(dir, "dist"));
    await app.ready();
    apps.push(app);
    return app;
  }

  let app: FastifyInstance;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "aula-headers-"));
    makeDist(path.join(dir, "dist"));
    config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      JWT_SECRET: "test-secret-test-secret-test-secret-0123",
    });
    database = await openDatabase({ dataDir: null });
    await database.migrate();
    app = await appWith();
  });
  afterAll(async () => {
    for (const a of apps) await a.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function expectSecurityHeaders(headers: Record<string, unknown>) {
    const csp = String(headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toMatch(/style-src 'self'/);
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("img-src 'self' blob: data:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("same-origin");
    // No page may be framed, not even by the app itself: both headers say so.
    expect(headers["x-frame-options"]).toBe("DENY");
  }

  it("sends the security headers and no-store on API answers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res.headers);
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("never lets the login answer (it carries the token) or an error be stored", async () => {
    const password = "Correcta123*";
    const { user } = await createUserWithToken({ db: database.db, config } as TestContext, Role.admin, {
      password,
    });
    const ok = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email, password, remember_me: false },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toBeTruthy();
    expect(ok.headers["cache-control"]).toBe("no-store");
    expectSecurityHeaders(ok.headers);

    const wrong = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: user.email, password: "Incorrecta123*", remember_me: false },
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.headers["cache-control"]).toBe("no-store");

    for (const url of ["/api/nope", "/api/users/me"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.headers["cache-control"], url).toBe("no-store");
      expectSecurityHeaders(res.headers);
    }
  });

  it("serves index.html for app routes with no-cache and a fresh style nonce in page and policy", async () => {
    const first = await app.inject({ method: "GET", url: "/classrooms" });
    const second = await app.inject({ method: "GET", url: "/login" });
    for (const res of [first, second]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expectSecurityHeaders(res.headers);
      expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
    }
    const nonceOf = (body: string) => /property="csp-nonce" nonce="([^"]+)"/.exec(body)?.[1];
    const nonce = nonceOf(first.body);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
    expect(String(first.headers["content-security-policy"])).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(nonceOf(second.body)).not.toBe(nonce);
    // The raw file (with its placeholder) is never served.
    expect((await app.inject({ method: "GET", url: "/index.html" })).statusCode).toBe(404);
  });

  it("caches hashed assets for a year and sends them precompressed", async () => {
    const plain = await app.inject({ method: "GET", url: "/assets/index-AbC123.js" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expectSecurityHeaders(plain.headers);

    const br = await app.inject({
      method: "GET",
      url: "/assets/index-AbC123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/javascript/);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // Sent once compressed (the build's copy), not compressed again by the API compression.
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await app.inject({
      method: "GET",
      url: "/assets/index-AbC123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");

    const other = await app.inject({ method: "GET", url: "/favicon.svg" });
    expect(other.statusCode).toBe(200);
    expect(other.headers["cache-control"]).toBe("no-cache");
  });

  it("compresses API answers above the threshold only", async () => {
    const big = await app.inject({
      method: "GET",
      url: "/api/docs/json",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(big.statusCode).toBe(200);
    expect(big.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toBe("3.1.0");
    const small = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });

  it("lets only the API documentation page (Swagger UI) add inline styles, never inline scripts", async () => {
    const docs = await app.inject({ method: "GET", url: "/api/docs" });
    expect(docs.statusCode).toBe(200);
    const csp = String(docs.headers["content-security-policy"]);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    const api = await app.inject({ method: "GET", url: "/api/health" });
    expect(String(api.headers["content-security-policy"])).not.toContain("unsafe-inline");
  });

  it("refuses other origins by default, even null", async () => {
    for (const origin of ["https://evil.example", "null"]) {
      const res = await app.inject({ method: "GET", url: "/api/health", headers: { origin } });
      expect(res.headers["access-control-allow-origin"], origin).toBeUndefined();
      const preflight = await app.inject({
        method: "OPTIONS",
        url: "/api/login",
        headers: { origin, "access-control-request-method": "POST" },
      });
      expect(preflight.headers["access-control-allow-origin"], origin).toBeUndefined();
    }
  });

  it("allows exactly the origins of CORS_ORIGINS and exposes the session headers to them", async () => {
    const corsConfig = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dir,
      JWT_SECRET: "x".repeat(32),
      CORS_ORIGINS: "https://app.example.org, https://other.example.org/",
    });
    expect(corsConfig.corsOrigins).toEqual(["https://app.example.org", "https://other.example.org"]);
    const cors = await appWith({ corsOrigins: corsConfig.corsOrigins });
    for (const origin of ["https://app.example.org", "https://other.example.org"]) {
      const res = await cors.inject({ method: "GET", url: "/api/health", headers: { origin } });
      expect(res.headers["access-control-allow-origin"]).toBe(origin);
      expect(String(res.headers["access-control-expose-headers"])).toContain("Authorization");
      expect(String(res.headers["access-control-expose-headers"])).toContain("X-Token-Expires-At");
    }
    for (const origin of ["https://evil.example", "null"]) {
      const res = await cors.inject({ method: "GET", url: "/api/health", headers: { origin } });
      expect(res.headers["access-control-allow-origin"], origin).toBeUndefined();
    }
  });

  it("sends HSTS only over TLS (here a trusted proxy's X-Forwarded-Proto)", async () => {
    const plain = await app.inject({ method: "GET", url: "/api/health" });
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const page = await app.inject({ method: "GET", url: "/login" });
    expect(page.headers["strict-transport-security"]).toBeUndefined();

    const proxied = await appWith({ trustProxy: true });
    for (const url of ["/api/health", "/login", "/assets/index-AbC123.js"]) {
      const res = await proxied.inject({ method: "GET", url, headers: { "x-forwarded-proto": "https" } });
      expect(res.headers["strict-transport-security"], url).toMatch(/^max-age=31536000/);
    }
    // Without a trusted proxy the header is the client's word and is ignored.
    const spoofed = await app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(spoofed.headers["strict-transport-security"]).toBeUndefined();
  });
});
