import { Button } from "@mantine/core";
import { IconFileSpreadsheet } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { QueryParams } from "../../api/client";
import { downloadCsv } from "../../api/download";
import { isApiError } from "../../api/errors";
import { toast } from "../toast";

/** What a list's "Exportar CSV" downloads: the list route, the list's query, the file's base name. */
export interface CsvExport {
  /** The list route, relative to /api (e.g. `/classrooms`). */
  url: string;
  /** The list's query (search, sort_by, filters); page and limit are dropped: the file has every row. */
  params?: QueryParams;
  /** File name without date or extension (e.g. `aulas` → `aulas-2026-11-23.csv`). */
  filename: string;
}

/**
 * "Exportar CSV": downloads every row of the list, with its search, order and filters, with the session's
 * token; the button shows it is working meanwhile, and a failure is said in a toast.
 */
export function ExportCsvButton({ url, params, filename }: CsvExport) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function exportCsv() {
    setBusy(true);
    try {
      await downloadCsv(url, { params, filename });
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
      leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      loading={busy}
      loaderProps={{ type: "dots" }}
      aria-busy={busy}
      onClick={() => void exportCsv()}
    >
      {busy ? t("components.dataTable.exporting") : t("components.dataTable.exportCsv")}
    </Button>
  );
}
