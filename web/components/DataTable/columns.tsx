import { Skeleton } from "@mantine/core";
import type { DataTableSortStatus, DataTableColumn as MantineColumn } from "mantine-datatable";
import type { ReactNode } from "react";
import { formatSortBy, parseSortBy } from "./list-params";

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
  textAlign?: "left" | "center" | "right";
}

export const ACTIONS_ACCESSOR = "__actions";
export const SKELETON_ROWS = 5;

export const skeletonRecords = Array.from({ length: SKELETON_ROWS }, (_, index) => ({
  id: `skeleton-${index}`,
}));

const skeletonCell = () => <Skeleton height={12} radius="sm" data-testid="skeleton-cell" />;

const sortFieldOf = <T,>(column: DataTableColumn<T>) => column.sortField ?? column.accessor;

/** The mantine-datatable sort status that `sort_by` stands for. */
export function toSortStatus<T>(
  columns: DataTableColumn<T>[],
  sortBy: string | null,
): DataTableSortStatus<T> {
  const sort = parseSortBy(sortBy);
  const column = sort && columns.find((c) => sortFieldOf(c) === sort.field);
  return { columnAccessor: column ? column.accessor : "", direction: sort?.direction ?? "asc" };
}

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

interface BuildOptions<T> {
  hidden: ReadonlySet<string>;
  sortable: boolean;
  skeleton: boolean;
  actions?: (record: T) => ReactNode;
  actionsTitle: ReactNode;
}

/** Our column definitions as mantine-datatable columns (visibility, skeleton cells, actions column). */
export function toMantineColumns<T>(
  columns: DataTableColumn<T>[],
  { hidden, sortable, skeleton, actions, actionsTitle }: BuildOptions<T>,
): MantineColumn<T>[] {
  const result: MantineColumn<T>[] = columns.map((column) => ({
    accessor: column.accessor,
    title: column.title,
    sortable: sortable && !!column.sortable,
    hidden: hidden.has(column.accessor),
    width: column.width,
    textAlign: column.textAlign,
    ...(skeleton ? { render: skeletonCell } : column.render ? { render: column.render } : {}),
  }));
  if (actions) {
    result.push({
      accessor: ACTIONS_ACCESSOR,
      title: actionsTitle,
      textAlign: "right",
      render: skeleton ? skeletonCell : (record) => actions(record),
    });
  }
  return result;
}
