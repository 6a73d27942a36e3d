import { Button } from "@mantine/core";
import { IconCalendarPlus } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useGenerateLessons } from "../../api/lessons";
import { toast } from "../../components";

/**
 * "Generar lecciones": every lesson of the period from the course section's schedule. The button spins
 * while the server works; a refusal (no teacher, no schedule) is shown in Spanish by the API client.
 */
export function GenerateButton({ courseSectionId, label }: { courseSectionId: number; label?: string }) {
  const { t } = useTranslation();
  const generate = useGenerateLessons();
  const run = async () => {
    const result = await generate.mutateAsync(courseSectionId);
    toast.success(result.message);
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconCalendarPlus size={14} aria-hidden />}
      loading={generate.isPending}
      aria-label={label}
      onClick={() => void run().catch(() => {})}
    >
      {t("lessons.generate.action")}
    </Button>
  );
}
