import { describe, expect, it } from "vitest";
import { byteaValuesOfBinaryCopy, singleByteaOfBinaryCopy } from "./chunk-copy.js";

const header = (extension = Buffer.alloc(0)) => {
  const fixed = Buffer.alloc(8);
  fixed.writeUInt32BE(extension.length, 4);
  return Buffer.concat([Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"), fixed, extension]);
};
const int16 = (v: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(v);
  return b;
};
const int32 = (v: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(v);
  return b;
};

describe("binary COPY of one bytea", () => {
  it("answers the row's bytes", () => {
    const data = Buffer.from([0, 1, 2, 255, 92, 120]);
    const copy = Buffer.concat([header(), int16(1), int32(data.length), data, int16(-1)]);
    expect(singleByteaOfBinaryCopy(copy)).toEqual(data);
  });

  it("skips a header extension", () => {
    const data = Buffer.from("abc");
    const copy = Buffer.concat([header(Buffer.from("xyz!")), int16(1), int32(3), data, int16(-1)]);
    expect(singleByteaOfBinaryCopy(copy)?.toString()).toBe("abc");
  });

  it("answers null when there was no row, or the value was null", () => {
    expect(singleByteaOfBinaryCopy(Buffer.concat([header(), int16(-1)]))).toBeNull();
    expect(singleByteaOfBinaryCopy(Buffer.concat([header(), int16(1), int32(-1), int16(-1)]))).toBeNull();
  });

  it("refuses what is not a binary COPY, a row of two fields and a cut answer", () => {
    expect(() => singleByteaOfBinaryCopy(Buffer.from("id\tdata\n1\t\\x00\n"))).toThrow(/not a binary COPY/);
    const two = Buffer.concat([header(), int16(2), int32(1), Buffer.from("a"), int32(1), Buffer.from("b")]);
    expect(() => singleByteaOfBinaryCopy(two)).toThrow(/2 fields/);
    const cut = Buffer.concat([header(), int16(1), int32(10), Buffer.from("abc")]);
    expect(() => singleByteaOfBinaryCopy(cut)).toThrow(/cut short/);
  });
});

/** The bytes `byteaValuesOfBinaryCopy` passes on when `copy` arrives in pieces of `size` bytes. */
async function valuesOf(copy: Buffer, size: number): Promise<Buffer> {
  async function* arriving() {
    for (let at = 0; at < copy.length; at += size) yield copy.subarray(at, at + size);
  }
  const out: Buffer[] = [];
  for await (const piece of byteaValuesOfBinaryCopy(arriving())) out.push(Buffer.from(piece));
  return Buffer.concat(out);
}

describe("binary COPY of a file's chunks, as it arrives", () => {
  const chunks = [
    Buffer.from("primer trozo "),
    Buffer.alloc(0),
    Buffer.from([0, 255, 13, 10]),
    Buffer.from("fin"),
  ];
  const copy = Buffer.concat([
    header(Buffer.from("ext")),
    ...chunks.flatMap((c) => [int16(1), int32(c.length), c]),
    int16(-1),
  ]);

  it("passes on every value's bytes in order, however the COPY is cut into pieces", async () => {
    for (const size of [1, 2, 3, 7, 19, copy.length]) {
      expect(await valuesOf(copy, size)).toEqual(Buffer.concat(chunks));
    }
  });

  it("refuses a cut answer, bytes after the end and rows of two fields", async () => {
    await expect(valuesOf(copy.subarray(0, copy.length - 3), 5)).rejects.toThrow(/cut short/);
    await expect(valuesOf(Buffer.concat([copy, Buffer.from("x")]), 5)).rejects.toThrow(/after its end/);
    const two = Buffer.concat([header(), int16(2), int32(1), Buffer.from("a"), int32(1), Buffer.from("b")]);
    await expect(valuesOf(two, 4)).rejects.toThrow(/2 fields/);
    await expect(valuesOf(Buffer.from("id\tdata\n1\t\\x00\n2\t\\x01\n"), 4)).rejects.toThrow(
      /not a binary COPY/,
    );
  });
});
