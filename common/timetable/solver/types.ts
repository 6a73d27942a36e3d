import type { Evaluation, Lecture } from "../model.js";

export type SolveProgress = { elapsedMs: number; hard: number; soft: number; phase: string };

export type SolveOptions = {
  seconds: number;
  seed?: number;
  onProgress?: (p: SolveProgress) => void;
  /** polled often; true stops the search and returns the best so far */
  shouldStop?: () => boolean;
  /** Stops after this many moves tried (tests: a search that does not depend on the machine's speed). */
  maxIterations?: number;
};

export type SolveResult = {
  lectures: Lecture[];
  evaluation: Evaluation;
  unplaced: { course: string; missing: number }[];
  stopped: boolean;
  elapsedMs: number;
  /** Moves tried (repair placements and annealing moves): how much search the time bought. */
  iterations: number;
};
