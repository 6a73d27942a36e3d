import { Button, Group, Modal, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { isoDateOrUndefined } from "../../../common/dates/format";
import { createHolidaySchema } from "../../../common/schemas/holidays";
import { useServerFormErrors } from "../../api/field-errors";
import { type Holiday, useSaveHoliday } from "../../api/holidays";
import { CountedTextInput, DateField, toast } from "../../components";
import { zodErrors } from "../../components/form/zod-errors";

type Values = { description: string; start_date: string | null; end_date: string | null };

const toValues = (h?: Holiday | null): Values => ({
  description: h?.description ?? "",
  start_date: h?.start_date ?? null,
  // A one-day holiday shows an empty end date, as it was entered.
  end_date: h && h.end_date !== h.start_date ? h.end_date : null,
});

const toDraft = (v: Values) => ({
  description: v.description.trim(),
  start_date: v.start_date ?? "",
  end_date: v.end_date || undefined,
});

type Props = {
  /** Open for a new holiday (`null`), for one to edit, or closed (`undefined`). */
  holiday: Holiday | null | undefined;
  onClose: () => void;
};

/** Create / edit dialog of a holiday: a description and one day, or a range with an end date. */
export function HolidayFormModal({ holiday, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveHoliday();
  const form = useForm<Values>({
    initialValues: toValues(holiday),
    validate: (values) => zodErrors(createHolidaySchema, toDraft(values)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const opened = holiday !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another holiday is opened
  useEffect(() => {
    if (opened) {
      form.setValues(toValues(holiday));
      form.resetDirty(toValues(holiday));
      form.clearErrors();
    }
  }, [opened, holiday?.id]);

  const submit = form.onSubmit(async (values) => {
    const parsed = createHolidaySchema.parse(toDraft(values));
    const payload = holiday ? { ...parsed, end_date: parsed.end_date ?? parsed.start_date } : parsed;
    try {
      await save.mutateAsync({ id: holiday?.id, payload });
      toast.success(t(holiday ? "holidays.edit.success" : "holidays.create.success"));
      onClose();
    } catch {
      // the HTTP client showed the notice and stored the field errors
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(holiday ? "holidays.edit.title" : "holidays.create.title")}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CountedTextInput
            label={t("holidays.fields.description")}
            withAsterisk
            maxLength={200}
            data-autofocus
            {...form.getInputProps("description")}
          />
          <DateField
            label={t("holidays.fields.startDate")}
            withAsterisk
            {...form.getInputProps("start_date")}
          />
          <DateField
            label={t("holidays.fields.endDate")}
            description={t("holidays.fields.endDateHint")}
            clearable
            minDate={isoDateOrUndefined(form.values.start_date)}
            {...form.getInputProps("end_date")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t("common.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
