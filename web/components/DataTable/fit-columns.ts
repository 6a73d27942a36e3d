import { type RefObject, useLayoutEffect, useMemo, useState } from "react";

/** Narrower than this (a phone), the table scrolls sideways instead of losing columns. */
export const FIT_MIN_WIDTH = 600;

const overflows = (box: HTMLElement) => box.scrollWidth > box.clientWidth + 1;

/**
 * How much wider the box must get before every column is tried again: more than a page scroll bar, which
 * comes and goes as hidden columns make the rows shorter (else the two would take turns forever).
 */
const REGROW_PX = 32;

/**
 * The columns that may be hidden to fit, in the order they go: all but the first and those the user hid or
 * chose to show; the lowest `priority` first, then from the right.
 */
export function fitOrder(
  columns: readonly { accessor: string; priority?: number }[],
  hidden: ReadonlySet<string>,
  shown: ReadonlySet<string>,
): string[] {
  return columns
    .slice(1)
    .map((column, index) => ({ accessor: column.accessor, priority: column.priority ?? 0, index }))
    .filter(({ accessor }) => !hidden.has(accessor) && !shown.has(accessor))
    .sort((a, b) => a.priority - b.priority || b.index - a.index)
    .map(({ accessor }) => accessor);
}

type Fit = { records: unknown; width: number; wrapAnywhere: boolean; hidden: readonly string[] };

export type FitState = {
  /** Long words (a reference number, a code) may break anywhere in their cell. */
  wrapAnywhere: boolean;
  hidden: ReadonlySet<string>;
};

/**
 * What makes the table fit its box (a 1280 px laptop beside the sidebar). While the table is wider than
 * `viewportRef`: first long words may break anywhere in their cells, then the next of `candidates` (the
 * columns that may go, in the order they go) is hidden, one at a time. It starts again with every column
 * for new rows or a wider box. The user brings a column back from "Columnas" (it then stops being a
 * candidate and the table may scroll, its actions pinned in view).
 */
export function useFitColumns({
  viewportRef,
  candidates,
  records,
}: {
  viewportRef: RefObject<HTMLElement | null>;
  candidates: readonly string[];
  /** The rows shown: new rows may need fewer columns hidden. */
  records: unknown;
}): FitState {
  const [fit, setFit] = useState<Fit>({ records, width: 0, wrapAnywhere: false, hidden: [] });
  const [, remeasure] = useState(0);
  const hidden = fit.hidden.filter((accessor) => candidates.includes(accessor));

  // Measured after every render, before the browser paints: hiding a column re-renders at once.
  useLayoutEffect(() => {
    const box = viewportRef.current;
    if (!box) return;
    const width = box.clientWidth;
    const fresh = fit.records !== records || width > fit.width + REGROW_PX;
    if (fresh && (hidden.length > 0 || fit.wrapAnywhere)) {
      setFit({ records, width, wrapAnywhere: false, hidden: [] });
      return;
    }
    if (width < FIT_MIN_WIDTH || !overflows(box)) return;
    if (!fit.wrapAnywhere) {
      setFit({ records, width, wrapAnywhere: true, hidden });
      return;
    }
    const next = candidates.find((accessor) => !hidden.includes(accessor));
    if (next) setFit({ records, width, wrapAnywhere: true, hidden: [...hidden, next] });
  });

  useLayoutEffect(() => {
    const box = viewportRef.current;
    if (!box || typeof ResizeObserver === "undefined") return;
    let last = box.clientWidth;
    const observer = new ResizeObserver(() => {
      if (box.clientWidth === last) return;
      last = box.clientWidth;
      remeasure((n) => n + 1);
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, [viewportRef]);

  const key = hidden.join("\n");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the set changes only when its members do.
  const set = useMemo(() => new Set(hidden), [key]);
  return { wrapAnywhere: fit.wrapAnywhere, hidden: set };
}
