import { Button, Group, NumberInput, Paper, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ClassHour, classHourInputSchema } from "../../../common/schemas/class-hours";
import type { ClassHourInput } from "../../api/class-hours";
import { useServerFormErrors } from "../../api/field-errors";
import { listReturnPath, TimeText, useUnsavedChanges } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";

type Num = number | string;
type Values = { start_hour: Num; start_minute: Num; end_hour: Num; end_minute: Num };

const toValues = (hour?: ClassHour): Values => ({
  start_hour: hour?.start_hour ?? "",
  start_minute: hour?.start_minute ?? 0,
  end_hour: hour?.end_hour ?? "",
  end_minute: hour?.end_minute ?? 0,
});

const num = (v: Num) => (v === "" ? undefined : Number(v));
const toDraft = (v: Values) => ({
  start_hour: num(v.start_hour),
  start_minute: num(v.start_minute),
  end_hour: num(v.end_hour),
  end_minute: num(v.end_minute),
});

const padded = (v: Num) => (v === "" ? "" : String(v).padStart(2, "0"));
const preview = (h: Num, m: Num) => (h === "" || m === "" ? null : `${padded(h)}:${padded(m)}`);

type Props = {
  classHour?: ClassHour;
  pending: boolean;
  onSubmit: (payload: ClassHourInput) => Promise<unknown>;
};

/**
 * Create and edit form of a class hour: hour (0-23) and minute of start and end, each shown as a 24-hour
 * time while typing; the end must come after the start (same message as the server's 422).
 */
export function ClassHourForm({ classHour, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: toValues(classHour),
    validate: (values) => zodErrors(classHourInputSchema, toDraft(values)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      await onSubmit(classHourInputSchema.parse(toDraft(values)));
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  const row = (which: "start" | "end") => {
    const v = form.values;
    const time = preview(v[`${which}_hour`], v[`${which}_minute`]);
    return (
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Text component="legend" fw={500} size="sm" mb={4}>
          {t(`classHours.fields.${which}`)}
          {time ? (
            <Text component="span" c="dimmed" size="sm">
              {" — "}
              <TimeText value={time} />
            </Text>
          ) : null}
        </Text>
        <Group grow align="flex-start">
          <NumberInput
            label={t("classHours.fields.hour")}
            withAsterisk
            min={0}
            max={23}
            clampBehavior="none"
            allowDecimal={false}
            {...form.getInputProps(`${which}_hour`)}
          />
          <NumberInput
            label={t("classHours.fields.minute")}
            withAsterisk
            min={0}
            max={59}
            clampBehavior="none"
            allowDecimal={false}
            {...form.getInputProps(`${which}_minute`)}
          />
        </Group>
      </fieldset>
    );
  };

  return (
    <Paper withBorder p="lg" maw={520}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {row("start")}
          {row("end")}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/classhours")}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={pending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
      {unsaved.dialog}
    </Paper>
  );
}
