import { useMutation, useQueryClient } from "@tanstack/react-query";
import type {
  StudentImportPreview,
  StudentImportResult,
  StudentImportRow,
} from "../../common/schemas/student-import";
import { api } from "./client";
import { downloadFile } from "./download";
import type { ApiError } from "./errors";
import { studentKeys } from "./students";
import type { ItemResponse } from "./types";

export type { StudentImportPreview, StudentImportResult, StudentImportRow };

/**
 * A refused file or rows (422), or seats taken (or inscriptions closed) since the check: the page shows
 * the messages itself, beside the file picker.
 */
const isRefusal = (error: ApiError) =>
  error.status === 422 ||
  error.message === "no_available_sections_for_inscription" ||
  error.message === "period_inscriptions_are_disabled";

/** A file to import and, when two periods have inscriptions open, the one to inscribe into. */
export type StudentImportUpload = { file: File; periodId?: number | null };

function importForm({ file, periodId }: StudentImportUpload, dryRun: boolean): FormData {
  const form = new FormData();
  form.append("dry_run", dryRun ? "1" : "0");
  if (periodId) form.append("period_id", String(periodId));
  form.append("file", file);
  return form;
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
