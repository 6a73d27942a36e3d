import { useCallback, useMemo, useState } from "react";

/** Where a table's column choices are kept: `aula.table.<key>.columns` in localStorage. */
export const columnStorageKey = (tableKey: string) => `aula.table.${tableKey}.columns`;

type Choices = Record<string, boolean>;

function readChoices(tableKey: string | undefined): Choices {
  if (!tableKey) return {};
  try {
    const raw = localStorage.getItem(columnStorageKey(tableKey));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"),
    );
  } catch {
    return {};
  }
}

function writeChoices(tableKey: string, choices: Choices) {
  try {
    localStorage.setItem(columnStorageKey(tableKey), JSON.stringify(choices));
  } catch {
    // storage full or blocked: the choice lasts until the page is left
  }
}

/**
 * The hidden columns of a table: its defaults (`hiddenByDefault`) overridden by what the user chose in
 * "Columnas". With a `tableKey` the choices are kept in localStorage, so they survive a reload or a
 * visit to a form; a column added later starts with its default.
 */
export function useHiddenColumns(
  columns: readonly { accessor: string; hiddenByDefault?: boolean }[],
  tableKey?: string,
) {
  const [choices, setChoices] = useState<Choices>(() => readChoices(tableKey));
  const hidden: ReadonlySet<string> = useMemo(
    () => new Set(columns.filter((c) => !(choices[c.accessor] ?? !c.hiddenByDefault)).map((c) => c.accessor)),
    [columns, choices],
  );
  const toggle = useCallback(
    (accessor: string, visible: boolean) =>
      setChoices((current) => {
        const next = { ...current, [accessor]: visible };
        if (tableKey) writeChoices(tableKey, next);
        return next;
      }),
    [tableKey],
  );
  /** Columns the user chose to show: never hidden to make the table fit. */
  const shown: ReadonlySet<string> = useMemo(
    () => new Set(Object.keys(choices).filter((accessor) => choices[accessor] === true)),
    [choices],
  );
  return { hidden, shown, toggle };
}
