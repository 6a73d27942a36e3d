import { formatDateTime } from "../../../common/dates/format";

/** "23/11/2026 09:15" at the school. */
export const formatBackupTime = (iso: string) => formatDateTime(iso);

/** Bytes as a person reads them (base 1024): "812 B", "63,9 KB", "1,2 GB". */
export function formatBytes(bytes: number, locale = "es"): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  return `${value.toLocaleString(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${units[unit]}`;
}

/** Progress of a running backup as a percentage (tables first, then files). */
export function backupPercent(progress: { phase: string; done: number; total: number } | null): number {
  if (!progress) return 0;
  if (progress.phase === "done") return 100;
  const share = progress.total > 0 ? progress.done / progress.total : 0;
  return Math.round(progress.phase === "tables" ? share * 80 : 80 + share * 20);
}
