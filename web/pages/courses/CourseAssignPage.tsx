import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import {
  type CourseSectionBrief,
  useAssignTeachers,
  useCourse,
  useCourseSections,
  useTeacherOptions,
} from "../../api/courses";
import { usePeriods } from "../../api/periods";
import { listReturnPath, PeriodSelector, toast } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";

type TeacherOption = { value: string; label: string };

/** One course section: its teachers, chosen from the enabled teachers, saved with assign-teacher. */
function SectionTeachersRow({
  courseId,
  row,
  options,
}: {
  courseId: number;
  row: CourseSectionBrief;
  options: TeacherOption[];
}) {
  const { t } = useTranslation();
  const current = row.teachers.map((te) => String(te.id));
  const [value, setValue] = useState<string[]>(current);
  const assign = useAssignTeachers();
  const currentKey = current.join(",");
  // A refetch (after saving, or another tab) replaces the choice with what the server has.
  useEffect(() => setValue(currentKey ? currentKey.split(",") : []), [currentKey]);
  const dirty = value.slice().sort().join(",") !== current.slice().sort().join(",");
  // Teachers already assigned but no longer enabled still show by name.
  const data = [
    ...options,
    ...row.teachers
      .filter((te) => !options.some((o) => o.value === String(te.id)))
      .map((te) => ({ value: String(te.id), label: `${te.first_name} ${te.last_name}` })),
  ];
  const save = async () => {
    try {
      await assign.mutateAsync({ sectionId: row.section.id, courseId, teacherIds: value.map(Number) });
      toast.success(t("courses.assign.saved", { section: row.section.code }));
    } catch {
      // shown by the client (e.g. teacher_not_enabled)
    }
  };
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/sections/${row.section.id}`}>
          {row.section.code}
        </Anchor>
      </Table.Td>
      <Table.Td>{t(`courses.shifts.${row.section.shift}`, { defaultValue: row.section.shift })}</Table.Td>
      <Table.Td miw={280}>
        <MultiSelect
          aria-label={t("courses.assign.teachersOf", { section: row.section.code })}
          data={data}
          value={value}
          onChange={setValue}
          searchable
          placeholder={value.length === 0 ? t("courses.pensum.noTeacher") : undefined}
        />
      </Table.Td>
      <Table.Td>
        <Button size="compact-sm" onClick={() => void save()} disabled={!dirty} loading={assign.isPending}>
          {t("common.save")}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** /courses/:id/assign (admin): teachers per course section of the course in the chosen period. */
export function CourseAssignPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const validId = Number.isInteger(id) && id > 0 ? id : undefined;
  const course = useCourse(validId);
  const periods = usePeriods();
  const [periodId, setPeriodId] = useState<number | null>(null);
  const sections = useCourseSections(validId, periodId);
  const teachers = useTeacherOptions();
  const options = (teachers.data ?? []).map((te) => ({
    value: String(te.id),
    label: `${te.first_name} ${te.last_name} (${te.identity_document})`,
  }));
  useBreadcrumbs([
    { label: t("courses.list.title"), to: listReturnPath("/courses") },
    { label: course.data?.code ?? "" },
    { label: t("courses.assign.title") },
  ]);

  if (course.isError || validId === undefined)
    return (
      <Alert color="yellow" title={t("courses.make.notFound")}>
        <Anchor component={Link} to={listReturnPath("/courses")}>
          {t("courses.make.backToList")}
        </Anchor>
      </Alert>
    );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("courses.assign.title")}
      </Title>
      {course.data ? (
        <Text>
          {course.data.code} — {course.data.title}
        </Text>
      ) : null}
      <PeriodSelector
        periods={periods.data}
        value={periodId}
        onChange={(pid) => setPeriodId(pid)}
        maw={240}
      />
      {course.data && !course.data.enabled ? (
        <Alert color="orange">{t("courses.assign.disabled")}</Alert>
      ) : null}
      <Paper withBorder p="md">
        {!sections.data ? (
          periodId === null ? (
            <Text c="dimmed">{t("courses.assign.choosePeriod")}</Text>
          ) : (
            <Center mih={120}>
              <Loader aria-label={t("common.loading")} />
            </Center>
          )
        ) : sections.data.data.length === 0 ? (
          <Text c="dimmed">{t("courses.assign.noSections")}</Text>
        ) : (
          <Table.ScrollContainer minWidth={600}>
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("courses.fields.section")}</Table.Th>
                  <Table.Th>{t("courses.fields.shift")}</Table.Th>
                  <Table.Th>{t("courses.fields.teachers")}</Table.Th>
                  <Table.Th>{t("courses.fields.actions")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sections.data.data.map((row) => (
                  <SectionTeachersRow key={row.id} courseId={validId} row={row} options={options} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
      <Group justify="flex-end">
        <Button variant="default" component={Link} to={listReturnPath("/courses")}>
          {t("common.back")}
        </Button>
      </Group>
    </Stack>
  );
}
