export { diagnose, type Infeasibility } from "./diagnose.js";
export { evaluate } from "./evaluate.js";
export { formatItcSolution, parseItc, parseItcSolution } from "./itc.js";
export type { Evaluation, Lecture, TimetableInstance } from "./model.js";
export { type SolveOptions, type SolveProgress, type SolveResult, solve } from "./solver/index.js";
