import { randomBytes } from "node:crypto";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

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

const folder = (storageDir: string) => path.join(storageDir, "profile-pictures");

/** Writes a re-encoded picture (WebP) for a user and answers its stored file name (`<user>-<random>.webp`). */
export async function storePicture(storageDir: string, userId: number, webp: Buffer) {
  const dir = folder(storageDir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const fileName = `${userId}-${randomBytes(8).toString("hex")}.webp`;
  await writeFile(path.join(dir, fileName), webp, { mode: 0o600 });
  return fileName;
}

/** Absolute path of a stored picture; only a bare file name is accepted (no path tricks). */
export function picturePath(storageDir: string, fileName: string): string {
  return path.join(folder(storageDir), path.basename(fileName));
}

export async function hasPictureFile(storageDir: string, fileName: string): Promise<boolean> {
  return stat(picturePath(storageDir, fileName)).then(
    (s) => s.isFile(),
    () => false,
  );
}

export async function deletePicture(storageDir: string, fileName: string | null): Promise<void> {
  if (fileName) await rm(picturePath(storageDir, fileName), { force: true });
}
