import { type QueryParams, request } from "./client";
import { ApiError } from "./errors";

/** Today on this device as `YYYY-MM-DD` (the date a downloaded file is named after). */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Hands `blob` to the browser as a download named `filename` (an object URL a hidden link clicks). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.style.display = "none";
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; the URL is freed after that.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file the API answers (a CSV export, a report) with the session's bearer token — a plain
 * link would be refused with 401 — and saves it as `filename`. The error catalogue is skipped except an
 * ended session (401), so the caller can say what failed; it rejects with the ApiError.
 *
 * ```ts
 * await downloadFile("/classrooms", { query: { search, format: "csv" }, filename: "aulas-2026-11-23.csv" });
 * ```
 */
export async function downloadFile(
  path: string,
  opts: { query?: QueryParams; filename: string; accept?: string; signal?: AbortSignal },
): Promise<void> {
  const blob = await request<Blob>("GET", path, {
    query: opts.query,
    responseType: "blob",
    headers: { Accept: opts.accept ?? "text/csv" },
    quiet: (error: ApiError) => error.status !== 401,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  // (Not `instanceof Blob`: fetch's Blob may come from another realm, e.g. under a test DOM.)
  if (typeof (blob as Blob | undefined)?.arrayBuffer !== "function")
    throw new ApiError("http", 200, { message: "invalid_response" });
  saveBlob(blob, opts.filename);
}

/** The files a list exports, and what the request accepts for each. */
export type ExportFormat = "csv" | "xlsx";
const exportTypes: Record<ExportFormat, string> = {
  csv: "text/csv",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

/**
 * A list's export: the list's own query (search, sort, filters) without its page, as `format=csv` or
 * `format=xlsx`, saved as `{base}-{today}.csv` / `.xlsx`.
 */
export function downloadExport(
  path: string,
  opts: { params?: QueryParams; filename: string; format: ExportFormat; signal?: AbortSignal },
): Promise<void> {
  const { page: _page, limit: _limit, ...query } = opts.params ?? {};
  return downloadFile(path, {
    query: { ...query, format: opts.format },
    filename: `${opts.filename}-${localDate()}.${opts.format}`,
    accept: exportTypes[opts.format],
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}
