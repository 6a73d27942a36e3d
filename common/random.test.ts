import { describe, expect, it, vi } from "vitest";
import { randomAlphanumeric } from "./random.js";

describe("randomAlphanumeric", () => {
  it("gives 12 alphanumeric characters by default", () => {
    expect(randomAlphanumeric()).toMatch(/^[A-Za-z0-9]{12}$/);
  });

  it("honours the requested length", () => {
    expect(randomAlphanumeric(30)).toHaveLength(30);
    expect(randomAlphanumeric(0)).toBe("");
  });

  it("differs between calls", () => {
    const values = new Set(Array.from({ length: 50 }, () => randomAlphanumeric()));
    expect(values.size).toBe(50);
  });

  it("uses crypto.getRandomValues and skips biased bytes", () => {
    const spy = vi.spyOn(crypto, "getRandomValues").mockImplementationOnce((array) => {
      const bytes = array as Uint8Array;
      bytes.fill(255); // 255 >= 248 (largest multiple of 62 below 256) is rejected
      bytes[0] = 0;
      bytes[1] = 61;
      bytes[2] = 62;
      return array;
    });
    const value = randomAlphanumeric(3);
    expect(spy).toHaveBeenCalled();
    expect(value.slice(0, 3)).toBe("A9A");
    spy.mockRestore();
  });
});
