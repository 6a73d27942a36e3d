import { Alert, Button, Group, List, Paper, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { InscriptionResult } from "../../api/inscriptions";

type Props = { result: InscriptionResult; onAnother?: () => void };

/**
 * What an inscription did: where the student went, the courses they were enrolled in, and the courses
 * left out with the reason in Spanish (the prelation missing and its course).
 */
export function InscriptionResultCard({ result, onAnother }: Props) {
  const { t } = useTranslation();
  const name = `${result.student.first_name} ${result.student.last_name}`;
  // "inscrito" / "inscrita" agree with the student.
  const context = result.student.gender === "female" ? "female" : undefined;
  return (
    <Paper withBorder p="lg" maw={720}>
      <Stack gap="md">
        <Group gap="xs">
          <IconCircleCheck size={22} color="var(--mantine-color-green-8)" aria-hidden />
          <Title order={2} size="h4">
            {t("inscriptions.result.title", { name, context })}
          </Title>
        </Group>
        <Text>
          {t("inscriptions.result.placed", {
            period: result.period.name,
            semester: result.semester.code,
            section: result.section.code,
            specialization: result.specialization.title,
          })}
        </Text>
        <div>
          <Text fw={600}>
            {t("inscriptions.result.enrolled", { count: result.enrolled_courses.length, context })}
          </Text>
          {result.enrolled_courses.length > 0 ? (
            <List size="sm">
              {result.enrolled_courses.map((c) => (
                <List.Item key={c.course_section_id}>
                  {c.course.code} — {c.course.title}
                </List.Item>
              ))}
            </List>
          ) : null}
        </div>
        {result.skipped_courses.length > 0 ? (
          <Alert
            color="yellow"
            title={t("inscriptions.result.skippedTitle", { count: result.skipped_courses.length })}
            icon={<IconInfoCircle size={18} aria-hidden />}
          >
            <List size="sm">
              {result.skipped_courses.map((c) => (
                <List.Item key={c.course.id}>{c.reason}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        <Text size="sm">
          {result.fee_generated ? t("inscriptions.result.feeGenerated") : t("inscriptions.result.noFee")}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/inscriptions">
            {t("inscriptions.result.toList")}
          </Button>
          {onAnother ? <Button onClick={onAnother}>{t("inscriptions.result.another")}</Button> : null}
        </Group>
      </Stack>
    </Paper>
  );
}
