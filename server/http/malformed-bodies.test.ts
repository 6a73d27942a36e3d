import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { buildApp } from "../app.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { seedDemoSchool } from "../test/demo-school.js";

/**
 * Malformed bodies sent to every route of the OpenAPI document (issue 27): a multipart form cut short and
 * JSON nested 20,000 levels deep. Each answers a 4xx in the error shape, never a 5xx, with and without a
 * session.
 */
let ctx: TestContext;
let god: Awaited<ReturnType<typeof createUserWithToken>>;
let routes: { method: string; url: string }[];

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoSchool(ctx);
  god = await createUserWithToken(ctx, Role.god, { password: "clave-dios-123" });
  // An issued document, so that POST /verify/{code} reads the form instead of answering 404.
  await ctx.db.execute(sql`insert into issued_documents (request_id, code, kind, student_id, sha256, storage_key)
    select id, '0123456789', type_id, student_id, repeat('0', 64), 'documents/x.pdf' from document_requests
    where type_id in (1, 2, 4) limit 1`);
  const values: Record<string, string> = {
    code: "0123456789",
    email: god.user.email,
  };
  const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .filter((m) => ["post", "put", "patch", "delete"].includes(m))
      .map((m) => ({
        method: m.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? "1")),
      })),
  );
  // The caller's own logout last: it ends the session the other calls use.
  routes.sort((a, b) => Number(a.url === "/api/logout") - Number(b.url === "/api/logout"));
}, 120_000);
afterAll(async () => {
  await ctx?.app.backups?.idle();
  await ctx?.close();
});

const deepJson = `${"[".repeat(20_000)}${"]".repeat(20_000)}`;
const deepObject = `${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}`;
/** As deep as the body limit (2 MB) allows, with a key the prototype-poisoning check looks for at the bottom. */
const deepestJson = `${"[".repeat(400_000)}{"constructor":{"prototype":1}}${"]".repeat(400_000)}`;
const deepPoisoned = `${'{"a":'.repeat(20_000)}{"__proto__":{"x":1}}${"}".repeat(20_000)}`;
const truncatedMultipart =
  '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n' +
  "Content-Type: application/pdf\r\n\r\n%PDF-1.4";

type Body = { contentType: string; payload: string; what: string };
const bodies: Body[] = [
  { contentType: "application/json", payload: deepJson, what: "deep JSON array" },
  { contentType: "application/json", payload: deepObject, what: "deep JSON object" },
  { contentType: "application/json", payload: deepestJson, what: "deepest JSON with constructor" },
  { contentType: "application/json", payload: deepPoisoned, what: "deep JSON with __proto__" },
  {
    contentType: "multipart/form-data; boundary=XX",
    payload: truncatedMultipart,
    what: "truncated multipart",
  },
  ...["file", "profile_picture", "picture", "name"].flatMap((field) => [
    {
      contentType: "multipart/form-data; boundary=XX",
      payload: `--XX\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n--X`,
      what: `multipart cut in the boundary (${field})`,
    },
    {
      contentType: "multipart/form-data; boundary=XX",
      payload: `--XX\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nAna`,
      what: `multipart cut in a field (${field})`,
    },
  ]),
  {
    contentType: "multipart/form-data; boundary=XX",
    payload: "--XX\r\nContent-Disposition: form-da",
    what: "multipart cut in headers",
  },
  {
    contentType: "multipart/form-data; boundary=XX",
    payload: "--XX\r\n",
    what: "multipart cut after boundary",
  },
];

async function sweep(headers: Record<string, string>) {
  const failures: string[] = [];
  for (const body of bodies) {
    for (const route of routes) {
      const res = await ctx.app.inject({
        method: route.method as "POST",
        url: route.url,
        headers: { ...headers, "content-type": body.contentType },
        payload: body.payload,
      });
      if (res.statusCode >= 500)
        failures.push(`${body.what} ${route.method} ${route.url}: ${res.statusCode}`);
      else {
        const json = res.statusCode === 204 || res.body === "" ? {} : res.json();
        if (res.statusCode >= 400 && typeof json.description !== "string")
          failures.push(`${body.what} ${route.method} ${route.url}: ${res.statusCode} without description`);
      }
    }
  }
  return failures;
}

describe("malformed bodies on every route", () => {
  it("lists the routes of the OpenAPI document", () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes).toContainEqual({ method: "POST", url: "/api/login" });
    expect(routes.some((r) => r.url.startsWith("/api/verify/"))).toBe(true);
  });

  it("without a session: never a 5xx", async () => {
    expect(await sweep({})).toEqual([]);
  }, 120_000);

  it("with an administrator's session: never a 5xx", async () => {
    expect(await sweep(god.headers)).toEqual([]);
  }, 240_000);
});

describe("a client that stops sending halfway through a form", () => {
  it("gets a 4xx on every route, and no request ends in an unhandled error", async () => {
    // The real app on a socket, logging into `lines`; `reading` resolves once a request's body is being read.
    let lines = "";
    let reading: () => void = () => {};
    const app = await buildApp({
      config: ctx.config,
      db: ctx.db,
      clock: ctx.clock,
      logStream: {
        write(line) {
          lines += line;
        },
      },
    });
    app.addHook("preValidation", async () => reading());
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as net.AddressInfo;
    const failures: string[] = [];
    try {
      for (const route of routes.filter((r) => r.url !== "/api/logout")) {
        const started = new Promise<void>((resolve) => {
          reading = resolve;
        });
        // Announces 900 kB, sends the start of a form, and closes its side once the server is reading.
        const head = await new Promise<string>((resolve) => {
          const socket = net.connect(port, "127.0.0.1");
          const chunks: Buffer[] = [];
          const done = () => resolve(Buffer.concat(chunks).toString("latin1"));
          socket.on("data", (c) => chunks.push(c));
          socket.on("error", done);
          socket.on("close", done);
          socket.write(
            `${route.method} ${route.url} HTTP/1.1\r\nHost: localhost\r\n` +
              `Authorization: ${god.headers.authorization}\r\n` +
              "Content-Type: multipart/form-data; boundary=XX\r\nContent-Length: 900000\r\n\r\n" +
              '--XX\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n' +
              truncatedMultipart +
              "x".repeat(70_000),
          );
          // Routes refused before their body is read (401, 403, 404) answer without it.
          socket.once("data", () => socket.end());
          started.then(() => socket.end());
        });
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
        if (status >= 500) failures.push(`${route.method} ${route.url}: ${status}`);
      }
    } finally {
      await app.close();
    }
    expect(failures).toEqual([]);
    const unhandled = lines.split("\n").filter((l) => l.includes('"msg":"unhandled error"'));
    expect(unhandled).toEqual([]);
  }, 120_000);
});
