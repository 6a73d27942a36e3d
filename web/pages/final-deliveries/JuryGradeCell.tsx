import { Button, Group, NumberInput } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useGrade } from "../../api/final-deliveries";
import { toast } from "../../components";

type Props = {
  deliveryId: number;
  teacherId: number;
  student: { id: number; first_name: string; last_name: string };
  note: number | undefined;
  disabled: boolean;
};

/** The note the signed-in jury member gives one student: 0–20, saved on its own. */
export function JuryGradeCell({ deliveryId, teacherId, student, note, disabled }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(note ?? "");
  const grade = useGrade();
  const name = `${student.first_name} ${student.last_name}`;
  const valid = typeof value === "number" && value >= 0 && value <= 20;
  return (
    <Group gap={4} wrap="nowrap">
      <NumberInput
        aria-label={t("finalDeliveries.grade.noteOf", { name })}
        value={value}
        onChange={setValue}
        min={0}
        max={20}
        decimalScale={2}
        clampBehavior="none"
        w={90}
        size="xs"
        disabled={disabled}
        error={value !== "" && !valid ? t("finalDeliveries.grade.range") : undefined}
      />
      <Button
        size="compact-sm"
        variant="light"
        disabled={disabled || !valid}
        loading={grade.isPending}
        aria-label={t("finalDeliveries.grade.saveOf", { name })}
        onClick={async () => {
          if (!valid) return;
          try {
            await grade.mutateAsync({ id: deliveryId, teacherId, studentId: student.id, note: value });
            toast.success(t("finalDeliveries.grade.success"));
          } catch {
            // the HTTP client showed the refusal (jury_unable_to_modify) in its dialog
          }
        }}
      >
        {t("common.save")}
      </Button>
    </Group>
  );
}
