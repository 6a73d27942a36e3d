import { randomBytes } from "node:crypto";
import path from "node:path";
import sharp from "sharp";
import type { FileStorage } from "../../storage/types.js";

/** Image types accepted for profile pictures, told apart by their first bytes (not the sent type). */
const signatures = [
  {
    format: "jpeg",
    mime: "image/jpeg",
    test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  },
  {
    format: "png",
    mime: "image/png",
    test: (b: Buffer) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    format: "webp",
    mime: "image/webp",
    test: (b: Buffer) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
] as const;

export type ImageKind = (typeof signatures)[number];

export function detectImage(data: Buffer): ImageKind | null {
  return signatures.find((s) => s.test(data)) ?? null;
}

/** Longest side of a stored picture, in pixels: larger ones are scaled down. */
export const PICTURE_MAX_SIDE = 512;
/** Pictures with more pixels than this are refused before decoding (a small file can hold a huge image). */
const MAX_INPUT_PIXELS = 40_000_000;

/** Where a PNG's last chunk (IEND) ends, or null when its chunks do not add up. */
function pngEnd(data: Buffer): number | null {
  let offset = 8;
  while (offset + 12 <= data.length) {
    const length = data.readUInt32BE(offset);
    const type = data.toString("latin1", offset + 4, offset + 8);
    offset += 12 + length;
    if (type === "IEND") return offset;
  }
  return null;
}

/**
 * Whether bytes follow the end of the image: a file that is an image and something else (a PNG with an
 * HTML page after it, a "polyglot") is refused rather than cleaned. JPEG files are not checked: cameras
 * append their own data after the image, and re-encoding drops it anyway.
 */
function hasTrailingData(data: Buffer, kind: ImageKind): boolean {
  if (kind.format === "png") return pngEnd(data) !== data.length;
  if (kind.format === "webp") {
    const riffSize = data.length >= 8 ? data.readUInt32LE(4) : 0;
    const end = 8 + riffSize + (riffSize % 2);
    return end !== data.length;
  }
  return false;
}

/**
 * Decodes an uploaded picture and encodes it again as WebP, at most `PICTURE_MAX_SIDE` pixels a side and
 * turned upright, so nothing of the uploaded file is kept but its pixels (no metadata, no appended
 * bytes). Null when it is not a JPEG, PNG or WebP image that decodes as a whole.
 */
export async function reencodePicture(data: Buffer): Promise<Buffer | null> {
  const kind = detectImage(data);
  if (!kind || hasTrailingData(data, kind)) return null;
  try {
    const image = sharp(data, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS });
    const meta = await image.metadata();
    if (meta.format !== kind.format) return null;
    return await image
      .rotate()
      .resize({ width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

const mimeByExtension: Record<string, string> = {
  jpg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
};

export function mimeOfPicture(fileName: string): string {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return mimeByExtension[ext] ?? "application/octet-stream";
}

/** Files of profile pictures live under this prefix of the storage (on the data folder: uploads/profile-pictures). */
export const picturePrefix = "profile-pictures/";

/** The storage key of a stored picture's file name, or null for a name that is not one (no path tricks). */
export function pictureKey(fileName: string): string | null {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(fileName) ? `${picturePrefix}${fileName}` : null;
}

/**
 * Stores a re-encoded picture (WebP) for a user and answers its file name (`<user>-<random>.webp`).
 * Throws StorageWriteError when the storage cannot write it (nothing is left behind).
 */
export async function storePicture(storage: FileStorage, userId: number, webp: Buffer): Promise<string> {
  const fileName = `${userId}-${randomBytes(8).toString("hex")}.webp`;
  await storage.put(`${picturePrefix}${fileName}`, webp, { contentType: "image/webp" });
  return fileName;
}

/** A stored picture as a stream and its description, or null when it is not there. */
export async function openPicture(storage: FileStorage, fileName: string) {
  const key = pictureKey(fileName);
  return key ? storage.open(key) : null;
}

export async function deletePicture(storage: FileStorage, fileName: string | null): Promise<void> {
  const key = fileName ? pictureKey(fileName) : null;
  if (key) await storage.delete(key);
}
