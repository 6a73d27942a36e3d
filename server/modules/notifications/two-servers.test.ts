import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { buildApp } from "../../app.js";
import { signAccessToken } from "../../auth/tokens.js";
import { createThrowawayDatabase } from "../../cluster/test-support.js";
import { loadConfig } from "../../config.js";
import { type Database, openDatabase } from "../../db/client.js";
import { users } from "../../db/schema/index.js";

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Two servers on one PostgreSQL (as behind a load balancer): a notification sent through one server reaches
 * a browser whose stream is open on the other, through LISTEN/NOTIFY.
 */
describe.skipIf(!serverUrl)("live notifications across two servers on one PostgreSQL", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "aula-notify-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dir,
    JWT_SECRET: "test-secret-test-secret-test-secret-0123",
  });
  let drop = async () => {};
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    const database = await createThrowawayDatabase(serverUrl!);
    drop = database.drop;
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase({ databaseUrl: database.url, dataDir: null });
      if (i === 0) await db.migrate();
      databases.push(db);
      const app = await buildApp({ config, db: db.db });
      await app.listen({ port: 0, host: "127.0.0.1" });
      apps.push(app);
    }
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const db of databases) await db.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends through server A and arrives on server B's open stream", async () => {
    const db = databases[0]!.db;
    const [admin] = await db
      .insert(users)
      .values({ type: Role.admin, name: "Dirección", email: "dir@two.test", emailConfirmedAt: new Date() })
      .returning();
    const [teacher] = await db
      .insert(users)
      .values({ type: Role.teacher, name: "Ana", email: "ana@two.test", emailConfirmedAt: new Date() })
      .returning();
    const bearer = async (userId: number) =>
      `Bearer ${(await signAccessToken({ secret: config.jwtSecret, userId, ttlSeconds: 3600 })).token}`;
    const portOf = (app: FastifyInstance) => (app.server.address() as AddressInfo).port;

    const controller = new AbortController();
    const stream = await fetch(`http://127.0.0.1:${portOf(apps[1]!)}/api/notifications/stream`, {
      headers: { authorization: await bearer(teacher!.id) },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    let text = "";
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    };
    await until(/: connected/);

    const sent = await fetch(`http://127.0.0.1:${portOf(apps[0]!)}/api/notifications`, {
      method: "POST",
      headers: { authorization: await bearer(admin!.id), "content-type": "application/json" },
      body: JSON.stringify({ type: 4, content: "Reunión de profesores a las 3" }),
    });
    expect(sent.status).toBe(201);
    const { id } = ((await sent.json()) as { data: { id: number } }).data;
    await until(/event: notification\ndata: .*\n\n/);
    expect(text).toContain(`"id":${id}`);
    expect(text).toContain("Reunión de profesores a las 3");
    controller.abort();
  });
});
