import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../test/context.js";
import { readAll, sha } from "./contract.js";
import { CopyMismatchError, copyFiles } from "./copy.js";
import { DatabaseStorage } from "./database.js";
import { FolderStorage } from "./folder.js";
import type { FileStorage } from "./types.js";

describe("copying the data folder's files into the database (copy-to-postgres)", () => {
  let ctx: TestContext;
  let root: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    root = mkdtempSync(path.join(tmpdir(), "aula-copy-"));
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("copies every file with its checksum, and skips the ones already copied when run again", async () => {
    const files: Record<string, Buffer> = {
      "profile-pictures/1-aaaa.webp": randomBytes(40_000),
      "profile-pictures/2-bbbb.webp": randomBytes(700_000),
      "documents/2026/plan.pdf": randomBytes(10),
    };
    // As the server wrote them before this storage existed: plain files, no side files.
    for (const [key, data] of Object.entries(files)) {
      mkdirSync(path.join(root, path.dirname(key)), { recursive: true });
      writeFileSync(path.join(root, key), data);
    }
    const source = new FolderStorage(root);
    const target = new DatabaseStorage(ctx.db);
    const copied: string[] = [];
    const first = await copyFiles(source, target, { onFile: (key) => copied.push(key) });
    expect(first).toEqual({ copied: 3, skipped: 0, bytes: 740_010 });
    expect(copied.sort()).toEqual(Object.keys(files).sort());
    for (const [key, data] of Object.entries(files)) {
      const opened = await target.open(key);
      expect(opened?.info).toMatchObject({ sha256: sha(data), size: data.length });
      expect(sha(await readAll(opened!.stream))).toBe(sha(data));
    }
    expect((await target.stat("profile-pictures/1-aaaa.webp"))?.contentType).toBe("image/webp");
    expect(await copyFiles(source, target)).toEqual({ copied: 0, skipped: 3, bytes: 0 });
  });

  it("stops with a clear message when a copy does not read back the same", async () => {
    const source = new FolderStorage(root);
    const real = new DatabaseStorage(ctx.db);
    // A target that loses the last byte of what it keeps.
    const lossy: FileStorage = {
      kind: "database",
      put: async (key, body, opts) => {
        const data = await readAll(body as never);
        return real.put(key, data.subarray(0, Math.max(0, data.length - 1)), opts);
      },
      open: (key) => real.open(key),
      stat: async () => null,
      delete: (key) => real.delete(key),
      list: (prefix) => real.list(prefix),
    };
    await expect(copyFiles(source, lossy)).rejects.toBeInstanceOf(CopyMismatchError);
  });
});
