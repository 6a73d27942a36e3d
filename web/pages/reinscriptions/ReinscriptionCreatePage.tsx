import { Alert, Button, Group, List, Loader, Paper, Select, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { isApiError } from "../../api/errors";
import {
  isReinscriptionRefusal,
  type NextSemesterPreview,
  useNextSemesterPreview,
  useReinscribe,
} from "../../api/reinscriptions";
import { StudentSearchSelect, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { PreviewCard } from "./PreviewCard";

/** The courses the re-inscription would give, each blocked one with its missing prelations. */
function OptionCourses({ option }: { option: NextSemesterPreview["options"][number] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {t("reinscriptions.create.coursesOf", { semester: option.semester.code })}
      </Text>
      <List size="sm" spacing={2}>
        {option.courses.map((c) => (
          <List.Item key={c.id}>
            {c.code} {c.title}
            {c.missing_prelations.length > 0 && (
              <Text span size="sm" c="red.8">
                {" "}
                — {c.missing_prelations.join("; ")}
              </Text>
            )}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/**
 * /reinscriptions/create: pick a student, see how their semester went and what a re-inscription would give
 * (the next semester, the courses to repeat, or a specialization after the basic cycle), with every "no"
 * explained; "Reinscribir" writes it into the next period, the section picked by seats.
 */
export function ReinscriptionCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useBreadcrumbs([
    { label: t("reinscriptions.list.title"), to: "/reinscriptions" },
    { label: t("reinscriptions.create.title") },
  ]);
  const [studentId, setStudentId] = useState<number | null>(null);
  const [specializationId, setSpecializationId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const preview = useNextSemesterPreview(studentId);
  const reinscribe = useReinscribe();
  const data = preview.data;
  const choosing = data?.outcome === "choose_specialization";
  const option = choosing
    ? data?.options.find((o) => String(o.specialization.id) === specializationId)
    : data?.options[0];
  const blocked =
    !data ||
    data.already_inscribed ||
    data.target_period === null ||
    data.outcome === "finished" ||
    data.outcome === "in_progress";

  const submit = async () => {
    if (!data) return;
    setRefusal(null);
    try {
      const result = await reinscribe.mutateAsync({
        studentId: data.student.id,
        payload: choosing && specializationId ? { specialization_id: Number(specializationId) } : {},
      });
      toast.success(result.message);
      for (const skipped of result.skipped_courses) toast.warning(skipped.reason);
      void navigate(`/reinscriptions/${result.id}`);
    } catch (error) {
      if (isApiError(error) && isReinscriptionRefusal(error)) setRefusal(error.description ?? error.message);
    }
  };

  const previewError =
    preview.error && isApiError(preview.error) ? (preview.error.description ?? preview.error.message) : null;

  return (
    <Stack gap="md" maw={860}>
      <Title order={1} size="h3">
        {t("reinscriptions.create.title")}
      </Title>
      <Text size="sm">{t("reinscriptions.create.intro")}</Text>
      <StudentSearchSelect
        onChange={(s) => {
          setStudentId(s?.id ?? null);
          setSpecializationId(null);
          setRefusal(null);
        }}
      />
      {preview.isFetching && !data && <Loader size="sm" aria-label={t("common.loading")} />}
      {previewError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {previewError}
        </Alert>
      )}
      {data && studentId !== null && (
        <>
          <PreviewCard preview={data} />
          <Paper withBorder p="md" radius="md">
            <Stack gap="sm">
              <Title order={2} size="h4">
                {data.target_period
                  ? t("reinscriptions.create.into", { period: data.target_period.name })
                  : t("reinscriptions.create.noNextPeriod")}
              </Title>
              {data.target_period && !data.target_period.enabled_inscriptions && (
                <Text size="sm">{t("reinscriptions.create.closed")}</Text>
              )}
              {choosing && (
                <Select
                  label={t("reinscriptions.create.specialization")}
                  placeholder={t("reinscriptions.create.specializationPlaceholder")}
                  withAsterisk
                  data={data.options.map((o) => ({
                    value: String(o.specialization.id),
                    label: `${o.specialization.title} (${o.semester.code})`,
                  }))}
                  value={specializationId}
                  onChange={setSpecializationId}
                />
              )}
              {data.outcome === "repeat" && (
                <Text size="sm" c="dimmed">
                  {t("reinscriptions.create.repeatRule")}
                </Text>
              )}
              {option && <OptionCourses option={option} />}
              {refusal && (
                <Alert
                  color="red"
                  variant="light"
                  title={t("reinscriptions.create.refused")}
                  icon={<IconAlertTriangle size={18} aria-hidden />}
                  role="alert"
                >
                  {refusal}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" component={Link} to="/reinscriptions">
                  {t("common.cancel")}
                </Button>
                <Button onClick={() => void submit()} loading={reinscribe.isPending} disabled={blocked}>
                  {t("reinscriptions.create.submit")}
                </Button>
              </Group>
            </Stack>
          </Paper>
        </>
      )}
    </Stack>
  );
}
