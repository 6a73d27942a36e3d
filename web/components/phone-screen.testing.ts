import { vi } from "vitest";
import { PHONE_QUERY } from "./phone";

/** Tests only: the screen is a phone's (PHONE_QUERY matches) until `vi.restoreAllMocks()`. */
export function onPhoneScreen() {
  return vi.spyOn(window, "matchMedia").mockImplementation(
    (query: string) =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}
