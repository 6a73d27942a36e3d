import { Group, Stack } from "@mantine/core";
import { type DataTablePaginationRenderContext, DataTable as MantineDataTable } from "mantine-datatable";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ColumnsMenu } from "./ColumnsMenu";
import { type DataTableColumn, nextSortBy, skeletonRecords, toMantineColumns, toSortStatus } from "./columns";
import { PAGE_SIZE_OPTIONS, pageCount } from "./list-params";
import { PageJump } from "./PageJump";
import { SearchInput } from "./SearchInput";

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  /** The current page's rows (`data` of the list answer); undefined before the first answer. */
  records: T[] | undefined;
  /** `meta.total` of the list answer. */
  total: number;
  page: number;
  limit: number;
  search?: string;
  sortBy?: string | null;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  /** Without it there is no search box. */
  onSearchChange?: (search: string) => void;
  /** Without it no column is sortable. */
  onSortChange?: (sortBy: string | null) => void;
  /** A request is running: skeleton rows when there is nothing to show yet, an overlay otherwise. */
  fetching?: boolean;
  /** Details/actions cell shown in the last column. */
  actions?: (record: T) => ReactNode;
  actionsTitle?: ReactNode;
  /** Extra controls beside "Columnas" (e.g. a "create" button). */
  toolbar?: ReactNode;
  /** Record key; `id` by default. */
  idAccessor?: string;
}

/**
 * Server-side list: search, sortable columns, column visibility, actions cell, pagination with page
 * size and page jump. Page, size, search and order are owned by the parent (kept in the URL) —
 * see `bindListParams`.
 */
export function DataTable<T>({
  columns,
  records,
  total,
  page,
  limit,
  search = "",
  sortBy = null,
  onPageChange,
  onLimitChange,
  onSearchChange,
  onSortChange,
  fetching = false,
  actions,
  actionsTitle,
  toolbar,
  idAccessor = "id",
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(
    () => new Set(columns.filter((c) => c.hiddenByDefault).map((c) => c.accessor)),
  );
  const skeleton = fetching && (!records || records.length === 0);
  const lastPage = pageCount(total, limit);

  useEffect(() => {
    if (!fetching && total > 0 && page > lastPage) onPageChange(lastPage);
  }, [fetching, total, page, lastPage, onPageChange]);

  const mantineColumns = useMemo(
    () =>
      toMantineColumns(columns, {
        hidden,
        sortable: !!onSortChange,
        skeleton,
        actions,
        actionsTitle: actionsTitle ?? t("components.dataTable.actions"),
      }),
    [columns, hidden, onSortChange, skeleton, actions, actionsTitle, t],
  );

  const toggleColumn = (accessor: string, visible: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (visible) next.delete(accessor);
      else next.add(accessor);
      return next;
    });

  const sortProps = onSortChange
    ? {
        sortStatus: toSortStatus(columns, sortBy),
        onSortStatusChange: (status: { columnAccessor: unknown }) =>
          onSortChange(nextSortBy(columns, sortBy, String(status.columnAccessor))),
      }
    : {};

  const paginationProps = skeleton
    ? {}
    : {
        page,
        onPageChange,
        totalRecords: total,
        recordsPerPage: limit,
        recordsPerPageOptions: [...PAGE_SIZE_OPTIONS],
        onRecordsPerPageChange: onLimitChange,
        recordsPerPageLabel: t("components.dataTable.recordsPerPage"),
        loadingText: t("components.dataTable.loading"),
        getPaginationControlProps: (control: string) =>
          control === "previous"
            ? { "aria-label": t("components.dataTable.previousPage") }
            : control === "next"
              ? { "aria-label": t("components.dataTable.nextPage") }
              : {},
        paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
          t("components.dataTable.paginationText", { from, to, total: totalRecords }),
        renderPagination: ({ Controls }: DataTablePaginationRenderContext) => (
          <>
            <Controls.Text />
            <Controls.PageSizeSelector />
            <Group gap="sm" wrap="wrap">
              <Controls.Pagination siblings={2} />
              <PageJump lastPage={lastPage} onJump={onPageChange} />
            </Group>
          </>
        ),
      };

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {onSearchChange ? <SearchInput value={search} onChange={onSearchChange} /> : <span />}
        <Group gap="sm">
          {toolbar}
          <ColumnsMenu columns={columns} hidden={hidden} onToggle={toggleColumn} />
        </Group>
      </Group>
      <MantineDataTable<T>
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        minHeight={300}
        columns={mantineColumns}
        records={skeleton ? (skeletonRecords as T[]) : (records ?? [])}
        idAccessor={skeleton ? "id" : idAccessor}
        fetching={fetching && !skeleton}
        noRecordsText={t("components.dataTable.empty")}
        {...sortProps}
        {...paginationProps}
      />
    </Stack>
  );
}
