// Only what guest pages need; the logged-in shell brings the rest (web/styles/app.css).
import "./styles/guest.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { i18nReady } from "./i18n";
import { SESSION_STORAGE_KEY } from "./session/storage";

// Zod's `z.config({ jitless: true })`, set before Zod loads (it is only in lazy chunks): without it Zod
// probes `new Function("")`, which the Content-Security-Policy refuses and reports as a violation.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };

const element = document.getElementById("root");
if (!element) throw new Error("#root is missing from index.html");
const root = createRoot(element);

// The login screen, the first one most people see, comes without the app (web/login-entry.tsx); any
// other address loads the app at once, while the texts get ready.
const path = window.location.pathname;
const loginFirst = path === "/" || path === "/login";
let app = loginFirst ? null : import("./App");
// Someone already logged in opening a page: the shell's chunk (menus, header, styles) is fetched alongside
// the app instead of after it (the app's LazyAppLayout then finds it loaded).
if (!loginFirst && hasStoredSession()) void import("./layout/app-layout-chunk");

function hasStoredSession() {
  try {
    return Boolean(sessionStorage.getItem(SESSION_STORAGE_KEY) ?? localStorage.getItem(SESSION_STORAGE_KEY));
  } catch {
    return false; // storage refused (privacy settings): the app decides
  }
}

let appOpened = false;
/** Loads the whole app (router, data, shell) and shows `target` (the current address when omitted). */
async function openApp(target?: string) {
  if (appOpened) return;
  appOpened = true;
  if (target) window.history.replaceState(null, "", target);
  app ??= import("./App");
  const { App } = await app;
  // As a transition, React renders the whole app in slices of a few milliseconds, yielding to the browser
  // in between: on a phone the first render is no longer one long task that blocks every tap.
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

// Spanish is built in; English (when chosen) arrives in a few milliseconds, before the first paint.
await i18nReady;
if (loginFirst) {
  const { mountLogin } = await import("./login-entry");
  mountLogin(root, (target) => void openApp(target));
} else {
  await openApp();
}
