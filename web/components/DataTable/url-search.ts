import { useCallback, useRef } from "react";
import {
  createSearchParams,
  type SetURLSearchParams,
  useSearchParams as useRouterSearchParams,
} from "react-router";

/**
 * What a caller changed, applied to the latest query: the keys whose values differ between the query its
 * render read (`shown`) and the one it asks for (`next`) take `next`'s values (or go, when `next` lacks them);
 * every other key keeps its value in `latest`, a change asked for since that render included.
 */
export function mergeSearchChange(
  shown: URLSearchParams,
  next: URLSearchParams,
  latest: URLSearchParams,
): URLSearchParams {
  const merged = new URLSearchParams(latest);
  for (const key of new Set([...shown.keys(), ...next.keys()])) {
    const before = shown.getAll(key);
    const after = next.getAll(key);
    if (before.length === after.length && before.every((value, i) => value === after[i])) continue;
    merged.delete(key);
    for (const value of after) merged.append(key, value);
  }
  return merged;
}

/**
 * React Router's `useSearchParams` for screens whose filters, page and order live in the address, safe for
 * changes made in quick succession. The router renders a new address later (in a transition), and each
 * screen builds its whole query from the one its last render read: a second change before that render (a
 * date typed in "Hasta" right after one in "Desde", on a busy phone) would otherwise drop the first one,
 * and the list would silently show other rows than the filters say. Here each change is applied to the
 * latest query asked for, keeping what the caller did not touch.
 */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const [searchParams, setRouterSearchParams] = useRouterSearchParams();
  const shown = searchParams.toString();
  // The query this screen last asked for, until a render shows another one (its own, or a link's).
  const latest = useRef({ shown, asked: shown });
  if (latest.current.shown !== shown) latest.current = { shown, asked: shown };

  const setSearchParams: SetURLSearchParams = useCallback(
    (nextInit, options) => {
      const asked = new URLSearchParams(latest.current.asked);
      const merged =
        typeof nextInit === "function"
          ? createSearchParams(nextInit(new URLSearchParams(asked)))
          : mergeSearchChange(searchParams, createSearchParams(nextInit), asked);
      latest.current.asked = merged.toString();
      setRouterSearchParams(merged, options);
    },
    [searchParams, setRouterSearchParams],
  );
  return [searchParams, setSearchParams];
}
