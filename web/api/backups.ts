import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BackupArchive, BackupStatus } from "../../common/schemas/backups";
import { api } from "./client";
import type { ItemResponse } from "./types";

export type { BackupArchive, BackupStatus };

export const backupKeys = { status: ["backups"] as const };

export const backupsApi = {
  status: (signal?: AbortSignal) => api.get<ItemResponse<BackupStatus>>("/backups", { signal }),
  create: () => api.post<ItemResponse<BackupStatus>>("/backups"),
};

/** How often the page asks for the progress of a running backup. */
export const BACKUP_POLL_MS = 1000;

/** The archives and the running backup; polls while one runs. */
export function useBackups() {
  return useQuery({
    queryKey: backupKeys.status,
    queryFn: ({ signal }) => backupsApi.status(signal).then((r) => r.data),
    refetchInterval: (query) => (query.state.data?.running ? BACKUP_POLL_MS : false),
  });
}

/** "Crear copia ahora": the answer (a running backup) replaces the status, which then polls. */
export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => backupsApi.create().then((r) => r.data),
    onSuccess: (status) => queryClient.setQueryData(backupKeys.status, status),
  });
}
