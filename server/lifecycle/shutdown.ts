// Graceful stop: on SIGTERM, SIGINT or SIGHUP (and when the parent that started us through an IPC
// channel, `npm start`, goes away) stop accepting connections, let requests in flight finish, close the
// database cleanly and release the data folder's lock, then exit 0. A second signal, or a stop that takes
// longer than the timeout, exits at once with 1.

export type ShutdownLog = (message: string, err?: unknown) => void;

export type ShutdownOptions = {
  /** Closes everything (the HTTP server, then the database, then the lock). */
  stop: () => Promise<void>;
  log?: ShutdownLog;
  timeoutMs?: number;
  exit?: (code: number) => void;
  /** Defaults to the process itself. */
  emitter?: NodeJS.EventEmitter & { connected?: boolean };
};

const signals = ["SIGTERM", "SIGINT", "SIGHUP"] as const;

/** Installs the handlers; answers `shutdown(reason)` to start the same stop from code. */
export function handleShutdown(opts: ShutdownOptions): (reason: string) => void {
  const log: ShutdownLog = opts.log ?? ((m, err) => console.error(m, err ?? ""));
  const exit = opts.exit ?? ((code: number) => process.exit(code));
  const emitter = opts.emitter ?? process;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let stopping = false;

  const shutdown = (reason: string) => {
    if (stopping) {
      log(`${reason} otra vez: se detiene sin esperar (stopping immediately)`);
      exit(1);
      return;
    }
    stopping = true;
    log(`${reason}: deteniendo el servidor… (stopping)`);
    const timer = setTimeout(() => {
      log(`no se detuvo en ${timeoutMs / 1000} s: se detiene sin esperar (stop timed out)`);
      exit(1);
    }, timeoutMs);
    opts.stop().then(
      () => {
        clearTimeout(timer);
        exit(0);
      },
      (err: unknown) => {
        clearTimeout(timer);
        log("error al detener el servidor (error while stopping)", err);
        exit(1);
      },
    );
  };

  for (const signal of signals) emitter.on(signal, () => shutdown(signal));
  // Started by scripts/start.mjs with an IPC channel: its closing means the parent is gone (even when
  // it was killed with SIGKILL and could not forward anything).
  if (emitter.connected) emitter.on("disconnect", () => shutdown("parent process gone"));
  return shutdown;
}
