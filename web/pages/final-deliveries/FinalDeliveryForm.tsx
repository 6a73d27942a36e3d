import { Button, Group, NumberInput, Paper, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  createFinalDeliverySchema,
  FINAL_DELIVERY_CODE_MAX,
  FINAL_DELIVERY_TEXT_MAX,
  FINAL_DELIVERY_TITLE_MAX,
} from "../../../common/schemas/final-deliveries";
import { useServerFormErrors } from "../../api/field-errors";
import {
  type CreateFinalDeliveryPayload,
  type FinalDelivery,
  useDeliveryCourseSections,
} from "../../api/final-deliveries";
import {
  CountedTextarea,
  CountedTextInput,
  DateTimeField,
  DEBOUNCE_MS,
  listReturnPath,
  useUnsavedChanges,
} from "../../components";
import { zodErrors } from "../../components/form/zod-errors";

type Values = {
  course_section_id: string | null;
  code: string;
  title: string;
  description: string;
  delivery_at: string;
  final_delivery_value_percent: number | string;
  scheduled_content: string;
};

const toValues = (d?: FinalDelivery, courseSectionId?: number): Values => ({
  course_section_id: d ? String(d.course_section_id) : courseSectionId ? String(courseSectionId) : null,
  code: d?.code ?? "",
  title: d?.title ?? "",
  description: d?.description ?? "",
  delivery_at: d?.delivery_at_local ?? "",
  final_delivery_value_percent: d?.final_delivery_value_percent ?? "",
  scheduled_content: d?.scheduled_content ?? "",
});

const toDraft = (v: Values) => ({
  course_section_id: v.course_section_id ? Number(v.course_section_id) : undefined,
  code: v.code.trim(),
  title: v.title.trim() || null,
  description: v.description.trim() || null,
  delivery_at: v.delivery_at || null,
  final_delivery_value_percent:
    v.final_delivery_value_percent === "" ? undefined : Number(v.final_delivery_value_percent),
  scheduled_content: v.scheduled_content.trim() || null,
});

/** "PIN-202 Proyecto Informático — INF-2A". */
export const courseSectionLabel = (cs: {
  course: { code: string; title: string };
  section: { code: string };
}) => `${cs.course.code} ${cs.course.title} — ${cs.section.code}`;

type Props = {
  delivery?: FinalDelivery;
  /** Preselected and fixed (the section's "Crear entrega final" action), with its label. */
  preset?: { id: number; label: string };
  pending: boolean;
  onSubmit: (payload: CreateFinalDeliveryPayload) => Promise<unknown>;
};

/**
 * Create and update form of a final delivery: the course section (only courses that support one), code,
 * title, date and time in the school's time zone, the percent of the final note, the scheduled content.
 * The course section of an existing delivery stays.
 */
export function FinalDeliveryForm({ delivery, preset, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: toValues(delivery, preset?.id),
    validate: (values) => zodErrors(createFinalDeliverySchema, toDraft(values)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS);
  // The chosen option stays listed whatever the search brings; its own label is not a search.
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const sections = useDeliveryCourseSections(debounced === picked?.label ? "" : debounced);
  const options = useMemo(() => {
    const found = (sections.data ?? [])
      .filter((cs) => cs.course.supports_final_delivery)
      .map((cs) => ({ value: String(cs.id), label: courseSectionLabel(cs) }));
    return picked && !found.some((o) => o.value === picked.value) ? [picked, ...found] : found;
  }, [sections.data, picked]);

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      const draft = toDraft(values);
      await onSubmit({
        ...draft,
        course_section_id: draft.course_section_id ?? 0,
        final_delivery_value_percent: draft.final_delivery_value_percent ?? 0,
      });
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  return (
    <Paper withBorder p="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {delivery || preset ? (
            <TextInput
              label={t("finalDeliveries.fields.courseSection")}
              readOnly
              value={delivery ? courseSectionLabel(delivery) : (preset?.label ?? "")}
            />
          ) : (
            <Select
              label={t("finalDeliveries.fields.courseSection")}
              placeholder={t("finalDeliveries.form.searchCourse")}
              withAsterisk
              searchable
              clearable
              searchValue={search}
              onSearchChange={setSearch}
              filter={({ options: all }) => all}
              nothingFoundMessage={t("finalDeliveries.form.noCourse")}
              data={options}
              {...form.getInputProps("course_section_id")}
              onChange={(value) => {
                form.setFieldValue("course_section_id", value);
                setPicked(options.find((o) => o.value === value) ?? null);
              }}
            />
          )}
          <Group grow align="flex-start">
            <CountedTextInput
              label={t("finalDeliveries.fields.code")}
              withAsterisk
              maxLength={FINAL_DELIVERY_CODE_MAX}
              {...form.getInputProps("code")}
            />
            <NumberInput
              label={t("finalDeliveries.fields.percent")}
              withAsterisk
              min={0}
              max={100}
              clampBehavior="none"
              suffix=" %"
              {...form.getInputProps("final_delivery_value_percent")}
            />
          </Group>
          <CountedTextInput
            label={t("finalDeliveries.fields.title")}
            maxLength={FINAL_DELIVERY_TITLE_MAX}
            {...form.getInputProps("title")}
          />
          <DateTimeField
            label={t("finalDeliveries.fields.deliveryAt")}
            description={t("finalDeliveries.form.deliveryAtHelp")}
            {...form.getInputProps("delivery_at")}
          />
          <CountedTextarea
            label={t("finalDeliveries.fields.description")}
            maxLength={FINAL_DELIVERY_TEXT_MAX}
            rows={3}
            {...form.getInputProps("description")}
          />
          <CountedTextarea
            label={t("finalDeliveries.fields.scheduledContent")}
            maxLength={FINAL_DELIVERY_TEXT_MAX}
            rows={3}
            {...form.getInputProps("scheduled_content")}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/final-deliveries")}>
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
