import { z } from "zod";

/** One archive in BACKUP_DIR. */
export const backupArchiveSchema = z.object({
  name: z.string(),
  /** Bytes. */
  size: z.number().int(),
  created_at: z.string(),
});
export type BackupArchive = z.infer<typeof backupArchiveSchema>;

/** GET /backups: the archives (newest first), the schedule and the backup running now, if any. */
export const backupStatusSchema = z.object({
  archives: z.array(backupArchiveSchema),
  /** The newest archive (the last successful backup); null when there is none. */
  last: backupArchiveSchema.nullable(),
  running: z.boolean(),
  /** While running: which part (tables, then files) and how far (done of total). */
  progress: z
    .object({ phase: z.enum(["tables", "files", "done"]), done: z.number().int(), total: z.number().int() })
    .nullable(),
  /** The last failure of this server since it started, in Spanish; null after a success. */
  last_error: z.string().nullable(),
  /** BACKUP_EVERY_HOURS (0: no scheduled backups). */
  every_hours: z.number(),
  /** BACKUP_KEEP. */
  keep: z.number().int(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;
