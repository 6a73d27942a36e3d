import { Button, Group, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { type LessonDetail, useEvaluateLesson } from "../../api/lessons";
import { toast } from "../../components";

/**
 * The evaluate dialog: the lesson's weight (percent), at most what the course section still has free
 * (100 − other lessons − the final delivery). The server checks it again (`invalid_weighting`).
 */
export function EvaluateDialog({
  lesson,
  opened,
  onClose,
}: {
  lesson: LessonDetail;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [weight, setWeight] = useState<number | "">(lesson.weight || "");
  const evaluate = useEvaluateLesson();
  useEffect(() => {
    if (opened) setWeight(lesson.weight || "");
  }, [opened, lesson.weight]);
  const max = lesson.available_weight;
  const invalid = weight === "" || weight < 0 || weight > max;

  const submit = async () => {
    if (weight === "") return;
    await evaluate.mutateAsync({ id: lesson.id, weight });
    toast.success(t("lessons.evaluate.saved"));
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t("lessons.evaluate.title")}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit().catch(() => {});
        }}
      >
        <Stack gap="sm">
          <Text size="sm">{t("lessons.evaluate.available", { percent: max })}</Text>
          <NumberInput
            label={t("lessons.fields.weight")}
            description={t("lessons.evaluate.help")}
            min={0}
            max={100}
            allowDecimal={false}
            suffix=" %"
            value={weight}
            onChange={(v) => setWeight(typeof v === "number" ? v : "")}
            error={
              weight !== "" && weight > max ? t("lessons.evaluate.tooMuch", { percent: max }) : undefined
            }
            data-autofocus
            required
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={evaluate.isPending} disabled={invalid}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
