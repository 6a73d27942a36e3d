import { Button, Group } from "@mantine/core";
import { IconFileTypeCsv, IconFileTypeXls } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { QueryParams } from "../../api/client";
import { downloadExport, type ExportFormat } from "../../api/download";
import { isApiError } from "../../api/errors";
import { toast } from "../toast";

/** What a list's "Exportar CSV" and "Exportar Excel" download: the list route, its query, the file's name. */
export interface CsvExport {
  /** The list route, relative to /api (e.g. `/classrooms`). */
  url: string;
  /** The list's query (search, sort_by, filters); page and limit are dropped: the file has every row. */
  params?: QueryParams;
  /** File name without date or extension (e.g. `aulas` → `aulas-2026-11-23.csv`, `aulas-2026-11-23.xlsx`). */
  filename: string;
}

const icons = { csv: IconFileTypeCsv, xlsx: IconFileTypeXls } as const;
const labels = { csv: "components.dataTable.exportCsv", xlsx: "components.dataTable.exportXlsx" } as const;

/**
 * "Exportar CSV" and "Exportar Excel" side by side: every row of the list, with its search, order and
 * filters, as a CSV file or an Excel workbook (real dates and numbers, what a Spanish-locale spreadsheet
 * opens as it is).
 */
export function ExportButtons(props: CsvExport) {
  return (
    <Group gap="xs" wrap="wrap">
      <ExportButton {...props} format="csv" />
      <ExportButton {...props} format="xlsx" />
    </Group>
  );
}

/**
 * One export: downloads with the session's token; the button shows it is working meanwhile, and a failure
 * is said in a toast.
 */
function ExportButton({ url, params, filename, format }: CsvExport & { format: ExportFormat }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const Icon = icons[format];

  async function download() {
    setBusy(true);
    try {
      await downloadExport(url, { params, filename, format });
    } catch (error) {
      // A route change cancels the download on purpose; an ended session already took the user away.
      if (isApiError(error) && (error.kind === "cancelled" || error.status === 401)) return;
      const reason = isApiError(error) ? error.description : undefined;
      toast.error(reason ?? t("components.dataTable.exportErrorHint"), {
        title: t("components.dataTable.exportError"),
        duration: 5000,
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="default"
      leftSection={<Icon size={16} aria-hidden />}
      loading={busy}
      loaderProps={{ type: "dots" }}
      aria-busy={busy}
      onClick={() => void download()}
    >
      {busy ? t("components.dataTable.exporting") : t(labels[format])}
    </Button>
  );
}
