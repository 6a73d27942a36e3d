import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

const dir = mkdtempSync(path.join(tmpdir(), "aula-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const base = { DATA_DIR: dir };

describe("loadConfig", () => {
  it("points e-mailed links at the server's own port when APP_URL is unset", () => {
    expect(loadConfig({ ...base, PORT: "4123" }).appUrl).toBe("http://localhost:4123");
    expect(loadConfig({ ...base }).appUrl).toBe("http://localhost:3000");
    expect(loadConfig({ ...base, PORT: "4123", APP_URL: "https://aula.colegio.edu.ve/" }).appUrl).toBe(
      "https://aula.colegio.edu.ve",
    );
  });

  it("keeps the demo in its own folder unless DATA_DIR says otherwise", () => {
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      expect(loadConfig({ JWT_SECRET: "x".repeat(32) }, { demo: true }).dataDir).toBe(
        path.join(dir, "data-demo"),
      );
      expect(loadConfig({ JWT_SECRET: "x".repeat(32) }).dataDir).toBe(path.join(dir, "data"));
      expect(loadConfig({ ...base }, { demo: true }).dataDir).toBe(dir);
    } finally {
      process.chdir(cwd);
    }
  });

  it("reads LOG_FORMAT", () => {
    expect(loadConfig({ ...base, LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(loadConfig({ ...base }).logFormat).toBeUndefined();
    expect(() => loadConfig({ ...base, LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  it("keeps one generated signing secret, private to the server's user", async () => {
    const first = loadConfig({ ...base }).jwtSecret;
    expect(loadConfig({ ...base }).jwtSecret).toBe(first);
    const { statSync } = await import("node:fs");
    expect(statSync(path.join(dir, "jwt-secret")).mode & 0o777).toBe(0o600);
  });
});
