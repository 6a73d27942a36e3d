import { Button, Group, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconRefresh } from "@tabler/icons-react";
import { type DataTablePaginationRenderContext, DataTable as MantineDataTable } from "mantine-datatable";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ColumnsMenu } from "./ColumnsMenu";
import { useHiddenColumns } from "./column-visibility";
import { type DataTableColumn, nextSortBy, skeletonRecords, toMantineColumns } from "./columns";
import classes from "./DataTable.module.css";
import { type CsvExport, ExportButtons } from "./ExportButtons";
import { fitOrder, useFitColumns } from "./fit-columns";
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
  /**
   * The list could not be loaded: instead of rows (or "No hay resultados encontrados") the table says so
   * and offers "Reintentar", which calls `onRetry` (e.g. the query's `refetch`).
   */
  error?: boolean;
  onRetry?: () => void;
  /**
   * Names the table for the columns the user hides or shows ("Columnas"), kept in localStorage so they
   * survive a reload and a visit to a form. Without it the choice lasts while the table is shown.
   */
  storageKey?: string;
  /** Details/actions cell shown in the last column. */
  actions?: (record: T) => ReactNode;
  actionsTitle?: ReactNode;
  /** Extra controls beside "Columnas" (e.g. a "create" button). */
  toolbar?: ReactNode;
  /** Record key; `id` by default. */
  idAccessor?: string;
  /**
   * Adds "Exportar CSV" and "Exportar Excel": every row of the list route (`url`, relative to /api) with the
   * list's `params` (search, sort, filters; page and limit are dropped), saved as `{filename}-{today}.csv`
   * or `.xlsx`.
   */
  csvExport?: CsvExport;
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
  error = false,
  onRetry,
  storageKey,
  actions,
  actionsTitle,
  toolbar,
  idAccessor = "id",
  csvExport,
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const { hidden: chosenHidden, shown, toggle: toggleColumn } = useHiddenColumns(columns, storageKey);
  const failed = error && !fetching;
  const rows = failed ? [] : (records ?? []);
  const skeleton = fetching && rows.length === 0;
  const viewportRef = useRef<HTMLDivElement>(null);
  const fitCandidates = useMemo(() => fitOrder(columns, chosenHidden, shown), [columns, chosenHidden, shown]);
  const { hidden: fitHidden, wrapAnywhere } = useFitColumns({
    viewportRef,
    candidates: fitCandidates,
    records: skeleton ? skeletonRecords : failed ? null : records,
  });
  const hidden = useMemo(() => new Set([...chosenHidden, ...fitHidden]), [chosenHidden, fitHidden]);
  const lastPage = pageCount(total, limit);

  useEffect(() => {
    if (!fetching && total > 0 && page > lastPage) onPageChange(lastPage);
  }, [fetching, total, page, lastPage, onPageChange]);

  const mantineColumns = useMemo(
    () =>
      toMantineColumns(columns, {
        hidden,
        sortBy,
        ...(onSortChange
          ? { onSort: (accessor: string) => onSortChange(nextSortBy(columns, sortBy, accessor)) }
          : {}),
        skeleton,
        actions,
        actionsTitle: actionsTitle ?? t("components.dataTable.actions"),
      }),
    [columns, hidden, sortBy, onSortChange, skeleton, actions, actionsTitle, t],
  );

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
        <Group gap="sm" wrap="wrap">
          {toolbar}
          {csvExport ? <ExportButtons {...csvExport} /> : null}
          <ColumnsMenu
            columns={columns}
            hidden={hidden}
            hiddenToFit={fitHidden.size > 0}
            onToggle={toggleColumn}
          />
        </Group>
      </Group>
      <MantineDataTable<T>
        withTableBorder
        borderRadius="sm"
        striped
        highlightOnHover
        minHeight={300}
        pinFirstColumn
        // If a user shows every column and the table scrolls after all, the actions stay in view.
        pinLastColumn={Boolean(actions)}
        className={classes.table}
        scrollViewportRef={viewportRef}
        data-hidden-to-fit={fitHidden.size > 0 ? [...fitHidden].join(" ") : undefined}
        data-wrap-anywhere={wrapAnywhere || undefined}
        columns={mantineColumns}
        records={skeleton ? (skeletonRecords as T[]) : rows}
        idAccessor={skeleton ? "id" : idAccessor}
        fetching={fetching && !skeleton}
        noRecordsText={t("components.dataTable.empty")}
        {...(failed ? { emptyState: <LoadError onRetry={onRetry} /> } : {})}
        {...paginationProps}
      />
    </Stack>
  );
}

/** What the table shows when its list could not be loaded. */
function LoadError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="xs" role="alert" style={{ pointerEvents: "auto" }} px="md">
      <ThemeIcon variant="light" color="red" size="xl" radius="xl" aria-hidden>
        <IconAlertTriangle size={22} />
      </ThemeIcon>
      <Text fw={600}>{t("components.dataTable.loadError")}</Text>
      <Text size="sm" c="gray.7" ta="center">
        {t("components.dataTable.loadErrorHint")}
      </Text>
      {onRetry ? (
        <Button variant="light" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry}>
          {t("components.dataTable.retry")}
        </Button>
      ) : null}
    </Stack>
  );
}
