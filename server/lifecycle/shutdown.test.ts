import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleShutdown } from "./shutdown.js";

function setup(stop: () => Promise<void>, connected = false) {
  const emitter = Object.assign(new EventEmitter(), { connected });
  const exits: number[] = [];
  const logs: string[] = [];
  handleShutdown({
    stop,
    emitter,
    exit: (code) => exits.push(code),
    log: (m) => logs.push(m),
    timeoutMs: 10_000,
  });
  return { emitter, exits, logs };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.useRealTimers());

describe("graceful stop", () => {
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
    it(`on ${signal} stops everything, then exits 0`, async () => {
      let stopped = false;
      const { emitter, exits } = setup(async () => {
        stopped = true;
      });
      emitter.emit(signal);
      await flush();
      expect(stopped).toBe(true);
      expect(exits).toEqual([0]);
    });
  }

  it("exits at once with 1 on a second signal while stopping", async () => {
    let finish = () => {};
    const { emitter, exits } = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    emitter.emit("SIGINT");
    await flush();
    expect(exits).toEqual([]);
    emitter.emit("SIGINT");
    expect(exits).toEqual([1]);
    finish();
  });

  it("exits with 1 when stopping takes longer than the timeout", async () => {
    vi.useFakeTimers();
    const { emitter, exits, logs } = setup(() => new Promise<void>(() => {}));
    emitter.emit("SIGTERM");
    vi.advanceTimersByTime(9_999);
    expect(exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(exits).toEqual([1]);
    expect(logs.at(-1)).toContain("10 s");
  });

  it("exits with 1 when closing fails", async () => {
    const { emitter, exits } = setup(() => Promise.reject(new Error("boom")));
    emitter.emit("SIGTERM");
    await flush();
    expect(exits).toEqual([1]);
  });

  it("stops when the parent's IPC channel closes (npm start was killed)", async () => {
    let stopped = false;
    const { emitter, exits } = setup(async () => {
      stopped = true;
    }, true);
    emitter.emit("disconnect");
    await flush();
    expect(stopped).toBe(true);
    expect(exits).toEqual([0]);
  });
});
