import { useDebouncedCallback } from "@mantine/hooks";

/**
 * Debounce waits of spec.md §9: 300 ms for a component that gives no other value, 600 ms for text
 * inputs (`CountedTextInput`, `CountedTextarea`), 400 ms for a table's search (`SEARCH_DEBOUNCE_MS`).
 */
export const DEBOUNCE_MS = 300;
export const TEXT_INPUT_DEBOUNCE_MS = 600;

/**
 * `callback` once calls stop for `delay` ms (300 ms unless given); pending calls are dropped when the
 * component unmounts.
 */
export function useDebounced<A extends unknown[]>(
  callback: (...args: A) => void,
  delay: number = DEBOUNCE_MS,
) {
  return useDebouncedCallback(callback, delay);
}
