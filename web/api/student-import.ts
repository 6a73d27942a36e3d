import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type {
  StudentImportPreview,
  StudentImportProgress,
  StudentImportResult,
  StudentImportRow,
} from "../../common/schemas/student-import";
import { sessionStore } from "../session/store";
import { API_BASE, api } from "./client";
import { downloadFile } from "./download";
import type { ApiError } from "./errors";
import { parseEvents } from "./notification-stream";
import { studentKeys } from "./students";
import type { ItemResponse } from "./types";

export type { StudentImportPreview, StudentImportProgress, StudentImportResult, StudentImportRow };

/**
 * A refused file or rows (422), or seats taken (or inscriptions closed) since the check: the page shows
 * the messages itself, beside the file picker.
 */
const isRefusal = (error: ApiError) =>
  error.status === 422 ||
  error.message === "no_available_sections_for_inscription" ||
  error.message === "period_inscriptions_are_disabled";

/**
 * A file to import and, when two periods have inscriptions open, the one to inscribe into; `progressId`
 * names the call to follow its progress (`useStudentImportProgress`).
 */
export type StudentImportUpload = { file: File; periodId?: number | null; progressId?: string | null };

function importForm({ file, periodId, progressId }: StudentImportUpload, dryRun: boolean): FormData {
  const form = new FormData();
  form.append("dry_run", dryRun ? "1" : "0");
  if (periodId) form.append("period_id", String(periodId));
  if (progressId) form.append("progress_id", progressId);
  form.append("file", file);
  return form;
}

/** A new name for one check or import, to follow its progress (letters, digits and `-`). */
export function newProgressId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return Array.from({ length: 24 }, () => Math.floor(Math.random() * 36).toString(36)).join("");
}

/** How long to wait before asking again for a progress the server does not know yet (the file is on its way). */
const RETRY_MS = 400;

/**
 * Follows the progress of the call named `progressId` (GET /api/students/import/progress/{id}, server-sent
 * events read with fetch so the bearer token goes in `Authorization`): asked again while it answers 404 (the
 * file is still being sent, or the answer reached another server), each report handed to `onProgress`, until
 * the last one ("done") or until the answer function is called. Answers the function that stops it.
 */
export function followStudentImport(
  progressId: string,
  onProgress: (progress: StudentImportProgress) => void,
): () => void {
  const controller = new AbortController();
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const token = sessionStore.token();
        const response = await fetch(
          `${API_BASE}/students/import/progress/${encodeURIComponent(progressId)}`,
          {
            headers: { Accept: "text/event-stream", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
            signal: controller.signal,
          },
        );
        if (response.status === 401 || response.status === 403) return;
        if (response.ok && response.body) {
          const reader = response.body.getReader();
          const decoder = new TextDecoder();
          let buffer = "";
          for (;;) {
            const { value, done } = await reader.read();
            if (done) return;
            const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
            buffer = parsed.rest;
            for (const e of parsed.events)
              if (e.event === "progress") onProgress(JSON.parse(e.data) as StudentImportProgress);
          }
        }
      } catch {
        // Aborted, or a dropped connection: the loop decides.
      }
      if (!controller.signal.aborted) await wait(RETRY_MS);
    }
  };
  void run();
  return () => controller.abort();
}

/**
 * The last progress report of the call named `progressId` while it is set (null before the first report,
 * and when `progressId` is null).
 */
export function useStudentImportProgress(progressId: string | null): StudentImportProgress | null {
  const [progress, setProgress] = useState<{ id: string; report: StudentImportProgress } | null>(null);
  useEffect(() => {
    if (!progressId) return;
    return followStudentImport(progressId, (report) => setProgress({ id: progressId, report }));
  }, [progressId]);
  return progress && progress.id === progressId ? progress.report : null;
}

export const studentImportApi = {
  /** Every row of the file with its errors; nothing is written. */
  check: (upload: StudentImportUpload) =>
    api
      .post<ItemResponse<StudentImportPreview>>("/students/import", importForm(upload, true), {
        quiet: isRefusal,
      })
      .then((r) => r.data),
  /**
   * Creates every student of the file, or none (422 when a row has an error), inscribing those whose row
   * names a specialization.
   */
  commit: (upload: StudentImportUpload) =>
    api
      .post<ItemResponse<StudentImportResult>>("/students/import", importForm(upload, false), {
        quiet: isRefusal,
      })
      .then((r) => r.data),
  template: () => downloadFile("/students/import/template", { filename: "plantilla-estudiantes.csv" }),
};

export function useCheckStudentImport() {
  return useMutation({ mutationFn: studentImportApi.check });
}

/** The import; the students lists are fetched again once it is done. */
export function useCommitStudentImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: studentImportApi.commit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.lists() }),
  });
}
