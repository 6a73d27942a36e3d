// How every tool here starts Debian's Chromium (Playwright journeys, Lighthouse): the machine's rules
// (no sandbox as root, no GPU, nothing fetched from the network by the browser itself).
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
