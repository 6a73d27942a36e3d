import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { sfntFromWoff } from "./woff.js";

const require = createRequire(import.meta.url);
const fontDir = path.join(path.dirname(require.resolve("@fontsource/noto-serif/package.json")), "files");

/** The part of fontkit's font (pdfkit's font engine) the test compares. */
type FontkitFont = {
  type: string;
  postscriptName: string;
  numGlyphs: number;
  hasGlyphForCodePoint(code: number): boolean;
  glyphForCodePoint(code: number): { id: number; advanceWidth: number; path: { toSVG(): string } };
};

/** The font pdfkit opens from these bytes (the engine it embeds with). */
function open(bytes: Buffer): FontkitFont {
  const doc = new PDFDocument();
  doc.font(bytes);
  return (doc as unknown as { _font: { font: FontkitFont } })._font.font;
}

describe("sfntFromWoff", () => {
  for (const file of ["noto-serif-latin-400-normal.woff", "noto-serif-latin-700-normal.woff"]) {
    it(`unpacks ${file} into the same font, glyph for glyph`, () => {
      const woffBytes = readFileSync(path.join(fontDir, file));
      const woff = open(woffBytes);
      const sfnt = open(sfntFromWoff(woffBytes));
      expect(sfnt.type).toBe("TTF");
      expect(sfnt.postscriptName).toBe(woff.postscriptName);
      expect(sfnt.numGlyphs).toBe(woff.numGlyphs);
      for (const char of "AáéíóúñÑ¿¡ü€0") {
        const code = char.codePointAt(0) ?? 0;
        expect(sfnt.hasGlyphForCodePoint(code), char).toBe(true);
        const [a, b] = [woff.glyphForCodePoint(code), sfnt.glyphForCodePoint(code)];
        expect(b.id).toBe(a.id);
        expect(b.advanceWidth).toBe(a.advanceWidth);
        expect(b.path.toSVG()).toBe(a.path.toSVG());
      }
    });
  }

  it("refuses what is not a WOFF 1.0 font", () => {
    expect(() =>
      sfntFromWoff(Buffer.from("OTTO and more bytes than a header needs, surely forty-four")),
    ).toThrow("not a WOFF 1.0 font");
  });
});
