import { postgresPoolOf } from "../../cluster/pool.js";
import type { Db } from "../../db/client.js";

/**
 * How many inscriptions into one section run at once on `db`. On a PostgreSQL server, a few: their checks
 * run side by side on the pool's connections. The embedded database runs one statement at a time, so a
 * second one would only check a seat the first may be taking, and be refused after writing everything.
 */
export function sectionGateWidth(db: object): number {
  return postgresPoolOf(db as Db) ? 8 : 1;
}

type Gate = { active: number; waiting: (() => void)[] };

const gates = new WeakMap<object, Map<number, Gate>>();

/**
 * At most `atOnce` inscriptions into the same chosen section at once in this server, the others waiting in
 * line here rather than for a database connection and the section's lock. Seat takers of one section
 * take turns on its lock anyway, so the line costs nothing, and once the section is full the requests
 * still in it are refused from the memory of full sections (full-sections.ts) without touching the
 * database, leaving connections free for everyone else. Per database (tests run several in one process).
 */
export async function throughSectionGate<T>(
  db: object,
  sectionId: number,
  run: () => Promise<T>,
  atOnce = sectionGateWidth(db),
): Promise<T> {
  let bySection = gates.get(db);
  if (!bySection) {
    bySection = new Map();
    gates.set(db, bySection);
  }
  let gate = bySection.get(sectionId);
  if (!gate) {
    gate = { active: 0, waiting: [] };
    bySection.set(sectionId, gate);
  }
  if (gate.active < atOnce) gate.active += 1;
  // A finishing request hands its place straight to the next in line (active stays the same).
  else await new Promise<void>((resolve) => gate.waiting.push(resolve));
  try {
    return await run();
  } finally {
    const next = gate.waiting.shift();
    if (next) next();
    else {
      gate.active -= 1;
      if (gate.active === 0) bySection.delete(sectionId);
    }
  }
}
