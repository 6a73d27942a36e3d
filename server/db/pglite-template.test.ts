import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prepareNewPgliteFolder } from "./pglite-template.js";

// The copy that stands in for a new embedded database in the process tests: only ever into a folder that has no
// database yet, and only when a template is named.
describe("prepareNewPgliteFolder", () => {
  let root: string;
  let template: string;
  const before = process.env.AULA_PGLITE_TEMPLATE;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), "aula-template-test-"));
    template = path.join(root, "template");
    mkdirSync(path.join(template, "base"), { recursive: true });
    writeFileSync(path.join(template, "PG_VERSION"), "17\n");
    writeFileSync(path.join(template, "base", "1"), "rows");
    process.env.AULA_PGLITE_TEMPLATE = template;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.AULA_PGLITE_TEMPLATE;
    else process.env.AULA_PGLITE_TEMPLATE = before;
    rmSync(root, { recursive: true, force: true });
  });

  it("copies the template into a missing or empty folder", () => {
    const missing = path.join(root, "missing");
    prepareNewPgliteFolder(missing);
    expect(readFileSync(path.join(missing, "base", "1"), "utf8")).toBe("rows");
    const empty = path.join(root, "empty");
    mkdirSync(empty);
    prepareNewPgliteFolder(empty);
    expect(readFileSync(path.join(empty, "PG_VERSION"), "utf8")).toBe("17\n");
  });

  it("leaves a folder that already holds a database, or anything, as it is", () => {
    const existing = path.join(root, "existing");
    mkdirSync(existing);
    writeFileSync(path.join(existing, "PG_VERSION"), "16\n");
    prepareNewPgliteFolder(existing);
    expect(readdirSync(existing)).toEqual(["PG_VERSION"]);
    const other = path.join(root, "other");
    mkdirSync(other);
    writeFileSync(path.join(other, "notes.txt"), "x");
    prepareNewPgliteFolder(other);
    expect(readdirSync(other)).toEqual(["notes.txt"]);
  });

  it("does nothing without a template (the product's own runs)", () => {
    delete process.env.AULA_PGLITE_TEMPLATE;
    const dir = path.join(root, "plain");
    prepareNewPgliteFolder(dir);
    expect(() => readdirSync(dir)).toThrow();
  });
});
