import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = process.env.VITE_API_PROXY_TARGET ?? "http://localhost:3000";

export default defineConfig({
  root: fileURLToPath(new URL("./web", import.meta.url)),
  base: "/",
  envDir: repoRoot,
  plugins: [
    react(),
    // Brotli and gzip copies next to each asset; the server sends them as they are (preCompressed).
    // index.html is left out: the server writes a fresh CSP nonce into it on every answer.
    compression({ include: /\.(js|mjs|css|json|svg)$/, algorithms: ["brotliCompress", "gzip"] }),
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
  },
});
