import { Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { listReturnPath } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { CourseTable } from "./CourseTable";

/** /courses/all: the courses no pensum includes yet (spec.md §2 "unassigned courses"). */
export function CourseAllPage() {
  const { t } = useTranslation();
  useBreadcrumbs([
    { label: t("courses.list.title"), to: listReturnPath("/courses") },
    { label: t("courses.all.title") },
  ]);
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("courses.all.title")}
      </Title>
      <Text c="dimmed" size="sm">
        {t("courses.all.help")}
      </Text>
      <CourseTable storageKey="courses-all" filters={{ unassigned: true }} />
    </Stack>
  );
}
