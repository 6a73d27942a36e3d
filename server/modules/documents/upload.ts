import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { MultipartFile } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  DOCUMENT_COVER_MAX_BYTES,
  DOCUMENT_FILE_MAX_BYTES,
  documentFileKinds,
  documentFormFields,
} from "../../../common/schemas/documents.js";
import { validationMessage } from "../../../common/validation/messages.js";
import { AppError } from "../../http/errors.js";
import { validationError } from "../../http/validation.js";
import { type FileStorage, StorageWriteError } from "../../storage/types.js";
import { reencodePicture } from "../users/pictures.js";
import { detectFileKind, SAMPLE_BYTES } from "./file-kind.js";

/** Stored library files live under this prefix; their covers under `documents/covers/`. */
export const documentFilePrefix = "documents/files/";
export const documentCoverPrefix = "documents/covers/";

/** What a multipart document form brought: its text fields and the files already stored (keys). */
export type DocumentUploads = { file: string | null; cover: string | null };

/** The part of a request body beyond the two files (text fields, multipart framing). */
const FORM_SLACK_BYTES = 1024 * 1024;
/** A request announcing more than this cannot be a valid form: refused before a byte is read. */
export const DOCUMENT_REQUEST_MAX_BYTES =
  DOCUMENT_FILE_MAX_BYTES + DOCUMENT_COVER_MAX_BYTES + FORM_SLACK_BYTES;

const megabytes = (bytes: number) => bytes / 1024 / 1024;

export const tooLargeRequest = () =>
  new AppError(
    413,
    "payload_too_large",
    `La solicitud es demasiado grande: el archivo admite hasta ${megabytes(DOCUMENT_FILE_MAX_BYTES)} MB y la portada hasta ${megabytes(DOCUMENT_COVER_MAX_BYTES)} MB.`,
  );

const fileTooLarge = () => [
  validationMessage("max", "file", { kind: "file", max: DOCUMENT_FILE_MAX_BYTES / 1024 }),
];
const coverTooLarge = () => [
  validationMessage("max", "cover_picture", { kind: "file", max: DOCUMENT_COVER_MAX_BYTES / 1024 }),
];

/** Reads a part's stream to its end, discarding it (so the rest of the form can be read). */
async function drain(iterator: AsyncIterator<Buffer>) {
  while (!(await iterator.next()).done) {}
}

/**
 * Streams the `file` part into the storage once its first bytes say it is a kind the library takes. The
 * stored file is whole or absent: a body past the limit (busboy cuts it) is deleted and reported.
 */
async function storeFilePart(
  storage: FileStorage,
  part: MultipartFile,
): Promise<{ key: string } | { error: string[] }> {
  const iterator = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SAMPLE_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  const sample = Buffer.concat(head);
  if (sample.length === 0) return { error: [validationMessage("required", "file")] };
  const kind = await detectFileKind(sample, part.filename ?? "", ended);
  if (!kind) {
    if (!ended) await drain(iterator);
    if (part.file.truncated) return { error: fileTooLarge() };
    return {
      error: [validationMessage("mimes", "file", { values: documentFileKinds.join(", ") })],
    };
  }
  const body = Readable.from(
    (async function* () {
      yield sample;
      if (ended) return;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    })(),
  );
  const key = `${documentFilePrefix}${randomBytes(12).toString("hex")}.${kind.extension}`;
  try {
    await storage.put(key, body, { contentType: kind.contentType, maxBytes: DOCUMENT_FILE_MAX_BYTES });
  } catch (error) {
    await drain(iterator).catch(() => undefined);
    await storage.delete(key).catch(() => undefined);
    if (part.file.truncated || (error as { code?: string }).code === "file_too_large")
      return { error: fileTooLarge() };
    // The upload itself broke (a form cut short): its own error, which the error handler answers as a 400.
    if (error instanceof StorageWriteError && error.cause instanceof Error) throw error.cause;
    throw error;
  }
  if (part.file.truncated) {
    await storage.delete(key);
    return { error: fileTooLarge() };
  }
  return { key };
}

/** Reads the cover into memory (at most its limit), re-encodes it as a WebP thumbnail and stores it. */
async function storeCoverPart(
  storage: FileStorage,
  part: MultipartFile,
): Promise<{ key: string } | { error: string[] } | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= DOCUMENT_COVER_MAX_BYTES) chunks.push(chunk);
  }
  if (size === 0) return null;
  if (size > DOCUMENT_COVER_MAX_BYTES || part.file.truncated) return { error: coverTooLarge() };
  const webp = await reencodePicture(Buffer.concat(chunks));
  if (!webp) return { error: [validationMessage("mimes", "cover_picture", { values: "jpeg, png, webp" })] };
  const key = `${documentCoverPrefix}${randomBytes(12).toString("hex")}.webp`;
  await storage.put(key, webp, { contentType: "image/webp" });
  return { key };
}

/** Deletes the files of a form that will not be saved. */
export async function discardUploads(storage: FileStorage, uploads: DocumentUploads | undefined) {
  for (const key of [uploads?.file, uploads?.cover])
    if (key) await storage.delete(key).catch(() => undefined);
}

/**
 * Reads a multipart document form (spec.md §7): the text fields become the body the route's schema
 * validates; `file` is streamed into the storage (its kind checked by content, at most 50 MB) and
 * `cover_picture` re-encoded as a WebP thumbnail. Any refusal is a 422 with every field's Spanish message,
 * and leaves nothing stored. A request announcing more than both limits is a 413 before anything is read.
 * `parse` validates the text fields before the answer, so a form refused there keeps no file either.
 */
export async function readDocumentForm(
  app: FastifyInstance,
  request: FastifyRequest,
  opts: { requireFile: boolean; parse: (body: Record<string, string>) => void },
): Promise<DocumentUploads | null> {
  if (!request.isMultipart()) return null;
  const announced = Number(request.headers["content-length"]);
  if (Number.isFinite(announced) && announced > DOCUMENT_REQUEST_MAX_BYTES) throw tooLargeRequest();
  const body: Record<string, string> = {};
  const errors: Record<string, string[]> = {};
  const uploads: DocumentUploads = { file: null, cover: null };
  try {
    // A file past the limit is cut and reported by `storeFilePart` (read on to the end of the form), not
    // thrown mid-form (the option is read by @fastify/multipart but missing from its types).
    const parts = request.parts({
      limits: { fileSize: DOCUMENT_FILE_MAX_BYTES, files: 2, fields: 20, parts: 22 },
      throwFileSizeLimit: false,
    } as Parameters<typeof request.parts>[0]);
    for await (const part of parts) {
      if (part.type === "file") {
        const result =
          part.fieldname === "file" && !uploads.file && !errors.file
            ? await storeFilePart(app.storage, part)
            : part.fieldname === "cover_picture" && !uploads.cover && !errors.cover_picture
              ? await storeCoverPart(app.storage, part)
              : undefined;
        if (result === undefined) {
          await drain(part.file[Symbol.asyncIterator]());
          errors[part.fieldname || "file"] = [validationMessage("prohibited", part.fieldname || "file")];
        } else if (result && "error" in result) errors[part.fieldname] = result.error;
        else if (result && part.fieldname === "file") uploads.file = result.key;
        else if (result) uploads.cover = result.key;
      } else if (documentFormFields.includes(part.fieldname)) body[part.fieldname] = String(part.value);
      else errors[part.fieldname] = [validationMessage("prohibited", part.fieldname)];
    }
    if (opts.requireFile && !uploads.file && !errors.file)
      errors.file = [validationMessage("required", "file")];
    try {
      opts.parse(body);
    } catch (error) {
      if (!(error instanceof AppError && error.errors)) throw error;
      for (const [field, messages] of Object.entries(error.errors)) errors[field] ??= messages;
    }
    if (Object.keys(errors).length > 0) throw validationError(errors);
  } catch (error) {
    await discardUploads(app.storage, uploads);
    if (error instanceof app.multipartErrors.FilesLimitError) throw tooLargeRequest();
    // A form cut short inside a file (busboy's own words): the same 400 as any malformed form.
    if (error instanceof Error && /terminated early|^Unexpected end of/.test(error.message))
      throw new AppError(400, "invalid_multipart_body");
    throw error;
  }
  request.body = body;
  return uploads;
}
