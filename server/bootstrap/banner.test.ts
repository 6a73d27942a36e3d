import { describe, expect, it } from "vitest";
import { Role, type RoleNumber } from "../../common/roles.js";
import type { DemoAccounts } from "../db/seed/demo.js";
import { banner, demoAccountsNotice, FRAME_WIDTH } from "./banner.js";

/** The demo's logins as seeded: 1 administrator, 1 assistant, 2 coordinators, 10 teachers, 122 students. */
const demoAccounts: DemoAccounts = [
  ...(
    [
      [Role.admin, "admin", 1, "Admin123*"],
      [Role.lowAdmin, "asistente", 1, "Asistente123*"],
      [Role.coordinator, "coordinador", 2, "Coordinador123*"],
      [Role.teacher, "profesor", 10, "Profesor123*"],
      [Role.student, "estudiante", 122, "Estudiante123*"],
    ] as const
  ).flatMap(([role, name, n, password]) =>
    Array.from({ length: n }, (_, i) => ({
      role: role as RoleNumber,
      name: `${name} ${i + 1}`,
      email: n === 1 ? `${name}@demo.edu.ve` : `${name}${i + 1}@demo.edu.ve`,
      password,
    })),
  ),
];

const width = (line: string) => [...line].length;
const words = (text: string) =>
  text
    .replace(/[│┌┐└┘─]/g, " ")
    .split(/\s+/)
    .filter(Boolean);

describe("start-up frames", () => {
  it("fit the demo's accounts in 100 columns, every word kept, continuations indented", () => {
    const lines = demoAccountsNotice(demoAccounts, true);
    const frame = banner(lines);
    for (const line of frame.split("\n")) expect(width(line)).toBeLessThanOrEqual(FRAME_WIDTH);
    expect(words(frame)).toEqual(words(lines.join("\n")));
    expect(frame).toContain("│ Escuela de demostración creada. Cuentas:");
    expect(frame).toContain("estudiante1@demo.edu.ve … estudiante122@demo.edu.ve / Estudiante123*");
    // The cases line wraps under itself, two spaces further in.
    const cases = frame.split("\n").findIndex((l) => l.includes("Casos:"));
    expect(frame.split("\n")[cases + 1]).toMatch(/^│ {5}\S/);
  });

  it("leaves short lines as they are and cuts a word longer than the frame", () => {
    expect(banner(["Hola"])).toBe("┌──────┐\n│ Hola │\n└──────┘");
    const long = `  Correo electrónico: ${"x".repeat(150)}@colegio.edu`;
    const frame = banner([long]).split("\n");
    for (const line of frame) expect(width(line)).toBeLessThanOrEqual(FRAME_WIDTH);
    expect(frame.map((l) => l.replace(/[│┌┐└┘─ ]/g, "")).join("")).toBe(long.replace(/ /g, ""));
  });
});
