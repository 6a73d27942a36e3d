import { Center, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatNote } from "../../../common/enrolment/progression";
import { useSectionNotes } from "../../api/sections";
import { listReturnPath } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSectionPage } from "./useSectionPage";

/**
 * /sections/:section_id/students-courses-notes: each inscribed student with the note of every course of the
 * section so far (the shared maths of common/enrolment/progression.ts), failed by absences marked, and
 * the mean of their notes; "—" while a course has none.
 */
export function SectionNotesPage() {
  const { t } = useTranslation();
  const { id, section, fallback } = useSectionPage();
  const notes = useSectionNotes(id ?? 0);
  useBreadcrumbs([
    { label: t("sections.list.title"), to: listReturnPath("/sections") },
    { label: section.data?.code ?? "", to: id ? `/sections/${id}` : undefined },
    { label: t("sections.notes.title") },
  ]);

  let body = fallback;
  if (section.data) {
    const data = notes.data;
    if (!data) {
      body = notes.isError ? (
        <Text c="red.8">{t("sections.notes.loadError")}</Text>
      ) : (
        <Center mih={200}>
          <Loader aria-label={t("common.loading")} />
        </Center>
      );
    } else if (data.students.length === 0) {
      body = (
        <Text c="dimmed" ta="center" py="xl">
          {t("sections.notes.empty")}
        </Text>
      );
    } else {
      body = (
        <Table.ScrollContainer minWidth={Math.max(480, 240 + data.courses.length * 110)}>
          <Table striped withTableBorder withColumnBorders>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("sections.notes.student")}</Table.Th>
                {data.courses.map((c) => (
                  <Table.Th key={c.id} ta="center" title={c.title}>
                    {c.code}
                  </Table.Th>
                ))}
                <Table.Th ta="center">{t("courseNotes.average")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.students.map((st) => (
                <Table.Tr key={st.id}>
                  <Table.Td>
                    {st.last_name}, {st.first_name}
                  </Table.Td>
                  {st.notes.map((n) => (
                    <Table.Td key={n.course_id} ta="center">
                      {n.note === null ? "—" : formatNote(n.note)}
                      {n.failed_by_absences ? (
                        <Text span c="red.8" fz="xs" fw={600} ml={4}>
                          {t("courseNotes.failedByAbsencesShort")}
                        </Text>
                      ) : null}
                      {!n.failed_by_absences && n.standing === "in_progress" ? (
                        <Text span c="dimmed" fz="xs" ml={4}>
                          {t("courseNotes.inProgressShort")}
                        </Text>
                      ) : null}
                    </Table.Td>
                  ))}
                  <Table.Td ta="center" fw={600}>
                    {st.average === null ? "—" : formatNote(st.average)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      );
    }
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {section.data ? t("sections.notes.heading", { code: section.data.code }) : t("sections.notes.title")}
      </Title>
      {body}
    </Stack>
  );
}
