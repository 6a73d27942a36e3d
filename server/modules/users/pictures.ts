import { randomBytes } from "node:crypto";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";

/** Image types accepted for profile pictures, told apart by their first bytes (not the sent type). */
const signatures = [
  { ext: "jpg", mime: "image/jpeg", test: (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    ext: "png",
    mime: "image/png",
    test: (b: Buffer) =>
      b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    ext: "webp",
    mime: "image/webp",
    test: (b: Buffer) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
] as const;

export type ImageKind = (typeof signatures)[number];

export function detectImage(data: Buffer): ImageKind | null {
  return signatures.find((s) => s.test(data)) ?? null;
}

export function mimeOfPicture(fileName: string): string {
  const ext = path.extname(fileName).slice(1).toLowerCase();
  return signatures.find((s) => s.ext === ext)?.mime ?? "application/octet-stream";
}

const folder = (storageDir: string) => path.join(storageDir, "profile-pictures");

/** Writes a picture for a user and answers its stored file name (`<user>-<random>.<ext>`). */
export async function storePicture(storageDir: string, userId: number, data: Buffer, kind: ImageKind) {
  const dir = folder(storageDir);
  await mkdir(dir, { recursive: true });
  const fileName = `${userId}-${randomBytes(8).toString("hex")}.${kind.ext}`;
  await writeFile(path.join(dir, fileName), data);
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
