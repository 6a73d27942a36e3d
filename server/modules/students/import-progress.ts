// How far each running check or import of a student file has got, for the web page's progress bar
// ("Verificando fila 5.000 de 20.000"): `GET /students/import/progress/{id}` streams the reports of the call
// the client named `id` (its `progress_id`) as server-sent events. One stream, authenticated once when it
// opens: on the embedded database a long import's transaction holds the only connection, and a poll that had
// to check its session in the database would wait for the commit. The reports live in this process, under the
// user who sent the file (another user gets 404), while the call runs and for a minute after it. With several
// servers behind one address without sticky sessions the stream may reach a server that does not run the
// import: it answers 404, and the page shows its bar without a count.
import { setImmediate as nextTurn } from "node:timers/promises";
import type { StudentImportProgress } from "../../../common/schemas/student-import.js";

/** Told how far the call has got; cheap, call it as often as convenient. */
export type ImportProgressReport = (progress: StudentImportProgress) => void;

/** How long a finished call's last report stays readable (a stream that opens after the answer). */
const KEEP_MS = 60_000;
/** Calls remembered at most; the oldest go first (only administrators import, a few at a time). */
const MAX_ENTRIES = 200;

type Listener = (progress: StudentImportProgress) => void;
type Entry = { progress: StudentImportProgress; finishedAt: number | null; listeners: Set<Listener> };

export class ImportProgressBoard {
  private readonly entries = new Map<string, Entry>();

  /** Starts the reports of the call of `userId` named `id`: `report` tells how far it got, `finish` its end. */
  start(userId: number, id: string): { report: ImportProgressReport; finish(): void } {
    this.prune();
    const key = `${userId}:${id}`;
    const entry: Entry = {
      progress: { phase: "reading", done: 0, total: 0 },
      finishedAt: null,
      listeners: this.entries.get(key)?.listeners ?? new Set(),
    };
    this.entries.delete(key);
    this.entries.set(key, entry);
    const tell = (progress: StudentImportProgress) => {
      entry.progress = progress;
      for (const listener of entry.listeners) listener(progress);
    };
    return {
      report: (progress) => {
        if (entry.finishedAt === null) tell(progress);
      },
      finish: () => {
        if (entry.finishedAt !== null) return;
        entry.finishedAt = Date.now();
        tell({ ...entry.progress, phase: "done" });
        entry.listeners.clear();
      },
    };
  }

  /**
   * Tells `listener` the last report of `userId`'s call named `id` at once, then each new one until the call
   * ends ("done", the last); answers the function that stops listening, or null for a call this process does
   * not know (not started, another user's, or finished over a minute ago).
   */
  follow(userId: number, id: string, listener: Listener): (() => void) | null {
    this.prune();
    const entry = this.entries.get(`${userId}:${id}`);
    if (!entry) return null;
    listener(entry.progress);
    if (entry.finishedAt !== null) return () => {};
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  private prune() {
    const now = Date.now();
    for (const [key, entry] of this.entries)
      if (entry.finishedAt !== null && now - entry.finishedAt > KEEP_MS) this.entries.delete(key);
    // A Map iterates in insertion order: the oldest first.
    for (const key of this.entries.keys()) {
      if (this.entries.size <= MAX_ENTRIES) break;
      this.entries.delete(key);
    }
  }
}

/** Rows handled between two turns of the event loop, so other requests are answered meanwhile. */
export const SLICE_ROWS = 500;

/**
 * Runs `work` on each item in slices of `SLICE_ROWS`, letting the event loop serve other requests between
 * slices, and answers after each slice how many are done.
 */
export async function inSlices<T>(
  items: readonly T[],
  work: (item: T, index: number) => void,
  onSlice?: (done: number) => void,
): Promise<void> {
  for (let start = 0; start < items.length; start += SLICE_ROWS) {
    const end = Math.min(items.length, start + SLICE_ROWS);
    for (let i = start; i < end; i++) work(items[i]!, i);
    onSlice?.(end);
    if (end < items.length) await nextTurn();
  }
}
