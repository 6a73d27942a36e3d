// The bench's references: a bare Fastify route answering one primary-key select on the same database kind as
// the real server, started with the server's own Node flags (run.ts) and, on the embedded database, the
// WebAssembly compilation the server sets (server/main.ts: --no-liftoff).
//   REFERENCE=raw      the database's own driver, nothing between: `new PGlite(folder)` or `pg.Pool`;
//   REFERENCE=drizzle  the server's database client (server/db/client.ts) and Drizzle, as the server has them.
// The raw one is what scenarios are measured against; the Drizzle one shows what the client and Drizzle cost.
//   DATA_DIR=… or DATABASE_URL=…, PORT=…, REFERENCE=… node --import tsx scripts/bench/reference-server.ts
import path from "node:path";
import v8 from "node:v8";
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = databaseUrl ? null : (process.env.DATA_DIR ?? null);
const raw = process.env.REFERENCE !== "drizzle";
// As server/main.ts does before the embedded database's WebAssembly is compiled.
if (!databaseUrl) v8.setFlagsFromString("--no-liftoff");

type Row = { id: number; name: string; email: string; type: number };
type Reference = { find(id: number): Promise<Row | undefined>; close(): Promise<void> };

const userById = "select id, name, email, type from users where id = $1";

async function rawReference(): Promise<Reference> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    return {
      find: async (id) => (await pool.query<Row>(userById, [id])).rows[0],
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite(dataDir ? path.join(dataDir, "pglite") : undefined);
  await client.waitReady;
  return {
    find: async (id) => (await client.query<Row>(userById, [id])).rows[0],
    close: () => client.close(),
  };
}

async function drizzleReference(): Promise<Reference> {
  const { openDatabase } = await import("../../server/db/client.js");
  const { users } = await import("../../server/db/schema/index.js");
  const database = await openDatabase({ databaseUrl, dataDir });
  return {
    find: async (id) => {
      const [row] = await database.db
        .select({ id: users.id, name: users.name, email: users.email, type: users.type })
        .from(users)
        .where(eq(users.id, id));
      return row;
    },
    close: () => database.close(),
  };
}

const reference = raw ? await rawReference() : await drizzleReference();
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>("/ref/:id", async (request, reply) => {
  const row = await reference.find(Number(request.params.id));
  if (!row) return reply.code(404).send({ message: "not_found" });
  return { data: row };
});
const stop = async () => {
  await app.close();
  await reference.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(
  `reference (${raw ? "raw driver" : "Drizzle"}) listening on ${JSON.stringify(app.server.address())}`,
);
