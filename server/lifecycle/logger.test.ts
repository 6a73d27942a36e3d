import { describe, expect, it } from "vitest";
import { framed, loggerOptions, resolveLogFormat } from "./logger.js";

describe("log format", () => {
  it("is readable in a terminal and JSON otherwise, unless LOG_FORMAT says", () => {
    expect(resolveLogFormat({}, { isTTY: true })).toBe("pretty");
    expect(resolveLogFormat({}, { isTTY: false })).toBe("json");
    expect(resolveLogFormat({}, {})).toBe("json");
    expect(resolveLogFormat({ logFormat: "json" }, { isTTY: true })).toBe("json");
    expect(resolveLogFormat({ logFormat: "pretty" }, { isTTY: false })).toBe("pretty");
  });

  it("gives Fastify a pretty stream or plain JSON options", () => {
    expect(loggerOptions({ env: "test", logLevel: "info" })).toBe(false);
    const json = loggerOptions({ env: "production", logLevel: "warn", logFormat: "json" });
    expect(json).toMatchObject({ level: "warn", hooks: { streamWrite: expect.any(Function) } });
    expect(json).not.toHaveProperty("stream");
    const pretty = loggerOptions({ env: "production", logLevel: "info", logFormat: "pretty" });
    expect(pretty).toMatchObject({
      level: "info",
      stream: expect.objectContaining({ write: expect.any(Function) }),
    });
  });
});

describe("framed", () => {
  it("draws one frame as wide as the longest line, counting accented letters once", () => {
    expect(framed(["Contraseña: abc", "Correo: a@b.c"]).split("\n")).toEqual([
      "┌─────────────────┐",
      "│ Contraseña: abc │",
      "│ Correo: a@b.c   │",
      "└─────────────────┘",
    ]);
  });
});
