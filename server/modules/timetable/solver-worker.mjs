// The timetabling engine off the server's event loop (runner.ts): one search per worker. The server runs
// TypeScript through tsx; a worker does not inherit the parent's hooks, so it registers them itself.
// The search is synchronous: a stop cannot arrive as a message while it runs, so the parent raises a flag in
// shared memory that the engine's `shouldStop` reads.
import { parentPort, workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
const { solve } = await import("../../../common/timetable/index.ts");

const { instance, seconds, seed, stopFlag } = workerData;
const flag = new Int32Array(stopFlag);
// At most 4 progress messages a second.
let lastPost = -Infinity;
try {
  const result = solve(instance, {
    seconds,
    seed,
    shouldStop: () => Atomics.load(flag, 0) !== 0,
    onProgress: (p) => {
      const now = performance.now();
      if (now - lastPost < 250) return;
      lastPost = now;
      parentPort.postMessage({ type: "progress", progress: p });
    },
  });
  parentPort.postMessage({ type: "result", result });
} catch (err) {
  parentPort.postMessage({ type: "error", message: err instanceof Error ? err.message : String(err) });
}
