// Starts the backup thread (worker.ts). The server runs its TypeScript through tsx's import hooks, which a
// worker thread does not get on Node 20 (module hooks reach workers from Node 22 on); tsx's require hook
// works in any thread, so the thread's modules are loaded through it, the same way on every Node version.
import { createRequire } from "node:module";

const { require: requireTs } = createRequire(import.meta.url)("tsx/cjs/api");
requireTs("./worker.ts", import.meta.url);
