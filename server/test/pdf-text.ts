import { inflateSync } from "node:zlib";

/**
 * What a pdfkit document draws with its standard fonts, as one hex string: each content stream inflated
 * (pdfkit compresses them unless told not to) and its `<…>` text strings joined, so a kerning pair that
 * splits a word does not hide it. Search it with `pdfHex("texto")`.
 */
export function pdfDrawnHex(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const streams = [...raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)].map((m) => {
    const bytes = Buffer.from(m[1]!, "latin1");
    try {
      return inflateSync(bytes).toString("latin1");
    } catch {
      return m[1]!;
    }
  });
  return streams
    .flatMap((s) => [...s.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]!.toLowerCase()))
    .join("");
}

/** `text` as the standard fonts draw it (WinAnsi bytes in hex). */
export const pdfHex = (text: string) => Buffer.from(text, "latin1").toString("hex");
