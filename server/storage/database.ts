import { Readable } from "node:stream";
import { and, asc, eq, gt, like, sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../db/client.js";
import { storedFileChunks, storedFiles } from "../db/schema/index.js";
import { readChunkByCopy } from "./chunk-copy.js";
import { assertValidKey, assertValidPrefix, MeasuringStream, toReadable } from "./keys.js";
import { type FileStorage, StorageWriteError, type StoredFile } from "./types.js";

/** Bytes per row of `stored_file_chunks`. */
export const chunkSize = 256 * 1024;
/** Chunks fetched ahead of the reader (each one query): a small, fixed amount of memory per download. */
const readAhead = 2;

type FileRow = typeof storedFiles.$inferSelect;

const describe = (row: FileRow): StoredFile => ({
  key: row.key,
  size: row.size,
  contentType: row.contentType,
  sha256: row.sha256,
  createdAt: row.createdAt,
});

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Files in the database itself (PostgreSQL, so every server sees every file and a backup holds them; also
 * works on the embedded database). A file's row and its chunks are written in one transaction: an upload
 * that stops half-way, goes over its limit or fails to write rolls back and leaves the previous file.
 * Reads fetch one chunk at a time, a couple ahead of the reader; on PostgreSQL as raw binary (chunk-copy.ts).
 */
export class DatabaseStorage implements FileStorage {
  readonly kind = "database" as const;
  /** On PostgreSQL, the pool chunks are read from in binary (chunk-copy.ts); null on the embedded database. */
  private readonly pool: pg.Pool | null;
  constructor(private readonly db: Db) {
    const client = (db as unknown as { $client?: unknown }).$client;
    this.pool = client instanceof pg.Pool ? client : null;
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType: string; maxBytes?: number }) {
    assertValidKey(key);
    const measure = new MeasuringStream(opts.maxBytes);
    const source = toReadable(body);
    // The source's failure (a client that went away) reaches the measuring stream and ends the loop below;
    // the loop reports the measuring stream's errors (the listener keeps one that comes first from escaping).
    source.once("error", (err) => measure.destroy(err));
    measure.on("error", () => {});
    try {
      return await this.db.transaction(async (tx) => {
        // Two uploads to one key take turns; readers keep seeing the previous file until this commits.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`aula-file:${key}`}))`);
        await tx.delete(storedFiles).where(eq(storedFiles.key, key));
        const [row] = await tx
          .insert(storedFiles)
          .values({ key, size: 0, contentType: opts.contentType, sha256: "" })
          .returning();
        // Read only once the transaction is open, so the body waits (back-pressure) rather than piling up.
        source.pipe(measure);
        let n = 0;
        let pending: Buffer[] = [];
        let pendingBytes = 0;
        const flush = async (all: boolean) => {
          while (pendingBytes >= chunkSize || (all && pendingBytes > 0)) {
            const joined = Buffer.concat(pending, pendingBytes);
            const data = joined.subarray(0, chunkSize);
            const rest = joined.subarray(data.length);
            await tx.insert(storedFileChunks).values({ fileId: row!.id, n, data: Buffer.from(data) });
            n += 1;
            pending = rest.length ? [rest] : [];
            pendingBytes = rest.length;
          }
        };
        for await (const chunk of measure) {
          pending.push(chunk as Buffer);
          pendingBytes += (chunk as Buffer).length;
          await flush(false);
        }
        await flush(true);
        const [done] = await tx
          .update(storedFiles)
          .set({ size: measure.bytesSeen, sha256: measure.sha256() })
          .where(eq(storedFiles.id, row!.id))
          .returning();
        return describe(done!);
      });
    } catch (err) {
      source.unpipe(measure);
      measure.destroy();
      if (err instanceof Error && "code" in err && err.code === "file_too_large") throw err;
      throw new StorageWriteError(`Could not store ${key}: ${(err as Error).message}`, { cause: err });
    }
  }

  private async row(key: string): Promise<FileRow | null> {
    assertValidKey(key);
    const [row] = await this.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    return row ?? null;
  }

  async stat(key: string) {
    const row = await this.row(key);
    return row ? describe(row) : null;
  }

  async open(key: string) {
    const row = await this.row(key);
    if (!row) return null;
    return { info: describe(row), stream: this.chunks(row) };
  }

  /** A chunk through an ordinary query (the embedded database hands bytea over as bytes). */
  private async chunkByQuery(fileId: number, n: number): Promise<Buffer | null> {
    const [chunk] = await this.db
      .select({ data: storedFileChunks.data })
      .from(storedFileChunks)
      .where(and(eq(storedFileChunks.fileId, fileId), eq(storedFileChunks.n, n)));
    return chunk?.data ?? null;
  }

  /** The file's chunks in order, `readAhead` queries ahead of the reader. */
  private chunks(row: FileRow): Readable {
    const count = Math.ceil(row.size / chunkSize);
    const fetchChunk = async (n: number): Promise<Buffer> => {
      const data = this.pool
        ? await readChunkByCopy(this.pool, row.id, n)
        : await this.chunkByQuery(row.id, n);
      // The file was replaced or removed while being read.
      if (!data) throw new Error(`stored file ${row.key} changed while it was read`);
      return data;
    };
    const queue: Promise<Buffer>[] = [];
    let next = 0;
    const fill = () => {
      while (queue.length < readAhead && next < count) {
        const p = fetchChunk(next);
        p.catch(() => {}); // handled when its turn comes
        queue.push(p);
        next += 1;
      }
    };
    return new Readable({
      highWaterMark: chunkSize,
      read() {
        fill();
        const head = queue.shift();
        if (!head) {
          this.push(null);
          return;
        }
        head.then(
          (data) => {
            fill();
            this.push(data);
          },
          (err: Error) => this.destroy(err),
        );
      },
    });
  }

  async delete(key: string) {
    assertValidKey(key);
    await this.db.delete(storedFiles).where(eq(storedFiles.key, key));
  }

  async *list(prefix = ""): AsyncIterable<StoredFile> {
    assertValidPrefix(prefix);
    let after: string | null = null;
    for (;;) {
      const rows: FileRow[] = await this.db
        .select()
        .from(storedFiles)
        .where(
          and(
            prefix ? like(storedFiles.key, `${escapeLike(prefix)}%`) : undefined,
            after === null ? undefined : gt(storedFiles.key, after),
          ),
        )
        .orderBy(asc(storedFiles.key))
        .limit(500);
      for (const row of rows) yield describe(row);
      if (rows.length < 500) return;
      after = rows[rows.length - 1]!.key;
    }
  }
}
