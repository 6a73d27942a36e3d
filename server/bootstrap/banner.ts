import { type DemoAccounts, formatDemoAccounts } from "../db/seed/demo.js";
import { framed } from "../lifecycle/logger.js";

/** The widest a frame printed at start-up may be, borders included: a 100-column terminal shows it whole. */
export const FRAME_WIDTH = 100;

const columns = (text: string) => [...text].length;

/**
 * `line` cut at spaces into lines of at most `width` columns; each continuation keeps the line's own
 * indentation, two spaces further in. A word longer than a line (a long e-mail address) is cut.
 */
function wrapLine(line: string, width: number): string[] {
  if (columns(line) <= width) return [line];
  const indent = /^ */.exec(line)?.[0] ?? "";
  const more = `${indent}  `;
  const out: string[] = [];
  let current = indent;
  for (const word of line.slice(indent.length).split(/ +/)) {
    const prefix = out.length === 0 ? indent : more;
    const candidate = current.trim() === "" ? `${prefix}${word}` : `${current} ${word}`;
    if (columns(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current.trim() !== "") out.push(current);
    let rest = `${more}${word}`;
    while (columns(rest) > width) {
      const chars = [...rest];
      out.push(chars.slice(0, width).join(""));
      rest = more + chars.slice(width).join("");
    }
    current = rest;
  }
  if (current.trim() !== "") out.push(current);
  return out;
}

/** `lines` in a frame (`framed`) at most FRAME_WIDTH columns wide, long lines wrapped. */
export function banner(lines: string[]): string {
  // The frame adds "│ " and " │".
  return framed(lines.flatMap((line) => wrapLine(line, FRAME_WIDTH - 4)));
}

/** The demo's logins as printed at start-up. */
export function demoAccountsNotice(accounts: DemoAccounts, seeded: boolean): string[] {
  return [
    seeded ? "Escuela de demostración creada. Cuentas:" : "Cuentas de demostración:",
    ...formatDemoAccounts(accounts).map((line) => `  ${line}`),
  ];
}
