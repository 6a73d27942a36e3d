import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, type Rolldown } from "vite";
import { compression } from "vite-plugin-compression2";

// Chunk groups of the web build (issue 6). Left to itself, rolldown gives every set of lazy parts that
// shares a module its own chunk: ~100 files of a few hundred bytes each (Mantine's components,
// @tabler/icons), fetched in several round trips over HTTP/1.1 before the home page can paint. Here the
// modules go by the stage that first loads them, one chunk per stage:
//   boot   what web/main.tsx loads (React DOM, i18next and the Spanish texts);
//   ui     what the login screen shares with the logged-in app (Mantine's core, buttons, inputs);
//   login  what only the login screen uses;
//   app    what web/App.tsx adds (router, data library, toasts, page registry);
//   shell  what the logged-in layout adds (web/layout/app-layout-chunk.tsx: menus, header, styles);
//   home   what the home page and its dashboard share with other pages (cards, a table, badges);
//   lists  what most list pages share (data table, forms, Zod, selects).
// Each lazy part keeps its own chunk; what only a few pages share stays as rolldown splits it, so a page
// does not download every other page's tools.
//
// Which modules a part really loads is only known after tree-shaking (an import of "@mantine/core" reaches
// every component through its index, but only the used ones are kept), so the build runs twice: a quick
// probe with rolldown's own splitting, in memory, whose chunks tell each module's stage, then the real one.
type Stage = "boot" | "ui" | "login" | "app" | "shell" | "home" | "lists";
const STAGES: Stage[] = ["boot", "ui", "login", "app", "shell", "home", "lists"];
/** Set during the probe build, which must split as rolldown does by default. */
const PROBE = "AULA_CHUNK_PROBE";

const isChunkProbe = () => process.env[PROBE] === "1";

/** Each module's stage, from the chunks of a build with the default splitting. */
function stagesOf(output: Rolldown.OutputChunk[], webDir: string): Map<string, Stage> {
  const file = (name: string) => path.join(webDir, name);
  const LOGIN = file("login-entry.tsx");
  const APP = file("App.tsx");
  const SHELL = file("layout/app-layout-chunk.tsx");
  const HOME = file("pages/home/HomePage.tsx");
  const DASHBOARD = file("pages/dashboard/index.ts");
  // The router's own login and password pages: reachable from the app, but the login screen's.
  const AUTH_PAGES = file("pages/auth") + path.sep;

  const byFile = new Map(output.map((chunk) => [chunk.fileName, chunk]));
  const rootOf = (id: string) => {
    const chunk = output.find((c) => c.facadeModuleId === id);
    if (!chunk) throw new Error(`chunk groups: no chunk for ${id}`);
    return chunk;
  };
  /** The modules a chunk needs before it runs: its own and its static imports'. */
  const modules = (root: Rolldown.OutputChunk) => {
    const ids = new Set<string>();
    const seen = new Set<string>();
    const queue = [root];
    for (let chunk = queue.pop(); chunk; chunk = queue.pop()) {
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      for (const id of Object.keys(chunk.modules)) ids.add(id);
      for (const imported of chunk.imports) {
        const next = byFile.get(imported);
        if (next) queue.push(next);
      }
    }
    return ids;
  };

  const lazyRoots = output.filter((c) => c.isDynamicEntry && c.facadeModuleId);
  const lazyIds = new Set(lazyRoots.map((c) => c.facadeModuleId));
  const entry = output.find((c) => c.isEntry && !c.isDynamicEntry);
  if (!entry) throw new Error("chunk groups: no entry chunk");
  const boot = modules(entry);
  // index.html and web/main.tsx stay in the entry chunk, the one index.html loads.
  const entryIds = new Set([entry.facadeModuleId, file("main.tsx")]);
  const login = modules(rootOf(LOGIN));
  // What anything besides the login screen loads.
  const loggedIn = new Set<string>();
  for (const root of lazyRoots) {
    const id = root.facadeModuleId as string;
    if (id === LOGIN || id.startsWith(AUTH_PAGES)) continue;
    for (const m of modules(root)) loggedIn.add(m);
  }

  const stages = new Map<string, Stage>();
  const put = (ids: Iterable<string>, stage: Stage, keep: (id: string) => boolean = () => true) => {
    for (const id of ids) {
      // Entries stay their own chunks (their addresses are in the manifest and in __vitePreload calls).
      if (stages.has(id) || entryIds.has(id) || lazyIds.has(id) || !keep(id)) continue;
      stages.set(id, stage);
    }
  };
  put(boot, "boot");
  put(login, "ui", (id) => loggedIn.has(id));
  put(login, "login");
  put(modules(rootOf(APP)), "app");
  put(modules(rootOf(SHELL)), "shell");

  const uses = new Map<string, number>();
  for (const root of lazyRoots) {
    for (const id of modules(root)) uses.set(id, (uses.get(id) ?? 0) + 1);
  }
  // What the home page and its dashboard share with other pages (cards, a table, badges): one file
  // fetched with the home page, kept out of the list pages' tools so that it does not wait for them.
  put([...modules(rootOf(HOME)), ...modules(rootOf(DASHBOARD))], "home", (id) => (uses.get(id) ?? 0) > 1);
  // The list pages' common tools (data table, forms, Zod, selects): what at least a quarter of the lazy
  // parts load, fetched as one file by the first list opened.
  put(uses.keys(), "lists", (id) => (uses.get(id) ?? 0) * 4 >= lazyRoots.length);
  return stages;
}

/**
 * The groups for `build.rolldownOptions.output.codeSplitting` and the plugin that runs the probe build
 * (`configFile`: the same configuration, read again with the groups off).
 */
function chunkGroups(webDir: string, configFile: string) {
  let stages = new Map<string, Stage>();
  let mode: string | undefined;

  const plugin: Plugin = {
    name: "aula-chunk-groups",
    apply: (_config, env) => env.command === "build" && !isChunkProbe(),
    configResolved(config) {
      mode = config.mode;
    },
    async buildStart() {
      process.env[PROBE] = "1";
      try {
        const result = await build({
          configFile,
          mode,
          logLevel: "silent",
          build: { write: false, manifest: false, minify: false },
        });
        const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
        const chunks = outputs.flatMap((o) =>
          o.output.filter((c): c is Rolldown.OutputChunk => c.type === "chunk"),
        );
        stages = stagesOf(chunks, webDir);
      } finally {
        delete process.env[PROBE];
      }
    },
  };

  const groups: Rolldown.CodeSplittingGroup[] = STAGES.map((stage, i) => ({
    name: (id: string) => (stages.get(id) === stage ? stage : null),
    debugName: stage,
    // Earlier stages first: a module both would take belongs to the one that loads first.
    priority: STAGES.length - i,
  }));

  return { plugin, groups };
}

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? "http://localhost:3000";
const webDir = fileURLToPath(new URL("./web", import.meta.url));
const chunks = chunkGroups(webDir, fileURLToPath(import.meta.url));
// The probe build of chunkGroups: rolldown's default splitting, nothing written.
const probe = isChunkProbe();

export default defineConfig({
  root: webDir,
  base: "/",
  envDir: repoRoot,
  plugins: [
    react(),
    chunks.plugin,
    // Brotli and gzip copies next to each asset; the server sends them as they are (preCompressed).
    // index.html is left out: the server writes a fresh CSP nonce into it on every answer.
    !probe && compression({ include: /\.(js|mjs|css|json|svg)$/, algorithms: ["brotliCompress", "gzip"] }),
  ],
  // Vite puts this on its tags and in <meta property="csp-nonce">; server/http/web-app.ts replaces it
  // per answer, and Mantine's <style> elements take it from the meta (web/providers.tsx).
  html: { cspNonce: "__CSP_NONCE__" },
  css: { postcss: repoRoot },
  server: {
    proxy: { "/api": { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { "/api": { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    // .vite/manifest.json: scripts/check-bundle-size.mjs reads it to weigh what each route loads.
    manifest: true,
    // A few chunks by loading stage instead of ~100 tiny ones (chunkGroups below).
    rolldownOptions: { output: { codeSplitting: probe ? true : { groups: chunks.groups } } },
  },
});
