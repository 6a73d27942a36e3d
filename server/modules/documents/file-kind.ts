import { fileTypeFromBuffer } from "file-type";

/** A library file's kind, decided from its first bytes: the stored extension and the type it is served with. */
export type FileKind = { extension: string; contentType: string };

/** Bytes read from the start of an upload to tell its kind (Office files are zip archives: their first entries). */
export const SAMPLE_BYTES = 256 * 1024;

/** Types recognised by their content, with the extension they are stored under. */
const byDetectedType: Record<string, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/vnd.oasis.opendocument.text": "odt",
  "application/vnd.oasis.opendocument.spreadsheet": "ods",
  "application/vnd.oasis.opendocument.presentation": "odp",
  "application/rtf": "rtf",
  "application/epub+zip": "epub",
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "audio/mpeg": "mp3",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
  "audio/x-m4a": "m4a",
  "audio/mp4": "m4a",
  "video/mp4": "mp4",
  "video/webm": "webm",
};

/** Old Office files (one container format for all three): told apart by the name's extension. */
const legacyOffice: Record<string, string> = {
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
};

/** Text files carry no signature: accepted only under these names, as UTF-8 text without NUL bytes. */
const textKinds: Record<string, string> = {
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  md: "text/markdown; charset=utf-8",
};

const extensionOf = (fileName: string) => {
  const dot = fileName.lastIndexOf(".");
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : "";
};

/** UTF-8 text (the sample may end in the middle of a character), with no NUL byte and no `#!` first line. */
function isPlainText(sample: Buffer, complete: boolean): boolean {
  if (sample.length === 0 || sample.includes(0)) return false;
  if (sample.subarray(0, 2).toString("latin1") === "#!") return false;
  // A cut sample may end in the middle of a character: up to 3 bytes of it are left out.
  for (let cut = 0; cut <= (complete ? 0 : 3); cut++) {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(sample.subarray(0, sample.length - cut));
      return true;
    } catch {}
  }
  return false;
}

/**
 * The kind of an upload from its first bytes (`complete`: the sample is the whole file) and the name it
 * was sent with, or null when it is not one the library takes: executables (PE, ELF, Mach-O), scripts,
 * archives, SVG and HTML are refused whatever they are called.
 */
export async function detectFileKind(
  sample: Buffer,
  fileName: string,
  complete: boolean,
): Promise<FileKind | null> {
  const detected = await fileTypeFromBuffer(sample).catch(() => undefined);
  const extension = extensionOf(fileName);
  if (detected) {
    if (detected.mime === "application/x-cfb") {
      const type = legacyOffice[extension];
      return type ? { extension, contentType: type } : null;
    }
    const stored = byDetectedType[detected.mime];
    return stored ? { extension: stored, contentType: detected.mime } : null;
  }
  const textType = textKinds[extension];
  if (textType && isPlainText(sample, complete)) return { extension, contentType: textType };
  return null;
}
