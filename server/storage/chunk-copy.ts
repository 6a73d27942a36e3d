import type pg from "pg";
import { to as copyTo } from "pg-copy-streams";

/** `PGCOPY\n\377\r\n\0`: the first bytes of PostgreSQL's binary COPY format. */
const signature = Buffer.from("PGCOPY\n\xff\r\n\0", "latin1");

/**
 * The one bytea value of a binary COPY of a single-column, at-most-one-row query, or null when there was no
 * row. The value is a view into `copy` (no copy of the bytes).
 * Format: signature, int32 flags, int32 header-extension length and the extension, then per row an int16
 * field count and per field an int32 length (-1 for null) and the bytes; an int16 -1 ends the data.
 */
export function singleByteaOfBinaryCopy(copy: Buffer): Buffer | null {
  if (copy.length < signature.length + 8 || !copy.subarray(0, signature.length).equals(signature)) {
    throw new Error("not a binary COPY");
  }
  let at = signature.length + 4;
  at += 4 + copy.readUInt32BE(at);
  const fields = copy.readInt16BE(at);
  if (fields === -1) return null;
  if (fields !== 1) throw new Error(`binary COPY row with ${fields} fields, not 1`);
  const length = copy.readInt32BE(at + 2);
  if (length < 0) return null;
  const start = at + 6;
  if (start + length > copy.length) throw new Error("binary COPY cut short");
  return copy.subarray(start, start + length);
}

/**
 * One stored chunk's bytes from PostgreSQL, sent by the server as raw binary (COPY … TO STDOUT, binary
 * format): a query's bytea would come as hex text, twice its size, and be decoded into a third copy. The
 * connection goes back to the pool as soon as the chunk has arrived, whatever the reader's speed.
 */
export async function readChunkByCopy(pool: pg.Pool, fileId: number, n: number): Promise<Buffer | null> {
  if (!Number.isSafeInteger(fileId) || !Number.isSafeInteger(n)) throw new Error("bad chunk address");
  const client = await pool.connect();
  const parts: Buffer[] = [];
  try {
    const stream = client.query(
      copyTo(
        `copy (select data from stored_file_chunks where file_id = ${fileId} and n = ${n}) to stdout (format binary)`,
      ),
    );
    for await (const part of stream) parts.push(part as Buffer);
  } catch (err) {
    // A connection left mid-COPY cannot be reused.
    client.release(err as Error);
    throw err;
  }
  client.release();
  return singleByteaOfBinaryCopy(Buffer.concat(parts));
}

/**
 * The bytes of every bytea value of a binary COPY of a single-column query, one after the other, as the COPY
 * arrives (a whole file's chunks from one `COPY (select data … order by n)`: one query per file instead of one
 * per chunk). Values are passed on as views into the arriving pieces; a null value counts as empty.
 */
export async function* byteaValuesOfBinaryCopy(copy: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  let pending: Buffer = Buffer.alloc(0);
  /** Bytes of the current value still to come; -1 between values. */
  let remaining = -1;
  let headerDone = false;
  let ended = false;
  for await (const piece of copy) {
    pending = pending.length ? Buffer.concat([pending, piece]) : piece;
    for (;;) {
      if (ended) {
        if (pending.length) throw new Error("binary COPY: bytes after its end");
        break;
      }
      if (remaining > 0) {
        if (pending.length === 0) break;
        const take = Math.min(remaining, pending.length);
        yield pending.subarray(0, take);
        pending = pending.subarray(take);
        remaining -= take;
        if (remaining > 0) break;
        remaining = -1;
        continue;
      }
      if (!headerDone) {
        if (pending.length < signature.length + 8) break;
        if (!pending.subarray(0, signature.length).equals(signature)) throw new Error("not a binary COPY");
        const extension = pending.readUInt32BE(signature.length + 4);
        if (pending.length < signature.length + 8 + extension) break;
        pending = pending.subarray(signature.length + 8 + extension);
        headerDone = true;
        continue;
      }
      if (pending.length < 2) break;
      const fields = pending.readInt16BE(0);
      if (fields === -1) {
        pending = pending.subarray(2);
        ended = true;
        continue;
      }
      if (fields !== 1) throw new Error(`binary COPY row with ${fields} fields, not 1`);
      if (pending.length < 6) break;
      const length = pending.readInt32BE(2);
      pending = pending.subarray(6);
      remaining = Math.max(length, 0);
      if (remaining === 0) remaining = -1;
    }
  }
  if (!ended || remaining > 0) throw new Error("binary COPY cut short");
}
