import { cpSync, existsSync, readdirSync } from "node:fs";
import path from "node:path";

/**
 * A new embedded database is unpacked from PGlite's bundled files and started for the first time, about 2 s
 * of CPU. The tests that open many of them (backups, restores, server processes) set AULA_PGLITE_TEMPLATE to
 * the folder of one such empty database, made once per run: a new one is then a copy of it. The copy is
 * what the first start would have written (no table of the school yet), so nothing else changes.
 */
export function prepareNewPgliteFolder(dir: string): void {
  const template = process.env.AULA_PGLITE_TEMPLATE;
  if (!template || existsSync(path.join(dir, "PG_VERSION"))) return;
  if (existsSync(dir) && readdirSync(dir).length > 0) return;
  cpSync(template, dir, { recursive: true });
}
