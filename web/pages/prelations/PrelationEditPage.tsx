import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useCourse } from "../../api/courses";
import {
  type Prelation,
  useCoursePrelations,
  useCreatePrelation,
  useDeletePrelation,
  useUpdatePrelation,
} from "../../api/prelations";
import { confirmAction, listReturnPath, toast, useSearchParams } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { courseOptionLabel } from "./PrelationCreatePage";
import { usePensumCourseOptions } from "./pensum-courses";

type PrelationType = Prelation["type"];

/**
 * /prelations/:course/edit (admin): what one course requires in one of its pensums. Each prelation's type can
 * change or it can be removed; another required course can be added (same rules as creating).
 */
export function PrelationEditPage() {
  const { t } = useTranslation();
  const courseId = Number(useParams().course);
  const validId = Number.isInteger(courseId) && courseId > 0 ? courseId : undefined;
  const [searchParams, setSearchParams] = useSearchParams();
  const course = useCourse(validId);
  const placements = course.data?.pensums ?? [];
  const pensumParam = Number(searchParams.get("pensum_id"));
  const pensumId = placements.some((p) => p.pensum_id === pensumParam)
    ? pensumParam
    : (placements[0]?.pensum_id ?? null);
  const placement = placements.find((p) => p.pensum_id === pensumId);
  const prelations = useCoursePrelations(validId, pensumId ?? undefined);
  const { options } = usePensumCourseOptions(pensumId);
  const create = useCreatePrelation();
  const update = useUpdatePrelation();
  const remove = useDeletePrelation();
  const [requiredId, setRequiredId] = useState<string | null>(null);
  const [type, setType] = useState<PrelationType>("total");
  useBreadcrumbs([
    { label: t("prelations.list.title"), to: listReturnPath("/prelations") },
    { label: course.data?.code ?? "" },
    { label: t("prelations.edit.title") },
  ]);

  if (!course.data) {
    return (
      <Stack gap="md">
        <Title order={1} size="h3">
          {t("prelations.edit.title")}
        </Title>
        {course.isError || validId === undefined ? (
          <Alert color="yellow" title={t("prelations.edit.notFound")}>
            <Anchor component={Link} to={listReturnPath("/prelations")}>
              {t("prelations.edit.backToList")}
            </Anchor>
          </Alert>
        ) : (
          <Center mih={200}>
            <Loader aria-label={t("common.loading")} />
          </Center>
        )}
      </Stack>
    );
  }

  const taken = new Set((prelations.data ?? []).map((p) => p.required_course_id));
  const requiredData = options
    .filter((c) => placement && c.semester < placement.semester_number && !taken.has(c.id))
    .map((c) => ({
      value: String(c.id),
      label: courseOptionLabel(c, t("prelations.semesterNumber", { number: c.semester })),
    }));

  const add = async () => {
    if (!pensumId || !requiredId) return;
    try {
      await create.mutateAsync({
        pensum_id: pensumId,
        course_id: course.data.id,
        required_course_id: Number(requiredId),
        type,
      });
      setRequiredId(null);
      toast.success(t("prelations.create.success"));
    } catch {
      // the HTTP client showed the refusal
    }
  };

  const changeType = async (p: Prelation, next: PrelationType) => {
    try {
      await update.mutateAsync({ id: p.id, payload: { type: next } });
      toast.success(t("prelations.edit.success"));
    } catch {
      // shown by the client
    }
  };

  const removeOne = async (p: Prelation) => {
    const ok = await confirmAction({
      title: t("prelations.delete.title"),
      message: t("prelations.delete.confirm", { course: p.course.code, required: p.required_course.code }),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(p.id);
      toast.success(t("prelations.delete.success"));
    } catch {
      // shown by the client
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("prelations.edit.heading", { code: course.data.code, title: course.data.title })}
      </Title>
      {placements.length === 0 ? (
        <Alert color="yellow">{t("prelations.edit.noPensum")}</Alert>
      ) : (
        <Paper withBorder p="lg" maw={900}>
          <Stack gap="md">
            <Select
              label={t("prelations.fields.pensum")}
              data={placements.map((p) => ({
                value: String(p.pensum_id),
                label: `${p.specialization_title} · ${t("prelations.pensumOption", { name: p.pensum_name, version: p.pensum_version })} · ${t("prelations.semesterNumber", { number: p.semester_number })}`,
              }))}
              value={pensumId ? String(pensumId) : null}
              onChange={(v) => v && setSearchParams({ pensum_id: v })}
              allowDeselect={false}
            />
            <Title order={2} size="h5">
              {t("prelations.edit.requires")}
            </Title>
            {(prelations.data ?? []).length === 0 ? (
              <Text c="dimmed">{t("prelations.edit.empty")}</Text>
            ) : (
              <Table.ScrollContainer minWidth={560}>
                <Table striped>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t("prelations.fields.requiredCourse")}</Table.Th>
                      <Table.Th>{t("prelations.fields.type")}</Table.Th>
                      <Table.Th>{t("prelations.fields.actions")}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(prelations.data ?? []).map((p) => (
                      <Table.Tr key={p.id}>
                        <Table.Td>
                          {p.required_course.code} — {p.required_course.title} (
                          {t("prelations.semesterNumber", { number: p.required_course.semester_number })})
                        </Table.Td>
                        <Table.Td>
                          <SegmentedControl
                            size="xs"
                            aria-label={t("prelations.fields.typeOf", { code: p.required_course.code })}
                            value={p.type}
                            onChange={(v) => void changeType(p, v as PrelationType)}
                            data={[
                              { value: "total", label: t("prelations.types.total") },
                              { value: "partial", label: t("prelations.types.partial") },
                            ]}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Button
                            size="compact-sm"
                            variant="subtle"
                            color="red"
                            leftSection={<IconTrash size={14} aria-hidden />}
                            onClick={() => void removeOne(p)}
                          >
                            {t("common.delete")}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Group align="flex-end">
              <Select
                style={{ flex: 1, minWidth: 240 }}
                label={t("prelations.edit.addRequired")}
                placeholder={t("prelations.placeholders.requiredCourse")}
                data={requiredData}
                value={requiredId}
                onChange={setRequiredId}
                searchable
              />
              <SegmentedControl
                aria-label={t("prelations.fields.type")}
                value={type}
                onChange={(v) => setType(v as PrelationType)}
                data={[
                  { value: "total", label: t("prelations.types.total") },
                  { value: "partial", label: t("prelations.types.partial") },
                ]}
              />
              <Button
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={!requiredId}
                loading={create.isPending}
                onClick={() => void add()}
              >
                {t("prelations.edit.add")}
              </Button>
            </Group>
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={listReturnPath("/prelations")}>
                {t("common.back")}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
