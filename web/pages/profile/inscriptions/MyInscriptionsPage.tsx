import { Alert, Badge, Card, Group, List, Loader, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { useStudentInscriptions } from "../../../api/inscriptions";
import { useBreadcrumbs } from "../../../layout/breadcrumbs";

/**
 * /profile/{id}/inscriptions (student only): the student's inscriptions by period, newest first, each
 * with its specialization, semester, section and the courses enrolled. The server answers only the
 * student's own.
 */
export function MyInscriptionsPage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const list = useStudentInscriptions(valid ? id : undefined);
  useBreadcrumbs([{ label: t("inscriptions.mine.title") }]);
  return (
    <Stack gap="md" maw={860}>
      <Title order={1} size="h3">
        {t("inscriptions.mine.title")}
      </Title>
      {list.isLoading ? <Loader size="sm" aria-label={t("common.loading")} /> : null}
      {list.isError || !valid ? (
        <Alert color="red" role="alert">
          {t("inscriptions.mine.error")}
        </Alert>
      ) : null}
      {list.data && list.data.length === 0 ? <Text>{t("inscriptions.mine.empty")}</Text> : null}
      {list.data?.map((inscription) => (
        <Card
          key={inscription.id}
          withBorder
          padding="lg"
          component="section"
          aria-label={inscription.period.name}
        >
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4">
              {t("inscriptions.mine.period", { period: inscription.period.name })}
            </Title>
            <Badge color={inscription.status === "active" ? "green" : "gray"} variant="dot">
              {t(`inscriptions.statuses.${inscription.status}`)}
            </Badge>
          </Group>
          <Text size="sm">
            {t("inscriptions.mine.place", {
              specialization: inscription.specialization.title,
              semester: inscription.semester.code,
              section: inscription.section.code,
            })}
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            {t(`inscriptions.kinds.${inscription.kind}`)}
          </Text>
          {inscription.courses.length > 0 ? (
            <List size="sm">
              {inscription.courses.map((c) => (
                <List.Item key={c.course_section_id}>
                  {c.course.code} — {c.course.title}
                  {c.status === "withdrawn" ? ` (${t("inscriptions.mine.withdrawn")})` : ""}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{t("inscriptions.mine.noCourses")}</Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
