import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { users } from "../db/schema/index.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext, type TestContext } from "../test/context.js";
import { orphanFileGraceMs, orphanFilesJobName, sweepOrphanFiles } from "./orphan-files.js";

/**
 * Files orphaned by a crash (stored, but their row never committed) and temporary files of interrupted
 * writes are removed once an hour old (issue 27); files that rows point at, and files outside the swept
 * folders, never are.
 */
let ctx: TestContext;
let userId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  userId = (await createUserWithToken(ctx, Role.admin)).user.id;
});
afterAll(() => ctx?.close());

const put = (key: string) => ctx.app.storage.put(key, Buffer.from(key), { contentType: "image/webp" });
const exists = async (key: string) => (await ctx.app.storage.stat(key)) !== null;

describe("the orphan files sweep", () => {
  it("removes files no row refers to and temporary files once an hour old, nothing else", async () => {
    const kept = [`profile-pictures/${userId}-propia.webp`, "documentos-externos/ajeno.pdf"];
    const orphans = [`profile-pictures/${userId}-huerfana.webp`, "notifications/1-huerfano.pdf"];
    await ctx.db
      .update(users)
      .set({ profilePicture: `${userId}-propia.webp` })
      .where(eq(users.id, userId));
    const written = await Promise.all([...kept, ...orphans].map(put));
    const newest = Math.max(...written.map((f) => f.createdAt.getTime()));
    // A write cut short by a crash, in the folder storage: its hidden temporary file.
    const temp =
      ctx.app.storage.kind === "folder"
        ? path.join(ctx.config.storageDir, "profile-pictures", `.${userId}-x.webp.0a1b2c.tmp`)
        : null;
    if (temp) {
      mkdirSync(path.dirname(temp), { recursive: true });
      writeFileSync(temp, "a medias");
    }

    // Within the hour: the row may still be on its way.
    const early = await sweepOrphanFiles({
      db: ctx.db,
      storage: ctx.app.storage,
      now: new Date(newest + orphanFileGraceMs - 60_000),
    });
    expect(early).toEqual({ orphans: [], temporary: 0 });
    for (const key of [...kept, ...orphans]) expect(await exists(key), key).toBe(true);

    // An hour later: the orphans and the temporary file go, the rest stays.
    const later = await sweepOrphanFiles({
      db: ctx.db,
      storage: ctx.app.storage,
      now: new Date(newest + orphanFileGraceMs + 60_000),
    });
    expect(later.orphans.sort()).toEqual([...orphans].sort());
    for (const key of orphans) expect(await exists(key), key).toBe(false);
    for (const key of kept) expect(await exists(key), key).toBe(true);
    if (temp) {
      expect(later.temporary).toBe(1);
      expect(existsSync(temp)).toBe(false);
    }
  });

  it("runs as a job of app.jobs, leaving files younger than an hour", async () => {
    const fresh = `notifications/${userId}-reciente.pdf`;
    await put(fresh);
    await ctx.app.jobs.runNow(orphanFilesJobName);
    expect(await exists(fresh)).toBe(true);
  });
});
