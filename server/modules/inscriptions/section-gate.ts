/**
 * At most a few inscriptions into the same chosen section at once in this server, the others waiting in
 * line here rather than for a database connection and the section's lock. Seat takers of one section
 * take turns on its lock anyway, so the line costs nothing, and once the section is full the requests
 * still in it are refused from the memory of full sections (full-sections.ts) without touching the
 * database, leaving connections free for everyone else. Per database (tests run several in one process).
 */
const AT_ONCE = 8;

type Gate = { active: number; waiting: (() => void)[] };

const gates = new WeakMap<object, Map<number, Gate>>();

export async function throughSectionGate<T>(
  db: object,
  sectionId: number,
  run: () => Promise<T>,
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
  if (gate.active < AT_ONCE) gate.active += 1;
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
