import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { fieldLabelsEn } from "./english.js";
import { fieldLabels } from "./labels.js";

type Def = { type?: string; shape?: Record<string, unknown>; options?: unknown[] } & Record<string, unknown>;

/** The field names of every object inside a schema (nested objects, arrays, optionals, unions, pipes). */
function fieldsOf(schema: unknown, out = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (!schema || typeof schema !== "object" || seen.has(schema)) return out;
  seen.add(schema);
  const def = (schema as { _zod?: { def?: Def } })._zod?.def;
  if (!def) return out;
  if (def.type === "object" && def.shape) {
    for (const [name, field] of Object.entries(def.shape)) {
      out.add(name);
      fieldsOf(field, out, seen);
    }
  }
  for (const key of ["innerType", "element", "in", "out", "schema", "left", "right", "valueType"])
    fieldsOf(def[key], out, seen);
  for (const option of def.options ?? []) fieldsOf(option, out, seen);
  return out;
}

const schemasDir = path.resolve(__dirname, "../schemas");

describe("field labels", () => {
  it("names in Spanish and English every field a create or update payload can answer a 422 about", async () => {
    const missing: string[] = [];
    for (const file of readdirSync(schemasDir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
      const module = (await import(path.join(schemasDir, file))) as Record<string, unknown>;
      for (const [name, schema] of Object.entries(module)) {
        if (!/^(create|update|notification(Create|Update)|responsiblesInput)\w*Schema$/.test(name)) continue;
        if (/Result/.test(name)) continue;
        for (const field of fieldsOf(schema as z.ZodType)) {
          if (!Object.hasOwn(fieldLabels, field)) missing.push(`${file} ${name}: ${field} (es)`);
          if (!Object.hasOwn(fieldLabelsEn, field)) missing.push(`${file} ${name}: ${field} (en)`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});
