// The timetable engine on the ITC-2007 curriculum-based course timetabling format (common/timetable):
//   npm run timetable -- --itc FILE.ctt --seconds 60 --out FILE.sol [--seed N]   solves, writes the solution
//   npm run timetable -- --itc FILE.ctt --check FILE.sol                          judges a given solution
// Prints the hard violations and the soft cost by component (the engine's own evaluator). --iterations N
// stops after N moves (a run that does not depend on the machine's speed); --parameters takes the engine's
// annealing parameters as JSON, for tuning.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { evaluate, formatItcSolution, parseItc, parseItcSolution, solve } from "../common/timetable/index.js";
import type { Evaluation } from "../common/timetable/model.js";

function report(evaluation: Evaluation): string {
  const { hard, soft } = evaluation;
  return [
    `hard ${hard.total} (unplaced ${hard.unplaced}, conflicts ${hard.conflicts}, room occupancy ${hard.roomOccupancy}, availability ${hard.availability})`,
    `soft ${soft.total} (room capacity ${soft.roomCapacity}, min working days ${soft.minWorkingDays}, curriculum compactness ${soft.curriculumCompactness}, room stability ${soft.roomStability}, pairs ${soft.pairs}, holes ${soft.holes})`,
  ].join("\n");
}

function main(): number {
  const { values } = parseArgs({
    options: {
      itc: { type: "string" },
      seconds: { type: "string", default: "60" },
      out: { type: "string" },
      seed: { type: "string", default: "1" },
      check: { type: "string" },
      quiet: { type: "boolean", default: false },
      iterations: { type: "string" },
      // Tuning only: engine parameters as JSON, e.g. '{"startTemperature":4}'.
      parameters: { type: "string" },
    },
  });
  if (!values.itc) {
    console.error(
      "Usage: npm run timetable -- --itc FILE.ctt [--seconds 60] [--out FILE.sol] [--seed N] [--iterations N]\n" +
        "       npm run timetable -- --itc FILE.ctt --check FILE.sol",
    );
    return 2;
  }
  const instance = parseItc(readFileSync(values.itc, "utf8"));
  if (values.check) {
    const evaluation = evaluate(instance, parseItcSolution(readFileSync(values.check, "utf8")));
    console.log(report(evaluation));
    return evaluation.hard.total === 0 ? 0 : 1;
  }
  const seconds = Number(values.seconds);
  const seed = Number(values.seed);
  if (!(seconds >= 0) || !Number.isInteger(seed)) {
    console.error("--seconds must be a number ≥ 0 and --seed an integer");
    return 2;
  }
  let printed = Number.NEGATIVE_INFINITY;
  const result = solve(instance, {
    seconds,
    seed,
    ...(values.iterations ? { maxIterations: Number(values.iterations) } : {}),
    ...(values.parameters ? { parameters: JSON.parse(values.parameters) } : {}),
    onProgress: values.quiet
      ? undefined
      : (p) => {
          if (p.elapsedMs - printed >= 5000 || p.phase === "done") {
            printed = p.elapsedMs;
            console.error(`${(p.elapsedMs / 1000).toFixed(1)} s  ${p.phase}  hard ${p.hard}  soft ${p.soft}`);
          }
        },
  });
  if (values.out) writeFileSync(values.out, formatItcSolution(result.lectures));
  console.log(
    `${instance.name}: seed ${seed}, ${(result.elapsedMs / 1000).toFixed(1)} s, ${result.iterations} moves`,
  );
  console.log(report(result.evaluation));
  return result.evaluation.hard.total === 0 ? 0 : 1;
}

process.exitCode = main();
