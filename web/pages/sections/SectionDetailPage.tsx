import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconCalendarEvent, IconChevronDown, IconNotes, IconUsers } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CourseSection, SectionDetail } from "../../api/sections";
import { listReturnPath } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { courseLessonsPath } from "../course-notes/paths";
import { AssignTeachersDialog } from "./AssignTeachersDialog";
import { useSectionPage } from "./useSectionPage";

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{value}</Text>
    </div>
  );
}

/**
 * /sections/:section_id: the section's facts and its course table (spec.md §2): code, title, teachers or
 * "Sin profesor asignado", males and females assigned, and the actions see schedule, create schedule,
 * assign teacher and create final delivery.
 */
export function SectionDetailPage() {
  const { t } = useTranslation();
  const { id, section, fallback } = useSectionPage();
  const s = section.data;
  useBreadcrumbs([
    { label: t("sections.list.title"), to: listReturnPath("/sections") },
    { label: s?.code ?? "" },
  ]);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h3">
          {s ? t("sections.detail.title", { code: s.code }) : t("sections.detail.loading")}
        </Title>
        {s ? (
          <Group gap="xs">
            <Button
              variant="light"
              component={Link}
              to={`/sections/${id}/students`}
              leftSection={<IconUsers size={16} aria-hidden />}
            >
              {t("sections.students.title")}
            </Button>
            <Button
              variant="light"
              component={Link}
              to={`/sections/${id}/students-courses-notes`}
              leftSection={<IconNotes size={16} aria-hidden />}
            >
              {t("sections.notes.title")}
            </Button>
          </Group>
        ) : null}
      </Group>
      {s ? <SectionBody section={s} /> : fallback}
    </Stack>
  );
}

function SectionBody({ section }: { section: SectionDetail }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const canAssign = can("courses.write");
  const canSchedule = can("schedules.write");
  const canFinal = can("final_deliveries.write");
  const hasActions = canAssign || canSchedule || canFinal;
  const [assigning, setAssigning] = useState<CourseSection | null>(null);

  return (
    <>
      <Card withBorder>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Fact
            label={t("sections.fields.period")}
            value={`${section.period.year}-${section.period.number}`}
          />
          <Fact label={t("sections.fields.specialization")} value={section.specialization.title} />
          <Fact label={t("sections.fields.semester")} value={section.semester.code} />
          <Fact label={t("sections.fields.shift")} value={t(`sections.shifts.${section.shift}`)} />
          <Fact label={t("sections.fields.title")} value={section.title ?? "—"} />
          <Fact label={t("sections.fields.letterCode")} value={section.letter_code} />
          <Fact
            label={t("sections.fields.males")}
            value={`${section.males_count} / ${section.males_limit}`}
          />
          <Fact
            label={t("sections.fields.females")}
            value={`${section.females_count} / ${section.females_limit}`}
          />
        </SimpleGrid>
      </Card>
      <Title order={2} size="h4">
        {t("sections.detail.courses")}
      </Title>
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("sections.courses.code")}</Table.Th>
              <Table.Th>{t("sections.courses.title")}</Table.Th>
              <Table.Th>{t("sections.courses.teachers")}</Table.Th>
              <Table.Th ta="right">{t("sections.courses.males")}</Table.Th>
              <Table.Th ta="right">{t("sections.courses.females")}</Table.Th>
              <Table.Th>{t("sections.courses.actions")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section.courses.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text c="dimmed" ta="center" py="md">
                    {t("sections.detail.noCourses")}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {section.courses.map((cs) => (
              <Table.Tr key={cs.id}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>{cs.course.code}</Table.Td>
                <Table.Td>
                  <Anchor
                    component={Link}
                    to={courseLessonsPath(section.period_id, section.id, cs.course_id, cs.teachers[0]?.id)}
                    title={t("courseNotes.lessons.open", { course: cs.course.title })}
                  >
                    {cs.course.title}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  {cs.teachers.length ? (
                    cs.teachers.map((x) => `${x.first_name} ${x.last_name}`).join(", ")
                  ) : (
                    <Badge
                      color="orange"
                      variant="dot"
                      tt="none"
                      miw="max-content"
                      style={{ overflow: "visible" }}
                    >
                      {t("sections.courses.noTeacher")}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td ta="right">{cs.males_count}</Table.Td>
                <Table.Td ta="right">{cs.females_count}</Table.Td>
                <Table.Td>
                  {hasActions ? (
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          rightSection={<IconChevronDown size={14} aria-hidden />}
                          aria-label={t("sections.courses.actionsFor", { course: cs.course.title })}
                        >
                          {t("sections.courses.actions")}
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {canSchedule ? (
                          <>
                            <Menu.Item
                              component={Link}
                              to={`/schedules/show?mode=section&id=${section.id}&period_id=${section.period_id}`}
                              leftSection={<IconCalendarEvent size={14} aria-hidden />}
                            >
                              {t("sections.courses.seeSchedule")}
                            </Menu.Item>
                            <Menu.Item
                              component={Link}
                              to={`/sections/${section.id}/courses/${cs.course_id}/set-shcedule`}
                            >
                              {t("sections.courses.createSchedule")}
                            </Menu.Item>
                          </>
                        ) : null}
                        {canAssign ? (
                          <Menu.Item onClick={() => setAssigning(cs)}>
                            {t("sections.courses.assignTeacher")}
                          </Menu.Item>
                        ) : null}
                        {canFinal && cs.course.supports_final_delivery ? (
                          <Menu.Item
                            component={Link}
                            to={`/sections/${section.id}/courses/${cs.course_id}/create-final-delivery`}
                          >
                            {t("sections.courses.createFinalDelivery")}
                          </Menu.Item>
                        ) : null}
                      </Menu.Dropdown>
                    </Menu>
                  ) : (
                    "—"
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <AssignTeachersDialog courseSection={assigning} onClose={() => setAssigning(null)} />
    </>
  );
}
