import { Skeleton } from "@mantine/core";
import type { DataTableColumn as MantineColumn } from "mantine-datatable";
import type { ReactNode } from "react";
import classes from "./DataTable.module.css";
import { formatSortBy, parseSortBy } from "./list-params";
import { type ColumnSort, SortHeader } from "./SortHeader";

export interface DataTableColumn<T> {
  /** Field of the record (dot paths allowed); also the default `sort_by` field. */
  accessor: string;
  title: ReactNode;
  /** Cell content; the field's value when omitted. */
  render?: (record: T, index: number) => ReactNode;
  sortable?: boolean;
  /** Field name the server sorts by, when it differs from `accessor`. */
  sortField?: string;
  /** Starts hidden; the user can show it from "Columnas". */
  hiddenByDefault?: boolean;
  width?: number | string;
  /** Narrowest the column may get (e.g. a description on a phone, where the table scrolls instead). */
  minWidth?: number | string;
  /** Keep the cells on one line (codes, numbers, badges): the column is never narrower than its content. */
  noWrap?: boolean;
  textAlign?: "left" | "center" | "right";
  /**
   * Where the table is wider than the screen, columns are hidden to fit (fit-columns.ts): the lowest
   * priority first, then from the right. 0 by default; the first column is never hidden.
   */
  priority?: number;
}

export const ACTIONS_ACCESSOR = "__actions";
export const SKELETON_ROWS = 5;

export const skeletonRecords = Array.from({ length: SKELETON_ROWS }, (_, index) => ({
  id: `skeleton-${index}`,
}));

const skeletonCell = () => <Skeleton height={12} radius="sm" data-testid="skeleton-cell" />;

const sortFieldOf = <T,>(column: DataTableColumn<T>) => column.sortField ?? column.accessor;

/**
 * The `sort_by` after a click on a column header: the same column toggles asc/desc,
 * another column starts ascending.
 */
export function nextSortBy<T>(columns: DataTableColumn<T>[], sortBy: string | null, accessor: string) {
  const column = columns.find((c) => c.accessor === accessor);
  if (!column) return sortBy;
  const field = sortFieldOf(column);
  const current = parseSortBy(sortBy);
  const direction = current?.field === field && current.direction === "asc" ? "desc" : "asc";
  return formatSortBy(field, direction);
}

/** How the table is ordered by `column` under `sort_by`. */
export function columnSort<T>(column: DataTableColumn<T>, sortBy: string | null): ColumnSort {
  const sort = parseSortBy(sortBy);
  return sort && sort.field === sortFieldOf(column) ? sort.direction : "none";
}

interface BuildOptions<T> {
  hidden: ReadonlySet<string>;
  /** The order in effect (`sort_by`). */
  sortBy: string | null;
  /** Header click of a sortable column; without it no column sorts. */
  onSort?: (accessor: string) => void;
  skeleton: boolean;
  actions?: (record: T) => ReactNode;
  actionsTitle: ReactNode;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * A cell's text as shown: an e-mail address may wrap after its "@" (a narrow column then keeps
 * "coordinador2@ / demo.edu.ve" whole instead of pushing the actions off the screen).
 */
export function breakableText(value: ReactNode): ReactNode {
  if (typeof value !== "string" || !EMAIL.test(value)) return value;
  const at = value.indexOf("@") + 1;
  return (
    <>
      {value.slice(0, at)}
      <wbr />
      {value.slice(at)}
    </>
  );
}

/** The field at a dot path of the record (`student.email`), as mantine-datatable reads it. */
const valueAt = (record: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], record);

const cellRenderer =
  <T,>(column: DataTableColumn<T>) =>
  (record: T, index: number): ReactNode =>
    breakableText(
      column.render ? column.render(record, index) : (valueAt(record, column.accessor) as ReactNode),
    );

/**
 * Our column definitions as mantine-datatable columns (visibility, skeleton cells, actions column).
 * Sortable headers are our own `SortHeader` (Spanish labels, `aria-sort`), not mantine-datatable's,
 * whose header cell is a `role="button"` announcing "Not sorted" in English.
 */
export function toMantineColumns<T>(
  columns: DataTableColumn<T>[],
  { hidden, sortBy, onSort, skeleton, actions, actionsTitle }: BuildOptions<T>,
): MantineColumn<T>[] {
  const result: MantineColumn<T>[] = columns.map((column) => {
    const minWidth = column.minWidth;
    return {
      accessor: column.accessor,
      title:
        onSort && column.sortable ? (
          <SortHeader
            title={column.title}
            sort={columnSort(column, sortBy)}
            onSort={() => onSort(column.accessor)}
          />
        ) : (
          column.title
        ),
      hidden: hidden.has(column.accessor),
      width: column.width,
      noWrap: column.noWrap,
      textAlign: column.textAlign,
      ...(minWidth === undefined ? {} : { titleStyle: { minWidth }, cellsStyle: () => ({ minWidth }) }),
      render: skeleton ? skeletonCell : cellRenderer(column),
    };
  });
  if (actions) {
    result.push({
      accessor: ACTIONS_ACCESSOR,
      title: actionsTitle,
      textAlign: "right",
      noWrap: true,
      cellsClassName: classes.actions,
      render: skeleton ? skeletonCell : (record) => actions(record),
    });
  }
  return result;
}
