import "@testing-library/jest-dom/vitest";
import { cleanup, configure, getConfig } from "@testing-library/react";
import { afterAll, afterEach, vi } from "vitest";
import i18n from "../i18n";
import esAreas from "../i18n/es-areas.json";
import { resetAppState } from "./app-state";

// Tests render pages and area components without the area loader that registers these texts in the app
// (web/i18n/areas.ts): they have them from the start.
i18n.addResourceBundle("es", "translation", esAreas, true, false);

// Lazily loaded pages take a moment on their first, cold import: in CI, beside the journeys and the process
// tests on two cores, more than 10 s was seen. A wait that cannot succeed still fails, after 30 s.
configure({ asyncUtilTimeout: 30_000 });

// A query that fails while `waitFor`/`findBy*` retries it builds its error with a print of the whole page,
// on every try (Testing Library's own flag marks those tries), and the error is thrown away unless it is
// the last one. Those tries get the bare message; the error that reaches the test still has the page,
// added when the wait gives up (waitFor's onTimeout), and a failing getBy* outside a wait is untouched.
const defaultGetElementError = getConfig().getElementError;
const retrying = () =>
  (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics;
configure({
  getElementError: (message, container) => {
    if (!retrying()) return defaultGetElementError(message, container);
    const error = new Error(message ?? "");
    error.name = "TestingLibraryElementError";
    return error;
  },
});

// happy-dom follows a clicked link, a download's `blob:` one included: the page's address would then stay
// there, and a relative image address in a later test would not parse (an error event instead of a load).
const testUrl = window.location.href;
const happyDom = (window as unknown as { happyDOM?: { setURL(url: string): void } }).happyDOM;

afterEach(() => {
  cleanup();
  if (window.location.href !== testUrl) happyDom?.setURL(testUrl);
});

// The files of a worker share its modules and its window (isolate: false in vitest.config.ts): each leaves
// them as a fresh one would find them, whatever its own tests cleaned up.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  resetAppState();
});

// The DOM here lays nothing out, so an IntersectionObserver would never report an element in view: as in a
// browser without one, components show at once what they would show on scrolling to it (lazy covers).
// @ts-expect-error: removed on purpose
delete window.IntersectionObserver;

// The test DOM may lack these browser APIs that Mantine relies on.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      // Browsers match an empty query; mantine-datatable draws its cells only when it matches.
      matches: query.trim() === "",
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
// mantine-datatable scrolls its body back to the top on a new page.
Element.prototype.scrollTo ??= () => {};
