// The archive's bytes: a POSIX tar (ustar headers, pax records for long names and the files' details)
// compressed with gzip, written entry by entry with back-pressure. Written here rather than through
// tar-stream's packer so that the compression level can change between entries: rows and small files are
// compressed (level 6), while a big file that does not compress (photos, PDFs, anything already packed) is
// stored (level 0). Deflating incompressible bytes at level 6 cost 22 ms per MB and gained nothing: 11 s of
// CPU for the bench school's 500 MB, most of the backup. The output is an ordinary .tar.gz (a level change starts
// a new gzip member; readers take concatenated members as one stream), read by Node's gunzip, tar-stream, GNU
// tar and gzip alike.
import { once } from "node:events";
import type { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { createGzip, deflateRawSync, type Gzip, type ZlibOptions } from "node:zlib";

export type TarEntry = {
  name: string;
  size: number;
  /** Extra pax records (`aula.contentType`, …). */
  pax?: Record<string, string>;
  mtime?: Date;
};

const block = 512;
const compressedLevel = 6;
const storedLevel = 0;
/** Files at least this big are sampled to choose their level; smaller ones go with what comes before. */
const sampledFrom = 64 * 1024;
/** Bytes of a file's first piece deflated to tell whether it compresses (about 0.3 ms). */
const sampleBytes = 16 * 1024;
/** A sample that deflates to more than this share of its size is stored. */
const storeAbove = 0.9;

function octal(value: number, digits: number): string {
  const text = value.toString(8);
  return text.length > digits ? "7".repeat(digits) : text.padStart(digits, "0");
}

/** One 512-byte header, or null when the name does not fit ustar (then a pax record carries it). */
function ustarHeader(name: string, size: number, type: "0" | "x", mtime: Date): Buffer | null {
  if (Buffer.byteLength(name) !== name.length) return null; // not ASCII
  let base = name;
  let prefix = "";
  while (base.length > 100) {
    const slash = base.indexOf("/");
    if (slash === -1) return null;
    prefix += (prefix ? "/" : "") + base.slice(0, slash);
    base = base.slice(slash + 1);
  }
  if (prefix.length > 155) return null;
  const h = Buffer.alloc(block);
  h.write(base, 0, "ascii");
  h.write(`${octal(0o644, 6)} `, 100, "ascii");
  h.write(`${octal(0, 6)} `, 108, "ascii");
  h.write(`${octal(0, 6)} `, 116, "ascii");
  if (size.toString(8).length > 11) {
    // Base-256 for sizes of 8 GiB and more (GNU tar's and tar-stream's extension).
    h[124] = 0x80;
    let rest = size;
    for (let i = 135; i > 124; i--) {
      h[i] = rest % 256;
      rest = Math.floor(rest / 256);
    }
  } else h.write(`${octal(size, 11)} `, 124, "ascii");
  h.write(`${octal(Math.floor(mtime.getTime() / 1000), 11)} `, 136, "ascii");
  h.write(type, 156, "ascii");
  h.write("ustar\0", 257, "ascii");
  h.write("00", 263, "ascii");
  h.write(`${octal(0, 6)} `, 329, "ascii");
  h.write(`${octal(0, 6)} `, 337, "ascii");
  if (prefix) h.write(prefix, 345, "ascii");
  let sum = 8 * 32; // the checksum field itself counts as spaces
  for (let i = 0; i < block; i++) if (i < 148 || i >= 156) sum += h[i]!;
  h.write(`${octal(sum, 6)}\0 `, 148, "ascii");
  return h;
}

/** `"<length> <key>=<value>\n"`, the length counting itself. */
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  const length = Buffer.byteLength(body);
  let digits = String(length).length;
  if (length + digits >= 10 ** digits) digits++;
  return `${length + digits}${body}`;
}

const padding = (size: number) => Buffer.alloc((block - (size % block)) % block);

/** The bytes before an entry's contents: its header, preceded by a pax header when needed. */
export function entryHeader(entry: TarEntry): Buffer {
  const mtime = entry.mtime ?? new Date();
  const plain = entry.pax ? null : ustarHeader(entry.name, entry.size, "0", mtime);
  if (plain) return plain;
  let records = paxRecord("path", entry.name);
  for (const [key, value] of Object.entries(entry.pax ?? {})) records += paxRecord(key, value);
  const pax = Buffer.from(records);
  return Buffer.concat([
    ustarHeader("PaxHeader", pax.length, "x", mtime)!,
    pax,
    padding(pax.length),
    ustarHeader("PaxHeader", entry.size, "0", mtime)!,
  ]);
}

/** Whether `sample` is worth deflating (a quick level-1 pass over it saves at least 10 %). */
export function compresses(sample: Buffer): boolean {
  const piece = sample.subarray(0, sampleBytes);
  return deflateRawSync(piece, { level: 1 }).length <= piece.length * storeAbove;
}

/**
 * Writes a .tar.gz into `out`, one entry at a time; `finish()` ends it and waits for `out`. A change of level
 * starts a new gzip member: gzip readers (Node's gunzip, gzip, tar) read concatenated members as one stream.
 * (zlib's `params()` would change the level inside one member, but Node's binding leaves the level as it was.)
 */
export class TarGzipWriter {
  private member: Gzip | null = null;
  private memberEnded: Promise<void> = Promise.resolve();
  private level = -1;
  private failure: unknown;

  constructor(private readonly out: Writable) {
    out.on("error", (err) => this.fail(err));
    out.on("close", () => {
      if (!out.writableFinished) this.fail(new Error("archive output closed"));
    });
  }

  private fail(err: unknown) {
    this.failure ??= err;
    this.member?.destroy();
  }

  private check() {
    if (this.failure) throw this.failure;
  }

  /** Waits for `event` on `stream`, or for the output to fail. */
  private async wait(stream: Gzip, event: "drain" | "end"): Promise<void> {
    const ac = new AbortController();
    await Promise.race([
      once(stream, event, { signal: ac.signal }).catch(() => {}),
      once(stream, "close", { signal: ac.signal }).catch(() => {}),
      once(this.out, "close", { signal: ac.signal }).catch(() => {}),
    ]);
    ac.abort();
    this.check();
  }

  /** Ends the current member and waits until its last bytes have gone to `out`. */
  private async closeMember(): Promise<void> {
    const member = this.member;
    if (!member) return;
    this.member = null;
    member.end();
    await this.memberEnded;
    this.check();
  }

  private async setLevel(level: number): Promise<Gzip> {
    this.check();
    if (this.member && level === this.level) return this.member;
    await this.closeMember();
    // Room for a few of a file's pieces (the stream options reach zlib's Transform; its types omit them).
    const member = createGzip({
      level,
      chunkSize: 256 * 1024,
      ...({ writableHighWaterMark: 1024 * 1024 } as ZlibOptions),
    });
    member.on("error", (err) => this.fail(err));
    member.pipe(this.out, { end: false });
    this.memberEnded = this.wait(member, "end").catch(() => {});
    this.member = member;
    this.level = level;
    return member;
  }

  private async write(bytes: Buffer): Promise<void> {
    this.check();
    const member = this.member ?? (await this.setLevel(compressedLevel));
    if (bytes.length === 0 || member.write(bytes)) return;
    await this.wait(member, "drain");
  }

  /** An entry whose contents are in memory (rows, the header, the manifest): compressed. */
  async add(entry: Omit<TarEntry, "size">, contents: Buffer): Promise<void> {
    await this.setLevel(compressedLevel);
    await this.write(Buffer.concat([entryHeader({ ...entry, size: contents.length }), contents]));
    await this.write(padding(contents.length));
  }

  /**
   * An entry read from `body` (a stored file): exactly `entry.size` bytes, or it fails. A big file is
   * compressed only when its first piece compresses; a small one goes with what comes before it.
   */
  async addStream(entry: TarEntry, body: AsyncIterable<Buffer | Uint8Array>): Promise<void> {
    let seen = 0;
    let header: Buffer | null = entryHeader(entry);
    for await (const piece of body) {
      const bytes = Buffer.isBuffer(piece)
        ? piece
        : Buffer.from(piece.buffer, piece.byteOffset, piece.length);
      if (header) {
        if (entry.size >= sampledFrom) await this.setLevel(compresses(bytes) ? compressedLevel : storedLevel);
        await this.write(header);
        header = null;
      }
      seen += bytes.length;
      if (seen > entry.size) break;
      await this.write(bytes);
    }
    if (header) await this.write(header);
    if (seen !== entry.size) {
      throw new Error(`${entry.name}: ${seen} bytes read, ${entry.size} expected (changed while read)`);
    }
    await this.write(padding(entry.size));
  }

  /** Ends the archive (two empty blocks) and waits until `out` has everything. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(2 * block));
    await this.closeMember();
    this.out.end();
    await finished(this.out);
    this.check();
  }

  /** Stops at once (the caller failed): `out` is destroyed with the error. */
  abort(err: unknown) {
    this.fail(err);
    this.out.destroy(err as Error);
  }
}
