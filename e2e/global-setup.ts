import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * A folder for this run where `expectAccessible` (e2e/support.ts) notes each screen it checked, shared by
 * every worker (they inherit the variable), so no screen is checked twice. Removed when the run ends.
 */
export default function globalSetup() {
  const folder = mkdtempSync(path.join(tmpdir(), "aula-e2e-axe-"));
  process.env.E2E_AXE_SCREENS = folder;
  return () => rmSync(folder, { recursive: true, force: true });
}
