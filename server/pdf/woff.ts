import { inflateSync } from "node:zlib";

/**
 * The TrueType/OpenType font inside a WOFF 1.0 file (W3C WOFF, §4–5): each table inflated with zlib
 * and laid out as a plain sfnt. Done once at start-up, because fontkit re-inflates a WOFF's glyph table
 * in JavaScript for every glyph it embeds (~250 ms per certificate); from the sfnt it only slices.
 */
export function sfntFromWoff(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("not a WOFF 1.0 font");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compLength = woff.readUInt32BE(entry + 8);
    const origLength = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    if (data.length !== origLength) throw new Error("WOFF table of the wrong length");
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data };
  });
  // The sfnt header's binary-search fields (OpenType "Table directory").
  const power = 2 ** Math.floor(Math.log2(numTables));
  const headerLength = 12 + 16 * numTables;
  const padded = (n: number) => (n + 3) & ~3;
  const total = tables.reduce((sum, t) => sum + padded(t.data.length), headerLength);
  const sfnt = Buffer.alloc(total);
  sfnt.writeUInt32BE(flavor, 0);
  sfnt.writeUInt16BE(numTables, 4);
  sfnt.writeUInt16BE(power * 16, 6);
  sfnt.writeUInt16BE(Math.log2(power), 8);
  sfnt.writeUInt16BE(numTables * 16 - power * 16, 10);
  let at = headerLength;
  tables.forEach((t, i) => {
    const record = 12 + i * 16;
    sfnt.writeUInt32BE(t.tag, record);
    sfnt.writeUInt32BE(t.checksum, record + 4);
    sfnt.writeUInt32BE(at, record + 8);
    sfnt.writeUInt32BE(t.data.length, record + 12);
    t.data.copy(sfnt, at);
    at += padded(t.data.length);
  });
  return sfnt;
}
