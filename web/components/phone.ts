import { useMediaQuery } from "@mantine/hooks";

/** A phone's screen: where the layout hides the sidebar (web/layout/AppLayout.tsx) and pages go compact. */
export const PHONE_QUERY = "(max-width: 48em)";

/** Whether the screen is a phone's, known on the first render (no wide frame flashes first). */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
