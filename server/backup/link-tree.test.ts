import { randomBytes } from "node:crypto";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBackup } from "./service.js";
import { type LinkFile, linkTree } from "./sources.js";
import { fileSums, newSchool, onPostgres } from "./test-support.js";

/** The snapshot of the files folder, when STORAGE_DIR cannot share files with the data folder (issue 27). */
let dir: string;
let from: string;
let to: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "aula-link-tree-"));
  from = path.join(dir, "uploads");
  to = path.join(dir, "snapshot", "files");
  await mkdir(path.join(from, "profile-pictures"), { recursive: true });
  await writeFile(path.join(from, "profile-pictures", "1.webp"), "uno");
  await writeFile(path.join(from, "profile-pictures", "2.webp"), "dos");
  await writeFile(path.join(from, "documents.pdf"), "pdf");
  await writeFile(path.join(from, ".documents.pdf.abc.tmp"), "a medias");
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const failingWith =
  (code: string, calls: string[]): LinkFile =>
  async (existing) => {
    calls.push(existing);
    throw Object.assign(new Error(`${code}: cross-device link not permitted, link '${existing}'`), { code });
  };

async function contents(root: string) {
  const out: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(root, full)] = await readFile(full, "utf8");
  }
  return out;
}

const expected = {
  "documents.pdf": "pdf",
  [path.join("profile-pictures", "1.webp")]: "uno",
  [path.join("profile-pictures", "2.webp")]: "dos",
};

describe("linkTree", () => {
  it("hard-links the files on one file system (the same inode, no copy)", async () => {
    await linkTree(from, to);
    expect(await contents(to)).toEqual(expected);
    const [a, b] = await Promise.all([
      stat(path.join(from, "documents.pdf")),
      stat(path.join(to, "documents.pdf")),
    ]);
    expect(b.ino).toBe(a.ino);
  });

  it("copies the files when the link is refused across file systems (EXDEV), trying the link only once", async () => {
    const calls: string[] = [];
    await linkTree(from, to, failingWith("EXDEV", calls));
    expect(await contents(to)).toEqual(expected);
    expect(calls).toHaveLength(1);
    const [a, b] = await Promise.all([
      stat(path.join(from, "documents.pdf")),
      stat(path.join(to, "documents.pdf")),
    ]);
    expect(b.ino).not.toBe(a.ino);
    // The copy keeps the old contents when the live file is replaced, as a link does.
    await writeFile(path.join(from, "documents.pdf"), "nuevo");
    expect(await readFile(path.join(to, "documents.pdf"), "utf8")).toBe("pdf");
  });

  it("still fails on other errors (a full disk is not something a copy gets around)", async () => {
    await expect(linkTree(from, to, failingWith("ENOSPC", []))).rejects.toMatchObject({ code: "ENOSPC" });
  });
});

describe.skipIf(onPostgres)("a backup of the embedded database, STORAGE_DIR on another file system", () => {
  it("copies the files into its snapshot and archives every one of them", async () => {
    const school = await newSchool();
    try {
      await school.storage.put("profile-pictures/1-a.webp", randomBytes(3000), { contentType: "image/webp" });
      await school.storage.put("documents/files/guia.pdf", randomBytes(300 * 1024), {
        contentType: "application/pdf",
      });
      const sums = await fileSums(school.storage);
      const calls: string[] = [];
      const { manifest } = await createBackup({
        db: school.database.db,
        config: school.config,
        storage: school.storage,
        linkFile: failingWith("EXDEV", calls),
      });
      expect(calls).toHaveLength(1);
      expect(Object.fromEntries(manifest.files.map((f) => [f.key, f.sha256]))).toEqual(sums);
      expect(Object.keys(sums)).toHaveLength(2);
    } finally {
      await school.close();
    }
  }, 120_000);
});
