// The properties every FileStorage driver must have; each driver's test file runs them (not a test file itself).
import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileStorage, FileTooLargeError, InvalidKeyError, StorageWriteError } from "./types.js";

export type ContractSetup = {
  storage: FileStorage;
  /** A storage over the same place whose underlying writes fail part-way (a full disk, a refusing store). */
  failing(): Promise<{ storage: FileStorage; restore(): Promise<void> }>;
  /** Whatever an unfinished write could have left behind (temporary files, chunk rows, uploads), as names. */
  leftovers(): Promise<string[]>;
  close(): Promise<void>;
};

export const sha = (data: Buffer) => createHash("sha256").update(data).digest("hex");

export async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A body that arrives in small pieces, one per turn of the event loop, like a slow client. */
export function slowStream(data: Buffer, piece = 16 * 1024): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < data.length; i += piece) {
        await nextTurn();
        yield data.subarray(i, i + piece);
      }
    })(),
  );
}

/** A body that sends `bytes` of `data` and then fails, as an upload the client abandons half-way. */
export function abortedStream(data: Buffer, bytes: number): Readable {
  return Readable.from(
    (async function* () {
      for (let i = 0; i < bytes; i += 64 * 1024) {
        await nextTurn();
        yield data.subarray(i, Math.min(i + 64 * 1024, bytes));
      }
      throw Object.assign(new Error("aborted"), { code: "ECONNRESET" });
    })(),
  );
}

async function keysOf(storage: FileStorage, prefix?: string) {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys.sort();
}

export function storageContract(name: string, setup: () => Promise<ContractSetup>) {
  describe(`${name} storage`, () => {
    let ctx: ContractSetup;
    let storage: FileStorage;
    beforeAll(async () => {
      ctx = await setup();
      storage = ctx.storage;
    });
    afterAll(async () => {
      await ctx?.close();
    });

    it("gives back the same bytes, type and checksum", async () => {
      const data = randomBytes(300_000);
      const stored = await storage.put("round/trip.bin", data, { contentType: "application/pdf" });
      expect(stored).toMatchObject({ key: "round/trip.bin", size: data.length, sha256: sha(data) });
      expect(stored.contentType).toBe("application/pdf");
      expect(stored.createdAt).toBeInstanceOf(Date);
      const opened = await storage.open("round/trip.bin");
      expect(opened?.info).toMatchObject({
        size: data.length,
        sha256: sha(data),
        contentType: "application/pdf",
      });
      const back = await readAll(opened!.stream);
      expect(sha(back)).toBe(sha(data));
      expect(await storage.stat("round/trip.bin")).toMatchObject({ size: data.length, sha256: sha(data) });
    });

    it("keeps an empty file", async () => {
      const stored = await storage.put("round/empty.txt", Buffer.alloc(0), { contentType: "text/plain" });
      expect(stored).toMatchObject({ size: 0, sha256: sha(Buffer.alloc(0)) });
      const opened = await storage.open("round/empty.txt");
      expect((await readAll(opened!.stream)).length).toBe(0);
    });

    it("answers null for a file that is not there", async () => {
      expect(await storage.open("round/missing.bin")).toBeNull();
      expect(await storage.stat("round/missing.bin")).toBeNull();
    });

    it("replaces a file put again under the same key", async () => {
      await storage.put("replace/me.txt", Buffer.from("first"), { contentType: "text/plain" });
      const second = Buffer.from("second version");
      await storage.put("replace/me.txt", second, { contentType: "text/plain" });
      const opened = await storage.open("replace/me.txt");
      expect((await readAll(opened!.stream)).toString()).toBe("second version");
      expect(await keysOf(storage, "replace/")).toEqual(["replace/me.txt"]);
    });

    it("stores a body that arrives slowly, piece by piece", async () => {
      const data = randomBytes(1024 * 1024 + 123);
      const stored = await storage.put("slow/upload.bin", slowStream(data), {
        contentType: "application/octet-stream",
      });
      expect(stored.sha256).toBe(sha(data));
      const opened = await storage.open("slow/upload.bin");
      expect(sha(await readAll(opened!.stream))).toBe(sha(data));
    });

    // 10 MB through the embedded database: slow on a busy machine; the limit only catches a hang.
    it("reads a 10 MB file back in pieces, never whole", { timeout: 120_000 }, async () => {
      const data = randomBytes(10 * 1024 * 1024);
      await storage.put(
        "big/ten.bin",
        Readable.from([data.subarray(0, 5_000_000), data.subarray(5_000_000)]),
        {
          contentType: "application/octet-stream",
        },
      );
      const opened = await storage.open("big/ten.bin");
      const hash = createHash("sha256");
      let pieces = 0;
      let largest = 0;
      for await (const piece of opened!.stream) {
        pieces += 1;
        largest = Math.max(largest, (piece as Buffer).length);
        hash.update(piece as Buffer);
      }
      expect(hash.digest("hex")).toBe(sha(data));
      expect(pieces).toBeGreaterThanOrEqual(10);
      expect(largest).toBeLessThanOrEqual(1024 * 1024);
    });

    it("leaves nothing and keeps the previous file when the upload is abandoned half-way", async () => {
      const before = Buffer.from("the picture that was there");
      await storage.put("abort/file.bin", before, { contentType: "text/plain" });
      const data = randomBytes(2 * 1024 * 1024);
      await expect(
        storage.put("abort/file.bin", abortedStream(data, 1024 * 1024), { contentType: "text/plain" }),
      ).rejects.toBeInstanceOf(StorageWriteError);
      await expect(
        storage.put("abort/new.bin", abortedStream(data, 700_000), { contentType: "text/plain" }),
      ).rejects.toBeInstanceOf(StorageWriteError);
      const opened = await storage.open("abort/file.bin");
      expect((await readAll(opened!.stream)).toString()).toBe("the picture that was there");
      expect(await storage.stat("abort/new.bin")).toBeNull();
      expect(await keysOf(storage, "abort/")).toEqual(["abort/file.bin"]);
      expect(await ctx.leftovers()).toEqual([]);
    });

    it("refuses a body over the limit, leaving nothing and the previous file", async () => {
      await storage.put("limit/file.bin", Buffer.from("small"), { contentType: "text/plain" });
      await expect(
        storage.put("limit/file.bin", randomBytes(600_000), { contentType: "text/plain", maxBytes: 500_000 }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      await expect(
        storage.put("limit/other.bin", slowStream(randomBytes(600_000), 100_000), {
          contentType: "text/plain",
          maxBytes: 500_000,
        }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      // Exactly the limit is allowed.
      await storage.put("limit/exact.bin", randomBytes(1000), { contentType: "text/plain", maxBytes: 1000 });
      expect(await keysOf(storage, "limit/")).toEqual(["limit/exact.bin", "limit/file.bin"]);
      const opened = await storage.open("limit/file.bin");
      expect((await readAll(opened!.stream)).toString()).toBe("small");
      expect(await ctx.leftovers()).toEqual([]);
    });

    it("leaves nothing and keeps the previous file when the write itself fails (full disk)", async () => {
      await storage.put("full/file.bin", Buffer.from("kept"), { contentType: "text/plain" });
      const broken = await ctx.failing();
      try {
        await expect(
          broken.storage.put("full/file.bin", randomBytes(3 * 1024 * 1024), { contentType: "text/plain" }),
        ).rejects.toBeInstanceOf(StorageWriteError);
        await expect(
          broken.storage.put("full/new.bin", randomBytes(12 * 1024 * 1024), { contentType: "text/plain" }),
        ).rejects.toBeInstanceOf(StorageWriteError);
      } finally {
        await broken.restore();
      }
      const opened = await storage.open("full/file.bin");
      expect((await readAll(opened!.stream)).toString()).toBe("kept");
      expect(await keysOf(storage, "full/")).toEqual(["full/file.bin"]);
      expect(await ctx.leftovers()).toEqual([]);
    });

    it("refuses keys that could leave its place", async () => {
      const bad = [
        "../escape.txt",
        "a/../../escape.txt",
        "/etc/passwd",
        "a//b",
        ".hidden",
        "a/.meta",
        "a\\b",
        "",
        "a b",
        "ü.txt",
        "a/",
      ];
      for (const key of bad) {
        await expect(
          storage.put(key, Buffer.from("x"), { contentType: "text/plain" }),
          key,
        ).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.open(key), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.stat(key), key).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidKeyError);
      }
      await expect(keysOf(storage, "../")).rejects.toBeInstanceOf(InvalidKeyError);
      expect(await ctx.leftovers()).toEqual([]);
    });

    it("lists by prefix", async () => {
      for (const key of ["list/a/1.txt", "list/a/2.txt", "list/ab.txt", "list/b/1.txt"])
        await storage.put(key, Buffer.from(key), { contentType: "text/plain" });
      expect(await keysOf(storage, "list/a/")).toEqual(["list/a/1.txt", "list/a/2.txt"]);
      expect(await keysOf(storage, "list/a")).toEqual(["list/a/1.txt", "list/a/2.txt", "list/ab.txt"]);
      expect(await keysOf(storage, "list/")).toEqual([
        "list/a/1.txt",
        "list/a/2.txt",
        "list/ab.txt",
        "list/b/1.txt",
      ]);
      expect(await keysOf(storage, "nothing/")).toEqual([]);
      const all: { key: string; sha256: string; size: number }[] = [];
      for await (const file of storage.list()) all.push(file);
      expect(all.find((f) => f.key === "list/b/1.txt")).toMatchObject({
        sha256: sha(Buffer.from("list/b/1.txt")),
        size: "list/b/1.txt".length,
      });
    });

    it("deletes a file, and a missing one without error", async () => {
      await storage.put("gone/file.txt", Buffer.from("bye"), { contentType: "text/plain" });
      await storage.delete("gone/file.txt");
      expect(await storage.stat("gone/file.txt")).toBeNull();
      expect(await storage.open("gone/file.txt")).toBeNull();
      expect(await keysOf(storage, "gone/")).toEqual([]);
      await storage.delete("gone/file.txt");
      await storage.delete("never/was.txt");
    });
  });
}
