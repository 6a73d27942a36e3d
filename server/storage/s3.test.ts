import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListMultipartUploadsCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../common/roles.js";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { createUserWithToken } from "../test/auth.js";
import { createTestContext } from "../test/context.js";
import { storageContract } from "./contract.js";
import { S3Storage } from "./s3.js";
import { parseStorageUrl } from "./url.js";

/** A fake S3 server in this process, on a temporary folder and a free port. */
async function startS3() {
  const directory = await mkdtemp(path.join(tmpdir(), "aula-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: "aula-files", configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  return {
    url: `s3://S3RVER:S3RVER@aula-files/school/files?endpoint=http://127.0.0.1:${address.port}&region=us-east-1&forcePathStyle=1`,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

storageContract("s3", async () => {
  const s3 = await startS3();
  const location = parseStorageUrl(s3.url);
  const storage = new S3Storage(location);
  return {
    storage,
    // The store refuses a whole small file, and a large one after its first part (a full bucket, a dropped link).
    failing: async () => {
      const broken = new S3Storage(location);
      let parts = 0;
      broken.client.middlewareStack.add(
        (next, context) => async (args) => {
          const name = context.commandName;
          if (name === "PutObjectCommand" || (name === "UploadPartCommand" && ++parts > 1))
            throw Object.assign(new Error("EntityTooLarge: the store is full"), { name: "EntityTooLarge" });
          return next(args);
        },
        { step: "initialize", name: "failSecondPart" },
      );
      return { storage: broken, restore: async () => broken.close() };
    },
    // Objects the storage does not list (uploads in progress) and multipart uploads left open.
    leftovers: async () => {
      const objects = await storage.client.send(
        new ListObjectsV2Command({ Bucket: location.bucket, Prefix: `${location.prefix}.incoming/` }),
      );
      const uploads = await storage.client
        .send(new ListMultipartUploadsCommand({ Bucket: location.bucket }))
        .then(
          (r) => r.Uploads ?? [],
          () => [],
        );
      return [
        ...(objects.Contents ?? []).map((o) => `object ${o.Key}`),
        ...uploads.map((u) => `upload ${u.Key}`),
      ];
    },
    close: async () => {
      await storage.close();
      await s3.close();
    },
  };
});

describe("STORAGE_URL", () => {
  it("reads bucket, prefix, endpoint, region, path style and credentials", () => {
    expect(
      parseStorageUrl(
        "s3://key:se%2Fcret@my-bucket/a/b?endpoint=https://s3.example.org&region=eu-west-1&forcePathStyle=1",
      ),
    ).toEqual({
      bucket: "my-bucket",
      prefix: "a/b/",
      endpoint: "https://s3.example.org",
      region: "eu-west-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "key", secretAccessKey: "se/cret" },
    });
    expect(parseStorageUrl("s3://my-bucket")).toMatchObject({
      prefix: "",
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it("refuses a bad address at start-up, in Spanish and English", () => {
    const env = { NODE_ENV: "test" as const, JWT_SECRET: "x".repeat(40), DATA_DIR: tmpdir() };
    for (const bad of [
      "http://bucket/x",
      "s3://B_ad/x",
      "s3://bucket/x?endpoint=ftp://x",
      "s3://bucket?color=blue",
      "s3://user@bucket",
    ])
      expect(() => loadConfig({ ...env, STORAGE_URL: bad }), bad).toThrow(
        /STORAGE_URL: .*\(.*\).*formato\/format: s3:\/\//,
      );
    expect(loadConfig({ ...env, STORAGE_URL: "s3://bucket/files?region=eu-west-1" }).storageUrl).toBe(
      "s3://bucket/files?region=eu-west-1",
    );
  });
});

describe("s3 storage", () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it("stores and serves profile pictures through the API (the access check first)", async () => {
    const ctx = await createTestContext();
    const storage = new S3Storage(parseStorageUrl(s3.url));
    const app = await buildApp({ config: ctx.config, db: ctx.db, storage });
    try {
      const me = await createUserWithToken(ctx, Role.student);
      const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: "#c0306c" } })
        .png()
        .toBuffer();
      const boundary = "----aulas3test";
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="profile_picture"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const url = `/api/users/${me.user.id}/profile-picture`;
      const up = await app.inject({
        method: "POST",
        url,
        payload,
        headers: { ...me.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
      });
      expect(up.statusCode).toBe(200);
      const keys: string[] = [];
      for await (const file of storage.list("profile-pictures/")) keys.push(file.key);
      expect(keys).toHaveLength(1);
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(401);
      const seen = await app.inject({ method: "GET", url, headers: me.headers });
      expect(seen.statusCode).toBe(200);
      expect(seen.headers["content-type"]).toBe("image/webp");
      expect(await sharp(seen.rawPayload).metadata()).toMatchObject({
        format: "webp",
        width: 20,
        height: 10,
      });
    } finally {
      await app.close();
      await storage.close();
      await ctx.close();
    }
  });

  it("keeps every file below the address's prefix", async () => {
    const storage = new S3Storage(parseStorageUrl(s3.url));
    try {
      await storage.put("profile-pictures/1-a.webp", Buffer.from("x"), { contentType: "image/webp" });
      const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: "aula-files" }));
      const keys = (objects.Contents ?? []).map((o) => o.Key ?? "");
      expect(keys).toContain("school/files/profile-pictures/1-a.webp");
      expect(keys.filter((k) => !k.startsWith("school/files/profile-pictures/"))).toEqual([]);
    } finally {
      await storage.close();
    }
  });
});
