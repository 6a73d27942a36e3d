import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const stylesDir = path.resolve("node_modules/@mantine/core/styles");
const imported = (file: string) =>
  [
    ...readFileSync(path.resolve("web/styles", file), "utf8").matchAll(
      /@mantine\/core\/styles\/([\w-]+\.css)/g,
    ),
  ].map((m) => m[1]);

describe("Mantine styles split between guest pages and the logged-in shell", () => {
  it("imports every component's styles exactly once, in guest.css or app.css", () => {
    const all = readdirSync(stylesDir).filter((f) => f.endsWith(".css") && !f.endsWith(".layer.css"));
    const both = [...imported("guest.css"), ...imported("app.css")];
    expect([...both].sort()).toEqual([...all].sort());
  });

  it("starts guest.css with Mantine's baseline, variables and global styles", () => {
    expect(imported("guest.css").slice(0, 3)).toEqual([
      "baseline.css",
      "default-css-variables.css",
      "global.css",
    ]);
  });
});
