// The Node flags the server process runs with, shared by `npm start` (scripts/start.mjs) and
// `npm run bench` (scripts/bench/run.ts), so that the benchmark measures the server as it is started.
//
// --max-semi-space-size=32: V8 collects short-lived objects (every request's and every query's) in the
// young generation, 16 MB by default; when it fills faster than they die, survivors are promoted and the
// old generation fills too, whose collections mark the whole heap while the server works. With 32 MB,
// a burst of requests (200 inscriptions at once) sees a third as many collections and none of the old
// generation, for about 30 MB more resident memory (README, "Speed": the inscription storm).
export const serverNodeFlags = ["--max-semi-space-size=32"];
