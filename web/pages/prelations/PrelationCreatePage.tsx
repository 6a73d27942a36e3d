import { Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useFieldErrors } from "../../api/field-errors";
import { useCreatePrelation } from "../../api/prelations";
import { listReturnPath, toast, useSearchParams } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { PensumPicker } from "./PensumPicker";
import { type PensumCourseOption, usePensumCourseOptions } from "./pensum-courses";

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

export const courseOptionLabel = (c: PensumCourseOption, semesterLabel: string) =>
  `${c.code} — ${c.title} (${semesterLabel})`;

/**
 * /prelations/create (admin): in a pensum, a course of a later semester requires a course of an earlier
 * one. The server decides (duplicates: 'La prelación ya existe'; cycles; semester order; disabled courses);
 * the form only offers the courses of the chosen pensum.
 */
export function PrelationCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [pensum, setPensum] = useState({
    specializationId: positive(searchParams.get("specialization_id")),
    pensumId: positive(searchParams.get("pensum_id")),
  });
  const [courseId, setCourseId] = useState<string | null>(searchParams.get("course_id"));
  const [requiredId, setRequiredId] = useState<string | null>(null);
  const [type, setType] = useState<"total" | "partial">("total");
  const create = useCreatePrelation();
  const serverErrors = useFieldErrors();
  const { options } = usePensumCourseOptions(pensum.pensumId);
  useBreadcrumbs([
    { label: t("prelations.list.title"), to: listReturnPath("/prelations") },
    { label: t("prelations.create.title") },
  ]);

  const course = options.find((c) => String(c.id) === courseId);
  const label = (c: PensumCourseOption) =>
    courseOptionLabel(c, t("prelations.semesterNumber", { number: c.semester }));
  const courseData = options
    .filter((c) => c.semester > 1)
    .map((c) => ({ value: String(c.id), label: label(c) }));
  const requiredData = options
    .filter((c) => !course || c.semester < course.semester)
    .map((c) => ({ value: String(c.id), label: label(c) }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!pensum.pensumId || !courseId || !requiredId) return;
    try {
      await create.mutateAsync({
        pensum_id: pensum.pensumId,
        course_id: Number(courseId),
        required_course_id: Number(requiredId),
        type,
      });
      toast.success(t("prelations.create.success"));
      await navigate(`/prelations?specialization_id=${pensum.specializationId}&pensum_id=${pensum.pensumId}`);
    } catch {
      // the HTTP client showed the refusal (e.g. 'La prelación ya existe')
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("prelations.create.title")}
      </Title>
      <Paper withBorder p="lg" maw={760}>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Stack gap="md">
            <PensumPicker
              required
              specializationId={pensum.specializationId}
              pensumId={pensum.pensumId}
              onChange={(v) => {
                setPensum(v);
                setCourseId(null);
                setRequiredId(null);
              }}
            />
            <Select
              label={t("prelations.fields.course")}
              description={t("prelations.create.courseHelp")}
              placeholder={t("prelations.placeholders.course")}
              data={courseData}
              value={courseId}
              onChange={(v) => {
                setCourseId(v);
                setRequiredId(null);
              }}
              disabled={!pensum.pensumId}
              searchable
              withAsterisk
              error={serverErrors.course_id?.[0] ?? serverErrors.pensum_id?.[0]}
            />
            <Select
              label={t("prelations.fields.requiredCourse")}
              description={t("prelations.create.requiredHelp")}
              placeholder={t("prelations.placeholders.requiredCourse")}
              data={requiredData}
              value={requiredId}
              onChange={setRequiredId}
              disabled={!courseId}
              searchable
              withAsterisk
              error={serverErrors.required_course_id?.[0]}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="prelation-type-label">
                {t("prelations.fields.type")}
              </Text>
              <SegmentedControl
                aria-labelledby="prelation-type-label"
                value={type}
                onChange={(v) => setType(v as "total" | "partial")}
                data={[
                  { value: "total", label: t("prelations.types.total") },
                  { value: "partial", label: t("prelations.types.partial") },
                ]}
              />
              <Text size="xs" c="dimmed">
                {t(`prelations.typeHelp.${type}`)}
              </Text>
            </Stack>
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={listReturnPath("/prelations")}>
                {t("common.cancel")}
              </Button>
              <Button
                type="submit"
                loading={create.isPending}
                disabled={!pensum.pensumId || !courseId || !requiredId}
              >
                {t("common.save")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
