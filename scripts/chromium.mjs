// How every tool here starts Debian's Chromium (Playwright journeys, Lighthouse): the machine's rules
// (no sandbox as root, no GPU, nothing fetched from the network by the browser itself).
import { existsSync } from "node:fs";

export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The journeys' browser: Debian's chromium-headless-shell where installed (the same Blink and V8 as
 * Chromium, without the desktop browser around them; Playwright's own default for headless runs), which
 * measured about half of Chromium's CPU time per page load; Chromium otherwise. CHROMIUM_PATH chooses either.
 * Lighthouse keeps the full Chromium (its figures are for the browser people use).
 */
export const journeyBrowserPath =
  process.env.CHROMIUM_PATH ??
  (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
