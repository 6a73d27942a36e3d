import { Paper, Progress, Stack, Text, VisuallyHidden } from "@mantine/core";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { StudentImportProgress } from "../../api/student-import";

/** "20.000": counts as Spanish writes them. */
const count = (n: number) => n.toLocaleString("es-VE");

/**
 * The bar of a check ("Revisar archivo") or an import under way: the rows checked or the students saved out
 * of the file's, as the server reports them ("Verificando fila 5.000 de 20.000"); without a count (a moving
 * bar) while the file is sent and read. A progressbar named by what runs, whose value is the rows done.
 */
export function StudentImportProgressBar({
  action,
  progress,
}: {
  action: "check" | "import";
  progress: StudentImportProgress | null;
}) {
  const { t } = useTranslation();
  const textId = useId();
  // Shown where the user clicked (below a long preview for an import): brought into view once.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: "nearest" });
  }, []);
  const counted =
    progress !== null &&
    (progress.phase === "checking" || progress.phase === "writing") &&
    progress.total > 0;
  const text =
    progress === null
      ? t(action === "check" ? "studentImport.checking" : "studentImport.progress.importing")
      : progress.phase === "reading"
        ? t("studentImport.progress.reading")
        : progress.phase === "done" || !counted
          ? t("studentImport.progress.finishing")
          : t(`studentImport.progress.${progress.phase}`, {
              done: count(progress.done),
              total: count(progress.total),
            });
  // Screen readers hear each stage once (sending, reading, finishing), not every count: the count is the
  // progressbar's value, read when asked.
  const stage = useRef(text);
  if (!counted) stage.current = text;
  const percent = counted ? Math.min(100, Math.round((100 * progress.done) / progress.total)) : 100;
  return (
    <Paper withBorder p="md" ref={box}>
      <VisuallyHidden role="status">{stage.current}</VisuallyHidden>
      <Stack gap="xs">
        <Text size="sm" id={textId}>
          {text}
        </Text>
        <Progress.Root size="lg">
          <Progress.Section
            value={percent}
            animated={!counted}
            withAria={false}
            role="progressbar"
            aria-label={t(
              action === "check" ? "studentImport.progress.checkLabel" : "studentImport.progress.importLabel",
            )}
            aria-describedby={textId}
            aria-valuemin={0}
            aria-valuemax={counted ? progress.total : undefined}
            aria-valuenow={counted ? progress.done : undefined}
            aria-valuetext={text}
          />
        </Progress.Root>
      </Stack>
    </Paper>
  );
}
