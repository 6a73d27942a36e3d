import { afterEach, describe, expect, it, vi } from "vitest";
import { CHUNK_TIMEOUT_ERROR, CHUNK_TIMEOUT_MS, withTimeout } from "./lazy";

afterEach(() => vi.useRealTimers());

describe("page code loading (spec.md §9)", () => {
  it("fails after 120 s without an answer", async () => {
    vi.useFakeTimers();
    const outcome = withTimeout(new Promise(() => {}), CHUNK_TIMEOUT_MS).catch((e: Error) => e.message);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe(CHUNK_TIMEOUT_ERROR);
  });

  it("passes a loaded module through", async () => {
    await expect(withTimeout(Promise.resolve("ok"), CHUNK_TIMEOUT_MS)).resolves.toBe("ok");
  });
});
