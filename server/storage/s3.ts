import { createHash, randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { assertValidKey, assertValidPrefix, contentTypeOfKey, MeasuringStream, toReadable } from "./keys.js";
import { type FileStorage, StorageWriteError, type StoredFile } from "./types.js";
import type { S3Location } from "./url.js";

const isNotFound = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
};

/** Where uploads wait (below the prefix) until they are whole and checked; never listed. */
const incoming = ".incoming/";

/**
 * Files in an S3-compatible object store. An upload streams (multipart, 5 MB parts, two at a time) to a
 * hidden key and is copied to its own key, with its checksum, only once whole and checked: a failed or
 * aborted upload is aborted on the store and the previous file stays. Downloads stream from the store.
 */
export class S3Storage implements FileStorage {
  readonly kind = "s3" as const;
  readonly client: S3Client;
  constructor(readonly location: S3Location) {
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      credentials: location.credentials,
      // Checksums of requests and answers (CRC32) as old S3-compatible stores understand them.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private objectKey(key: string) {
    assertValidKey(key);
    return this.location.prefix + key;
  }

  async put(key: string, body: Readable | Buffer, opts: { contentType: string; maxBytes?: number }) {
    const target = this.objectKey(key);
    const temp = `${this.location.prefix}${incoming}${randomBytes(12).toString("hex")}`;
    const measure = new MeasuringStream(opts.maxBytes);
    const source = toReadable(body);
    const feeding = pipeline(source, measure).catch((err: unknown) => err);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.location.bucket, Key: temp, Body: measure, ContentType: opts.contentType },
      queueSize: 2,
      partSize: 5 * 1024 * 1024,
      leavePartsOnError: false,
    });
    let uploaded = false;
    try {
      const [, failure] = await Promise.all([
        upload.done().then(() => {
          uploaded = true;
        }),
        feeding,
      ]);
      if (failure) throw failure;
      const sha256 = measure.sha256();
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.location.bucket,
          Key: target,
          CopySource: `${this.location.bucket}/${encodeURIComponent(temp).replaceAll("%2F", "/")}`,
          MetadataDirective: "REPLACE",
          ContentType: opts.contentType,
          Metadata: { sha256 },
        }),
      );
    } catch (err) {
      // The store drops the parts of an unfinished multipart upload (leavePartsOnError: false).
      await upload.abort().catch(() => {});
      const failure = (await feeding) ?? err;
      if (failure instanceof Error && "code" in failure && failure.code === "file_too_large") throw failure;
      throw new StorageWriteError(`Could not store ${key}: ${(err as Error).message}`, { cause: err });
    } finally {
      if (uploaded)
        await this.client
          .send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: temp }))
          .catch(() => {});
    }
    const info = await this.stat(key);
    if (!info) throw new StorageWriteError(`Could not store ${key}: not found after upload`);
    return info;
  }

  /** The checksum of an object stored without one (put there by other means), by reading it. */
  private async hashOf(objectKey: string): Promise<string> {
    const got = await this.client.send(
      new GetObjectCommand({ Bucket: this.location.bucket, Key: objectKey }),
    );
    const hash = createHash("sha256");
    await pipeline(got.Body as Readable, hash);
    return hash.digest("hex");
  }

  async stat(key: string): Promise<StoredFile | null> {
    const objectKey = this.objectKey(key);
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.location.bucket, Key: objectKey }),
      );
      return {
        key,
        size: Number(head.ContentLength ?? 0),
        contentType: head.ContentType ?? contentTypeOfKey(key),
        sha256: head.Metadata?.sha256 ?? (await this.hashOf(objectKey)),
        createdAt: head.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async open(key: string) {
    const objectKey = this.objectKey(key);
    try {
      const got = await this.client.send(
        new GetObjectCommand({ Bucket: this.location.bucket, Key: objectKey }),
      );
      const stream = got.Body as Readable;
      const info: StoredFile = {
        key,
        size: Number(got.ContentLength ?? 0),
        contentType: got.ContentType ?? contentTypeOfKey(key),
        sha256: got.Metadata?.sha256 ?? "",
        createdAt: got.LastModified ?? new Date(0),
      };
      if (!info.sha256) {
        stream.destroy();
        info.sha256 = await this.hashOf(objectKey);
        const again = await this.client.send(
          new GetObjectCommand({ Bucket: this.location.bucket, Key: objectKey }),
        );
        return { info, stream: again.Body as Readable };
      }
      return { info, stream };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  async delete(key: string) {
    const objectKey = this.objectKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.location.bucket, Key: objectKey }));
  }

  async *list(prefix = ""): AsyncIterable<StoredFile> {
    assertValidPrefix(prefix);
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.location.bucket,
          Prefix: this.location.prefix + prefix,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) {
        const key = (object.Key ?? "").slice(this.location.prefix.length);
        try {
          assertValidKey(key);
        } catch {
          continue; // uploads in progress, objects this storage did not write
        }
        const info = await this.stat(key);
        if (info) yield info;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async close() {
    this.client.destroy();
  }
}
