// Vitest global setup of the server-process project: one empty embedded database made for the whole run,
// copied by every new one its tests open (server/db/pglite-template.ts). Its folder goes at the end.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";

export default async function setup(project: TestProject) {
  const root = mkdtempSync(path.join(os.tmpdir(), "aula-pglite-template-"));
  const dir = path.join(root, "pglite");
  const db = new PGlite(dir);
  await db.waitReady;
  await db.close();
  project.provide("pgliteTemplate", dir);
  return () => rmSync(root, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
