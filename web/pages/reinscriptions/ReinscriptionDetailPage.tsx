import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useReinscription } from "../../api/reinscriptions";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { ChangeReinscriptionSection } from "./ChangeReinscriptionSection";

/** /reinscriptions/{id}: the re-inscription's student, period, semester, section and courses. */
export function ReinscriptionDetailPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const { id } = useParams();
  const numeric = Number(id);
  const query = useReinscription(Number.isInteger(numeric) && numeric > 0 ? numeric : undefined);
  const r = query.data;
  useBreadcrumbs([
    { label: t("reinscriptions.list.title"), to: "/reinscriptions" },
    { label: r ? `${r.student.first_name} ${r.student.last_name}` : "" },
  ]);
  if (query.isError) {
    return (
      <Alert color="red" variant="light">
        {t("reinscriptions.detail.notFound")}
      </Alert>
    );
  }
  if (!r) return <Loader size="sm" aria-label={t("common.loading")} />;
  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h3">
        {t("reinscriptions.detail.title", { name: `${r.student.first_name} ${r.student.last_name}` })}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap={6}>
          <Text size="sm">
            {t("reinscriptions.fields.identityDocument")}: {r.student.identity_document}
          </Text>
          <Text size="sm">
            {t("reinscriptions.fields.period")}: {r.period.name}
          </Text>
          <Text size="sm">
            {t("reinscriptions.fields.specialization")}: {r.specialization.title}
          </Text>
          <Text size="sm">
            {t("reinscriptions.fields.semester")}: {r.semester.code} · {t("reinscriptions.fields.section")}:{" "}
            {r.section.code}
          </Text>
          <Group gap="xs">
            <Text size="sm">{t("reinscriptions.fields.status")}:</Text>
            <Badge color={r.status === "active" ? "green" : "gray"} variant="dot">
              {r.status === "active" ? t("reinscriptions.status.active") : t("reinscriptions.status.retired")}
            </Badge>
          </Group>
        </Stack>
      </Paper>
      <Table striped withTableBorder aria-label={t("reinscriptions.detail.courses")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("reinscriptions.preview.course")}</Table.Th>
            <Table.Th>{t("reinscriptions.fields.status")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.courses.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={2}>{t("reinscriptions.detail.noCourses")}</Table.Td>
            </Table.Tr>
          ) : (
            r.courses.map((c) => (
              <Table.Tr key={c.course_section_id}>
                <Table.Td>
                  {c.course.code} {c.course.title}
                </Table.Td>
                <Table.Td>
                  {c.status === "enrolled"
                    ? t("reinscriptions.detail.enrolled")
                    : t("reinscriptions.preview.withdrawn")}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
      {can("inscriptions.write") && r.status === "active" && <ChangeReinscriptionSection reinscription={r} />}
      <Group>
        <Button variant="default" component={Link} to="/reinscriptions">
          {t("common.back")}
        </Button>
      </Group>
    </Stack>
  );
}
