import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

type Texts = { [key: string]: string | Texts };

function keysOf(texts: Texts, prefix = ""): string[] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === "string" ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

const webDir = path.resolve(__dirname, "..");

// Read from disk: i18next merges the area texts into the imported es.json object (web/test/setup.ts).
const readTexts = (name: string) => JSON.parse(readFileSync(path.join(__dirname, name), "utf8")) as Texts;
const es = readTexts("es.json");
const esAreas = readTexts("es-areas.json");
const en = readTexts("en.json");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

/**
 * Code that runs before any area is opened (web/i18n/areas.ts): the guest pages, the shell, home,
 * the profile page and the shared components. WeeklyGrid and MonthCalendar are drawn only inside areas.
 */
const beforeAnyArea = [
  ...["api", "layout", "session", "components", "pages/auth", "pages/system", "pages/home"]
    .flatMap((dir) => sourceFiles(path.join(webDir, dir)))
    .filter((file) => !/components\/(WeeklyGrid|MonthCalendar)\//.test(file)),
  // The profile page itself; its sub-pages in sub-folders load with the area texts (web/pages/registry.tsx).
  ...readdirSync(path.join(webDir, "pages/profile"))
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\./.test(name))
    .map((name) => path.join(webDir, "pages/profile", name)),
  ...readdirSync(webDir)
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\./.test(name))
    .map((name) => path.join(webDir, name)),
];

describe("the Spanish texts split in two (login page's script vs the areas')", () => {
  it("puts every text used before an area opens in es.json", () => {
    const core = new Set(keysOf(es));
    const missing: string[] = [];
    for (const file of beforeAnyArea) {
      const source = readFileSync(file, "utf8")
        .split("\n")
        .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line)) // examples in comments
        .join("\n");
      for (const match of source.matchAll(/\bt\(\s*"([a-zA-Z0-9_.]+)"/g)) {
        const key = match[1]!;
        if (!core.has(key) && !core.has(`${key}_one`)) missing.push(`${path.relative(webDir, file)}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("has no area in both files, and English has exactly the same keys as the two together", () => {
    const shared = Object.keys(es).filter((key) => key in esAreas);
    expect(shared).toEqual([]);
    const spanish = [...keysOf(es), ...keysOf(esAreas)].sort();
    expect(keysOf(en).sort()).toEqual(spanish);
  });
});
