#!/usr/bin/env node
// `npm start` / `npm run demo`: builds the web app when it is missing or older than its sources, then
// runs the server (which migrates the database and, with --demo, fills in the demo school).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serverNodeFlags } from "./server-node-flags.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distIndex = path.join(root, "web", "dist", "index.html");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "dist" || entry.name === "node_modules") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function webNeedsBuild() {
  if (process.env.SKIP_WEB_BUILD === "1") return false;
  if (!existsSync(distIndex)) return true;
  const built = statSync(distIndex).mtimeMs;
  // A build from before the CSP nonce (server/http/web-app.ts) would have its styles refused.
  if (!readFileSync(distIndex, "utf8").includes("__CSP_NONCE__")) return true;
  return (
    newestMtime(path.join(root, "web")) > built ||
    newestMtime(path.join(root, "common")) > built ||
    statSync(path.join(root, "vite.config.ts")).mtimeMs > built
  );
}

if (webNeedsBuild()) {
  console.log("Construyendo la aplicación web…");
  const build = spawnSync(
    process.execPath,
    [path.join(root, "node_modules", "vite", "bin", "vite.js"), "build"],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// The server runs in its own process group, so a Ctrl-C in the terminal reaches it once (forwarded from
// here) rather than twice (the terminal's and ours), which it would take as "stop without waiting".
// The IPC channel tells it when this process is gone, even when killed with SIGKILL: it then stops too.
const args = [
  ...serverNodeFlags,
  "--import",
  "tsx",
  path.join(root, "server", "main.ts"),
  ...process.argv.slice(2),
];
const server = spawn(process.execPath, args, {
  cwd: root,
  stdio: ["inherit", "inherit", "inherit", "ipc"],
  detached: true,
});

// npm and the terminal may deliver the same Ctrl-C to us twice; a repeat within this window is the
// same request. A later one is forwarded, and makes the server stop without waiting.
const repeatWindowMs = 500;
let lastForwarded = 0;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    const now = Date.now();
    if (now - lastForwarded < repeatWindowMs) return;
    lastForwarded = now;
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

// When our own parent (npm) dies, we are handed to another parent: stop the server as if told to.
const parent = process.ppid;
const watchParent = setInterval(() => {
  if (process.ppid !== parent) {
    clearInterval(watchParent);
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
  }
}, 1000);
watchParent.unref();

server.on("exit", (code, signal) =>
  process.exit(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1)),
);
