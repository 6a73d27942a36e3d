import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";
import i18n from "../i18n";
import esAreas from "../i18n/es-areas.json";

// Tests render pages and area components without the area loader that registers these texts in the app
// (web/i18n/areas.ts): they have them from the start.
i18n.addResourceBundle("es", "translation", esAreas, true, false);

afterEach(() => cleanup());

// jsdom lacks these browser APIs that Mantine relies on.
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
