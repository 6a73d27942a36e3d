import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter.js";

describe("RateLimiter", () => {
  it("refuses a key at the limit until its window ends, without touching other keys", () => {
    let now = 1_000;
    const limiter = new RateLimiter({ max: 2, windowMs: 60_000, now: () => now });
    limiter.hit("a");
    expect(limiter.retryAfterMs("a")).toBe(0);
    limiter.hit("a");
    expect(limiter.retryAfterMs("a")).toBe(60_000);
    expect(limiter.retryAfterMs("b")).toBe(0);
    now += 30_000;
    expect(limiter.retryAfterMs("a")).toBe(30_000);
    now += 30_000;
    expect(limiter.retryAfterMs("a")).toBe(0);
    limiter.hit("a");
    expect(limiter.retryAfterMs("a")).toBe(0);
  });

  it("release gives a hit back and reset forgets the key", () => {
    const limiter = new RateLimiter({ max: 1, windowMs: 1000 });
    limiter.hit("k");
    expect(limiter.retryAfterMs("k")).toBeGreaterThan(0);
    limiter.release("k");
    expect(limiter.retryAfterMs("k")).toBe(0);
    limiter.hit("k");
    limiter.reset("k");
    expect(limiter.retryAfterMs("k")).toBe(0);
  });
});
