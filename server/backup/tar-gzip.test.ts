// The archive writer (tar-gzip.ts): what it writes is an ordinary .tar.gz that tar-stream (the restore's
// reader) reads back entry by entry, whatever the names, sizes and levels; a file whose size changed while it
// was read, or an output that fails, stops it with the error.
import { randomBytes } from "node:crypto";
import { PassThrough, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, gunzipSync } from "node:zlib";
import tar from "tar-stream";
import { describe, expect, it } from "vitest";
import { compresses, TarGzipWriter } from "./tar-gzip.js";

type Read = { name: string; body: Buffer; pax: Record<string, string> | null };

/** Writes with `fill` into memory; answers the archive's bytes. */
async function written(fill: (w: TarGzipWriter) => Promise<void>): Promise<Buffer> {
  const parts: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _enc, done) {
      parts.push(chunk);
      done();
    },
  });
  const w = new TarGzipWriter(out);
  await fill(w);
  await w.finish();
  return Buffer.concat(parts);
}

async function entriesOf(archive: Buffer): Promise<Read[]> {
  const extract = tar.extract();
  const input = new PassThrough();
  const done = pipeline(input, createGunzip(), extract);
  input.end(archive);
  const out: Read[] = [];
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const c of entry) parts.push(c as Buffer);
    out.push({
      name: entry.header.name,
      body: Buffer.concat(parts),
      pax: (entry.header.pax as Record<string, string> | undefined) ?? null,
    });
  }
  await done;
  return out;
}

async function* pieces(bytes: Buffer, size: number): AsyncIterable<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe("the archive writer", () => {
  it("writes entries tar-stream reads back: long, deep and accented names, pax records, every level", async () => {
    const random = randomBytes(300 * 1024);
    const text = Buffer.from("fila de la tabla; ".repeat(20_000));
    const deep = `files/${"carpeta/".repeat(20)}documento.pdf`;
    const long = `files/${"x".repeat(150)}.bin`;
    const archive = await written(async (w) => {
      await w.add({ name: "aula-backup.json" }, Buffer.from('{"a":1}'));
      await w.addStream(
        { name: "files/empty.txt", size: 0, pax: { "aula.contentType": "text/plain" } },
        pieces(Buffer.alloc(0), 1),
      );
      await w.addStream(
        {
          name: "files/big.bin",
          size: random.length,
          pax: { "aula.contentType": "application/octet-stream" },
        },
        pieces(random, 64 * 1024),
      );
      await w.addStream({ name: "files/text.txt", size: text.length }, pieces(text, 1000));
      await w.addStream({ name: deep, size: 3 }, pieces(Buffer.from("pdf"), 1));
      await w.addStream({ name: long, size: 1 }, pieces(Buffer.from("1"), 1));
      await w.addStream({ name: "files/año/niño.webp", size: 2 }, pieces(Buffer.from("ñ"), 1));
      await w.add({ name: "manifest.json" }, Buffer.from("{}"));
    });
    const read = await entriesOf(archive);
    expect(read.map((e) => e.name)).toEqual([
      "aula-backup.json",
      "files/empty.txt",
      "files/big.bin",
      "files/text.txt",
      deep,
      long,
      "files/año/niño.webp",
      "manifest.json",
    ]);
    expect(read[1]!.body.length).toBe(0);
    expect(read[1]!.pax?.["aula.contentType"]).toBe("text/plain");
    expect(read[2]!.body.equals(random)).toBe(true);
    expect(read[2]!.pax?.["aula.contentType"]).toBe("application/octet-stream");
    expect(read[3]!.body.equals(text)).toBe(true);
    expect(read[6]!.body.toString()).toBe("ñ");
    // Node's one-shot gunzip reads the members as one stream too.
    expect(gunzipSync(archive).length % 512).toBe(0);
    // The random file is stored (no bigger than itself plus headers), the text deflated.
    expect(archive.length).toBeLessThan(random.length + 64 * 1024);
  });

  it("tells what compresses from what does not", () => {
    expect(compresses(randomBytes(100 * 1024))).toBe(false);
    expect(compresses(Buffer.from('{"id":1,"name":"Ana"}\n'.repeat(5000)))).toBe(true);
  });

  it("refuses a file whose size is not the one announced (changed while read)", async () => {
    const short = written((w) => w.addStream({ name: "files/a", size: 10 }, pieces(Buffer.from("abc"), 1)));
    await expect(short).rejects.toThrow(/3 bytes read, 10 expected/);
    const long = written((w) => w.addStream({ name: "files/b", size: 2 }, pieces(Buffer.from("abcdef"), 1)));
    await expect(long).rejects.toThrow(/expected/);
  });

  it("stops with the output's error instead of waiting for room", async () => {
    const out = new Writable({
      highWaterMark: 1024,
      write(_chunk, _enc, done) {
        done(Object.assign(new Error("ENOSPC: no space left on device"), { code: "ENOSPC" }));
      },
    });
    out.on("error", () => {});
    const w = new TarGzipWriter(out);
    const big = randomBytes(4 * 1024 * 1024);
    await expect(
      w.addStream({ name: "files/big", size: big.length }, pieces(big, 64 * 1024)),
    ).rejects.toMatchObject({
      code: "ENOSPC",
    });
  });
});
