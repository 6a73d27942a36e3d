// Only what guest pages need; the logged-in shell brings the rest (web/styles/app.css).
import "./styles/guest.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { i18nReady } from "./i18n";

// Zod's `z.config({ jitless: true })`, set before Zod loads (it is only in lazy chunks): without it Zod
// probes `new Function("")`, which the Content-Security-Policy refuses and reports as a violation.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

// Spanish is built in; English (when chosen) arrives in a few milliseconds, before the first paint.
await i18nReady;
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
