#!/usr/bin/env node
// `npm run coverage` prints, after Vitest's coverage run, the share of lines and branches the tests run in
// each source folder (server/modules/payments, web/pages/students, common/money, …), from the json-summary
// report Vitest wrote.
//   node scripts/coverage-by-folder.mjs [coverage/coverage-summary.json] [depth]
import { readFileSync } from "node:fs";
import path from "node:path";

const file = process.argv[2] ?? ".tmp/coverage/coverage-summary.json";
const depth = Number(process.argv[3] ?? 3);
const root = process.cwd();
const summary = JSON.parse(readFileSync(file, "utf8"));

/** server/modules/payments/service.ts → server/modules/payments (at most `depth` folders). */
function folderOf(absolute) {
  const parts = path.relative(root, absolute).split(path.sep).slice(0, -1);
  const top = parts[0] === "server" && parts[1] === "modules" ? depth : depth - 1;
  return parts.slice(0, Math.max(1, top)).join("/") || ".";
}

const folders = new Map();
for (const [name, totals] of Object.entries(summary)) {
  if (name === "total") continue;
  const folder = folderOf(name);
  const sum = folders.get(folder) ?? { lines: [0, 0], branches: [0, 0] };
  sum.lines[0] += totals.lines.covered;
  sum.lines[1] += totals.lines.total;
  sum.branches[0] += totals.branches.covered;
  sum.branches[1] += totals.branches.total;
  folders.set(folder, sum);
}

const pct = ([covered, total]) =>
  total === 0 ? "   —  " : `${((100 * covered) / total).toFixed(1).padStart(5)} %`;
const width = Math.max(6, ...[...folders.keys()].map((f) => f.length));
console.log(`${"folder".padEnd(width)}    lines  branches`);
for (const [folder, sum] of [...folders].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${folder.padEnd(width)}  ${pct(sum.lines)}  ${pct(sum.branches)}`);
}
const total = summary.total;
console.log(
  `${"total".padEnd(width)}  ${pct([total.lines.covered, total.lines.total])}  ${pct([total.branches.covered, total.branches.total])}`,
);
