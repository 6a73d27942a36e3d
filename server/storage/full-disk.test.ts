import { readdirSync } from "node:fs";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { buildApp } from "../app.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { FolderStorage } from "./folder.js";

/**
 * A full disk during an upload answers 503 in Spanish, whatever the route, and keeps nothing (issue 27;
 * README, "Files"). The app's folder storage gets a write stream that fails as a full disk does.
 */
let ctx: TestContext;
let app: FastifyInstance;
let admin: Awaited<ReturnType<typeof createUserWithToken>>;

const diskFull = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
    },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({
    config: ctx.config,
    db: ctx.db,
    clock: ctx.clock,
    storage: new FolderStorage(ctx.config.storageDir, { createWriteStream: diskFull as never }),
  });
  await app.ready();
  admin = await createUserWithToken(ctx, Role.admin);
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

function form(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; data: Buffer },
) {
  const boundary = "----aulafulldisk";
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
        `Content-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), "content-type": `multipart/form-data; boundary=${boundary}` };
}

const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
const unavailable = {
  message: "storage_unavailable",
  description:
    "No se pudo guardar el archivo porque el almacenamiento no está disponible. Intente de nuevo más tarde.",
};

function filesLeft(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true }).map(String);
  } catch {
    return [];
  }
}

describe("a full disk during an upload", () => {
  it("answers 503 with a Spanish message for a document and a notification's attachment", async () => {
    const uploads = [
      {
        url: "/api/documents",
        body: form({ title: "Guía" }, { field: "file", name: "g.pdf", type: "application/pdf", data: pdf }),
      },
      {
        url: "/api/notifications",
        body: form(
          { type: "7", content: "Circular", receiver_user_id: String(admin.user.id) },
          { field: "attachment", name: "c.pdf", type: "application/pdf", data: pdf },
        ),
      },
    ];
    for (const { url, body } of uploads) {
      const { payload, ...headers } = body;
      const res = await app.inject({
        method: "POST",
        url,
        headers: { ...admin.headers, ...headers },
        payload,
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(503);
      expect(res.json(), url).toEqual(unavailable);
    }
    // Nothing half-written stays behind (no temporary file, no file).
    expect(filesLeft(ctx.config.storageDir).filter((f) => !f.endsWith("/") && f.includes("."))).toEqual([]);
  });
});
