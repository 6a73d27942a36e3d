import { describe, expect, it } from "vitest";
import { createTestContext } from "../test/context.js";
import { createStorage } from "./index.js";

describe("createStorage", () => {
  it("keeps files in the data folder on the embedded database, in the database on PostgreSQL, in S3 when STORAGE_URL says", async () => {
    const ctx = await createTestContext();
    try {
      const config = { storageDir: ctx.config.storageDir };
      expect(createStorage({ config, db: ctx.db, kind: "pglite" }).kind).toBe("folder");
      expect(createStorage({ config, db: ctx.db, kind: "postgres" }).kind).toBe("database");
      const s3 = createStorage({
        config: { ...config, storageUrl: "s3://bucket/x" },
        db: ctx.db,
        kind: "postgres",
      });
      expect(s3.kind).toBe("s3");
      await s3.close?.();
      // The app picks by the database it runs on: several servers on one PostgreSQL see the same files.
      expect(ctx.app.storage.kind).toBe(process.env.TEST_DATABASE_URL ? "database" : "folder");
    } finally {
      await ctx.close();
    }
  });
});
