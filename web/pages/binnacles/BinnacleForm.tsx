import { Button, Group, Paper, Select, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  BINNACLE_CATEGORY_MAX,
  BINNACLE_DESCRIPTION_MAX,
  BINNACLE_SUBJECT_MAX,
  type Binnacle,
  createBinnacleSchema,
} from "../../../common/schemas/binnacles";
import type { CreateBinnaclePayload } from "../../api/binnacles";
import { useServerFormErrors } from "../../api/field-errors";
import { useStudentCourses } from "../../api/students";
import {
  CountedTextarea,
  CountedTextInput,
  DateField,
  listReturnPath,
  StudentSearchSelect,
  useUnsavedChanges,
} from "../../components";
import { zodErrors } from "../../components/form/zod-errors";

type Values = {
  student_id: number | null;
  course_section_id: string | null;
  incidence_date: string;
  subject: string;
  category: string;
  description: string;
};

const toValues = (b?: Binnacle): Values => ({
  student_id: b?.student_id ?? null,
  course_section_id: b?.course_section_id ? String(b.course_section_id) : null,
  incidence_date: b?.incidence_date ?? "",
  subject: b?.subject ?? "",
  category: b?.category ?? "",
  description: b?.description ?? "",
});

/** The values as a payload; empty texts stay "" here and are dropped (or cleared) by the API layer. */
const toDraft = (v: Values) => ({
  student_id: v.student_id ?? undefined,
  course_section_id: v.course_section_id ? Number(v.course_section_id) : null,
  incidence_date: v.incidence_date,
  subject: v.subject.trim(),
  category: v.category.trim(),
  description: v.description.trim(),
});

type Props = {
  binnacle?: Binnacle;
  pending: boolean;
  onSubmit: (payload: CreateBinnaclePayload) => Promise<unknown>;
};

/**
 * Create and edit form of a binnacle entry: the student (searched on the server, only those the caller
 * may write about), optionally one of their course sections, the date, subject, category and description.
 * The student of an existing entry stays.
 */
export function BinnacleForm({ binnacle, pending, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<Values>({
    initialValues: toValues(binnacle),
    validate: (values) => zodErrors(createBinnacleSchema, toDraft(values)),
    validateInputOnBlur: true,
  });
  useServerFormErrors(form);
  const unsaved = useUnsavedChanges(form.isDirty());
  const courses = useStudentCourses(form.values.student_id ?? undefined);
  const courseOptions = (courses.data ?? []).map((c) => ({
    value: String(c.course_section_id),
    label: `${c.course.code} ${c.course.title} — ${c.section.code} (${c.period.name})`,
  }));

  const submit = form.onSubmit(async (values) => {
    unsaved.allowLeaving(true);
    try {
      const draft = toDraft(values);
      await onSubmit({ ...draft, student_id: draft.student_id ?? 0 });
    } catch {
      unsaved.allowLeaving(false);
    }
  });

  const studentError = form.errors.student_id;
  return (
    <Paper withBorder p="lg" maw={720}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {binnacle ? (
            <TextInput
              label={t("binnacles.fields.student")}
              readOnly
              value={`${binnacle.student.last_name}, ${binnacle.student.first_name} — ${binnacle.student.identity_document}`}
            />
          ) : (
            <StudentSearchSelect
              label={t("binnacles.fields.student")}
              withAsterisk
              error={studentError}
              onChange={(s) => {
                form.setFieldValue("student_id", s?.id ?? null);
                form.setFieldValue("course_section_id", null);
              }}
            />
          )}
          <Select
            label={t("binnacles.fields.courseSection")}
            placeholder={t("binnacles.form.noCourse")}
            data={courseOptions}
            clearable
            searchable
            disabled={form.values.student_id === null}
            {...form.getInputProps("course_section_id")}
          />
          <DateField
            label={t("binnacles.fields.incidenceDate")}
            withAsterisk
            maw={220}
            {...form.getInputProps("incidence_date")}
          />
          <CountedTextInput
            label={t("binnacles.fields.subject")}
            withAsterisk
            maxLength={BINNACLE_SUBJECT_MAX}
            {...form.getInputProps("subject")}
          />
          <CountedTextInput
            label={t("binnacles.fields.category")}
            maxLength={BINNACLE_CATEGORY_MAX}
            {...form.getInputProps("category")}
          />
          <CountedTextarea
            label={t("binnacles.fields.description")}
            maxLength={BINNACLE_DESCRIPTION_MAX}
            rows={4}
            {...form.getInputProps("description")}
          />
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={listReturnPath("/binnacles")}>
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
