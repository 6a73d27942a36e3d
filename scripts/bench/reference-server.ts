// The bench's reference: a bare Fastify route answering one primary-key select, on the same database kind
// and through the same database client (Drizzle over PGlite or node-postgres) as the real server.
//   DATA_DIR=… or DATABASE_URL=…, PORT=… node --import tsx scripts/bench/reference-server.ts
import { eq } from "drizzle-orm";
import Fastify from "fastify";
import { openDatabase } from "../../server/db/client.js";
import { users } from "../../server/db/schema/index.js";

const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATABASE_URL ? null : (process.env.DATA_DIR ?? null),
});
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>("/ref/:id", async (request, reply) => {
  const [row] = await database.db
    .select({ id: users.id, name: users.name, email: users.email, type: users.type })
    .from(users)
    .where(eq(users.id, Number(request.params.id)));
  if (!row) return reply.code(404).send({ message: "not_found" });
  return { data: row };
});
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
await app.listen({ port: Number(process.env.PORT ?? 0), host: "127.0.0.1" });
console.log(`reference listening on ${JSON.stringify(app.server.address())}`);
