import {
  Alert,
  Anchor,
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconCalendarPlus, IconPencil, IconUsers } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { type PensumCourse, usePensumCourses } from "../../api/courses";
import { usePensum } from "../../api/pensums";
import { usePeriods } from "../../api/periods";
import { listReturnPath, periodLabel } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { CourseStateBadge } from "./course-columns";

/** Groups the rows by semester, in order. */
function bySemester(rows: PensumCourse[]) {
  const groups = new Map<number, { number: number; code: string; rows: PensumCourse[] }>();
  for (const row of rows) {
    const group = groups.get(row.semester_id) ?? {
      number: row.semester_number,
      code: row.semester_code,
      rows: [],
    };
    group.rows.push(row);
    groups.set(row.semester_id, group);
  }
  return [...groups.values()].sort((a, b) => a.number - b.number);
}

/**
 * /courses/periods/:period/specializations/:specialization/pensum/:pensum (courses of the pensum, with edit and
 * assign) and the same path with /show (read-only: each course's sections in the period, their teachers or
 * "Sin profesor asignado", and the males and females enrolled).
 */
export function PensumCoursesPage({ show = false }: { show?: boolean }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("courses.write") && !show;
  const p = useParams();
  const periodId = Number(p.period);
  const specializationId = Number(p.specialization);
  const pensumId = Number(p.pensum);
  const courses = usePensumCourses(periodId, specializationId, pensumId);
  const pensum = usePensum(Number.isInteger(pensumId) && pensumId > 0 ? pensumId : undefined);
  const period = usePeriods().data?.find((x) => x.id === periodId);
  const title = show ? t("courses.pensum.showTitle") : t("courses.pensum.title");
  useBreadcrumbs([{ label: t("courses.list.title"), to: listReturnPath("/courses") }, { label: title }]);
  const base = `/courses/periods/${periodId}/specializations/${specializationId}/pensum/${pensumId}`;

  let body: React.ReactNode;
  if (courses.isError) {
    body = (
      <Alert color="yellow" title={t("courses.pensum.notFound")}>
        <Anchor component={Link} to="/courses">
          {t("courses.make.backToList")}
        </Anchor>
      </Alert>
    );
  } else if (!courses.data) {
    body = (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  } else if (courses.data.length === 0) {
    body = <Text c="dimmed">{t("courses.pensum.empty")}</Text>;
  } else {
    body = bySemester(courses.data).map((semester) => (
      <Paper key={semester.code} withBorder p="md">
        <Title order={2} size="h5" mb="sm">
          {t("courses.pensum.semester", { number: semester.number, code: semester.code })}
        </Title>
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("courses.fields.code")}</Table.Th>
                <Table.Th>{t("courses.fields.title")}</Table.Th>
                {show ? (
                  <>
                    <Table.Th>{t("courses.fields.section")}</Table.Th>
                    <Table.Th>{t("courses.fields.teachers")}</Table.Th>
                    <Table.Th>{t("courses.fields.malesAssigned")}</Table.Th>
                    <Table.Th>{t("courses.fields.femalesAssigned")}</Table.Th>
                  </>
                ) : (
                  <>
                    <Table.Th>{t("courses.fields.credits")}</Table.Th>
                    <Table.Th>{t("courses.fields.hours")}</Table.Th>
                    <Table.Th>{t("courses.fields.sections")}</Table.Th>
                    <Table.Th>{t("courses.fields.state")}</Table.Th>
                    {canWrite ? <Table.Th>{t("courses.fields.actions")}</Table.Th> : null}
                  </>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {semester.rows.flatMap((row) => {
                const c = row.course;
                if (!show)
                  return [
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.code}</Table.Td>
                      <Table.Td>{c.title}</Table.Td>
                      <Table.Td>{c.credits}</Table.Td>
                      <Table.Td>{c.hours}</Table.Td>
                      <Table.Td>
                        {row.course_sections.map((cs) => cs.section.code).join(", ") || "—"}
                      </Table.Td>
                      <Table.Td>
                        <CourseStateBadge enabled={c.enabled} t={t} />
                      </Table.Td>
                      {canWrite ? (
                        <Table.Td>
                          <Group gap={4} wrap="nowrap">
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              leftSection={<IconPencil size={14} aria-hidden />}
                              component={Link}
                              to={`/courses/make?update=${c.id}`}
                            >
                              {t("common.edit")}
                            </Button>
                            <Button
                              size="compact-sm"
                              variant="subtle"
                              leftSection={<IconUsers size={14} aria-hidden />}
                              component={Link}
                              to={`/courses/${c.id}/assign`}
                            >
                              {t("courses.actions.assign")}
                            </Button>
                          </Group>
                        </Table.Td>
                      ) : null}
                    </Table.Tr>,
                  ];
                if (row.course_sections.length === 0)
                  return [
                    <Table.Tr key={c.id}>
                      <Table.Td>{c.code}</Table.Td>
                      <Table.Td>{c.title}</Table.Td>
                      <Table.Td colSpan={4}>
                        <Text size="sm" c="dimmed">
                          {t("courses.pensum.noSections")}
                        </Text>
                      </Table.Td>
                    </Table.Tr>,
                  ];
                return row.course_sections.map((cs, i) => (
                  <Table.Tr key={`${c.id}-${cs.id}`}>
                    <Table.Td>{i === 0 ? c.code : ""}</Table.Td>
                    <Table.Td>{i === 0 ? c.title : ""}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/sections/${cs.section.id}`}>
                        {cs.section.code}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {cs.teachers.length > 0 ? (
                        cs.teachers.map((te) => `${te.first_name} ${te.last_name}`).join(", ")
                      ) : (
                        <Badge color="orange" variant="light">
                          {t("courses.pensum.noTeacher")}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{cs.males_assigned}</Table.Td>
                    <Table.Td>{cs.females_assigned}</Table.Td>
                  </Table.Tr>
                ));
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    ));
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {[
              pensum.data?.specialization.title,
              pensum.data
                ? t("prelations.pensumOption", { name: pensum.data.name, version: pensum.data.version })
                : null,
              period ? t("courses.pensum.period", { period: periodLabel(period) }) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Text>
        </Stack>
        <Button
          variant="light"
          component={Link}
          to={show ? base : `${base}/show`}
          leftSection={
            show ? <IconPencil size={16} aria-hidden /> : <IconCalendarPlus size={16} aria-hidden />
          }
        >
          {show ? t("courses.list.seeCourses") : t("courses.list.seeSections")}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}

export function PensumCoursesShowPage() {
  return <PensumCoursesPage show />;
}
