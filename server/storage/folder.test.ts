import { createWriteStream } from "node:fs";
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readAll, sha, storageContract } from "./contract.js";
import { FolderStorage } from "./folder.js";

/** Every name below `dir`, hidden ones included, with `/` between folders. */
async function allNames(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

/** A write stream that takes 1 MB and then fails as a full disk does (ENOSPC). */
const fullDisk = ((file: string, opts: object) => {
  const real = createWriteStream(file, opts as never);
  let written = 0;
  return new Writable({
    write(chunk: Buffer, _enc, done) {
      written += chunk.length;
      if (written > 1024 * 1024) {
        real.destroy();
        done(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
        return;
      }
      real.write(chunk, done);
    },
    final(done) {
      real.end(done);
    },
  });
}) as unknown as typeof createWriteStream;

storageContract("folder", async () => {
  const root = await mkdtemp(path.join(tmpdir(), "aula-storage-"));
  return {
    storage: new FolderStorage(root),
    failing: async () => ({
      storage: new FolderStorage(root, { createWriteStream: fullDisk }),
      restore: async () => {},
    }),
    // Temporary files, and anything outside the keys this storage lists (side files excepted).
    leftovers: async () => {
      const names = await allNames(root);
      const parent = await readdir(path.dirname(root));
      const escaped = parent.filter((n) => n === "escape.txt");
      return [...names.filter((n) => n.endsWith(".tmp")), ...escaped];
    },
    close: () => rm(root, { recursive: true, force: true }),
  };
});

describe("folder storage on disk", () => {
  it("finds pictures written before it existed under profile-pictures/<file>, with their checksum", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "aula-storage-"));
    try {
      const { mkdir } = await import("node:fs/promises");
      await mkdir(path.join(root, "profile-pictures"), { recursive: true });
      const data = Buffer.from("RIFF....WEBPold picture");
      await writeFile(path.join(root, "profile-pictures", "7-0123456789abcdef.webp"), data);
      const storage = new FolderStorage(root);
      const opened = await storage.open("profile-pictures/7-0123456789abcdef.webp");
      expect(opened?.info).toMatchObject({ contentType: "image/webp", size: data.length, sha256: sha(data) });
      expect(sha(await readAll(opened!.stream))).toBe(sha(data));
      const listed = [];
      for await (const file of storage.list("profile-pictures/")) listed.push(file.key);
      expect(listed).toEqual(["profile-pictures/7-0123456789abcdef.webp"]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("writes private files (0600) in private folders (0700)", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "aula-storage-"));
    try {
      const storage = new FolderStorage(root);
      await storage.put("docs/a/file.pdf", Buffer.from("%PDF"), { contentType: "application/pdf" });
      expect((await stat(path.join(root, "docs", "a", "file.pdf"))).mode & 0o777).toBe(0o600);
      expect((await stat(path.join(root, "docs", "a"))).mode & 0o777).toBe(0o700);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
