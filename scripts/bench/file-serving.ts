// Bench scenario "serve a 10 MB file from PostgreSQL storage" (also run on the embedded database, from the
// data folder): the admin's profile picture is replaced by a 10 MB file in the server's storage, then it is
// downloaded through the real, access-checked route, several at a time, while the server's RSS is sampled.
// A server that streams stays flat; one that buffered would grow by about 10 MB per download in flight
// (80 MB at 8 at a time, well above the garbage a streaming server leaves for the collector).
import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../server/db/client.js";
import { users } from "../../server/db/schema/index.js";
import { createStorage } from "../../server/storage/index.js";

export const fileServingName = "serve a 10 MB file from storage";
const fileBytes = 10 * 1024 * 1024;
const concurrent = 8;
const rounds = 5;

/** Before the server starts: stores the 10 MB file where the server will look and makes it the admin's picture. */
export async function prepareFileServing(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  adminEmail: string;
}) {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    const storage = createStorage({
      config: { storageDir: path.join(opts.dataDir ?? "", "uploads") },
      db: database.db,
      kind: database.kind,
    });
    const [admin] = await database.db.select().from(users).where(eq(users.email, opts.adminEmail));
    const fileName = `${admin!.id}-bench10mb.webp`;
    await storage.put(`profile-pictures/${fileName}`, randomBytes(fileBytes), { contentType: "image/webp" });
    await database.db.update(users).set({ profilePicture: fileName }).where(eq(users.id, admin!.id));
    await storage.close?.();
    return { userId: admin!.id, storageKind: storage.kind };
  } finally {
    await database.close();
  }
}

/** Downloads the file `concurrent` at a time, `rounds` times, sampling the server's RSS; answers a report line. */
export async function benchFileServing(opts: {
  kind: "pglite" | "postgres";
  storageKind: string;
  baseUrl: string;
  auth: string;
  userId: number;
  rss: () => number | null;
}): Promise<string> {
  const url = `${opts.baseUrl}/api/users/${opts.userId}/profile-picture`;
  const download = async () => {
    const res = await fetch(url, { headers: { authorization: opts.auth } });
    if (!res.ok || !res.body) throw new Error(`file download failed: ${res.status}`);
    let bytes = 0;
    const reader = res.body.getReader();
    for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.length;
    if (bytes !== fileBytes) throw new Error(`file download got ${bytes} bytes, not ${fileBytes}`);
  };
  // Warm-up: one round at full concurrency, so one-time costs (compiled code, the pool's connections and
  // their buffers) are in the baseline and what is measured is what serving more files adds.
  await Promise.all(Array.from({ length: concurrent }, download));
  await new Promise((r) => setTimeout(r, 1000));
  const before = opts.rss();
  let peak = before ?? 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, opts.rss() ?? 0);
  }, 50);
  const started = performance.now();
  try {
    for (let i = 0; i < rounds; i++) await Promise.all(Array.from({ length: concurrent }, download));
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 1000));
  const after = opts.rss();
  const mb = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(0)} MB`);
  const total = concurrent * rounds;
  const growth = before === null ? null : peak - before;
  const verdict =
    growth === null
      ? ""
      : growth < (fileBytes * concurrent) / 1024 / 1024 / 2
        ? " (flat: streamed)"
        : " (GREW: buffered?)";
  const from = opts.storageKind === "database" ? "PostgreSQL storage" : `${opts.storageKind} storage`;
  return (
    `${fileServingName.replace("from storage", `from ${from}`)} [${opts.kind}]: ${total} downloads, ${concurrent} at a time, ` +
    `${((total * fileBytes) / 1024 / 1024 / seconds).toFixed(0)} MB/s; server RSS before ${mb(before)}, ` +
    `peak ${mb(peak)} (+${growth === null ? "n/a" : growth.toFixed(0)} MB)${verdict}, after ${mb(after)}`
  );
}
