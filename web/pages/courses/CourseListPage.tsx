import { Anchor, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePeriodCourses, usePeriods } from "../../api/periods";
import { useSpecializationOptions } from "../../api/specializations";
import { PeriodSelector, useSearchParams } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { CourseTable } from "./CourseTable";

/**
 * /courses: courses by specialization. Above, the pensum each specialization follows in the chosen period,
 * with links to its courses and to its sections and teachers; below, the course list filtered by
 * specialization (kept in the URL).
 */
export function CourseListPage() {
  const { t } = useTranslation();
  useBreadcrumbs([{ label: t("courses.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  const periods = usePeriods();
  const [periodId, setPeriodId] = useState<number | null>(null);
  const bySpecialization = usePeriodCourses(periodId ?? undefined);
  const specializations = useSpecializationOptions();
  const specializationId = Number(searchParams.get("specialization_id")) || undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h3">
          {t("courses.list.title")}
        </Title>
        <Anchor component={Link} to="/courses/all">
          {t("courses.all.title")}
        </Anchor>
      </Group>
      <PeriodSelector periods={periods.data} value={periodId} onChange={(id) => setPeriodId(id)} maw={240} />
      {periodId && bySpecialization.data?.length === 0 ? (
        <Text c="dimmed">{t("courses.list.noPensums")}</Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {(bySpecialization.data ?? []).map((s) => {
          const count = s.semesters.reduce((n, sem) => n + sem.courses.length, 0);
          const base = `/courses/periods/${periodId}/specializations/${s.id}/pensum/${s.pensum.id}`;
          return (
            <Card key={s.id} withBorder padding="md">
              <Stack gap={6}>
                <Text fw={600}>{s.title}</Text>
                <Text size="sm" c="dimmed">
                  {t("courses.list.pensumSummary", {
                    pensum: s.pensum.name,
                    version: s.pensum.version,
                    semesters: s.semesters.length,
                    count,
                  })}
                </Text>
                <Group gap="xs">
                  <Button size="compact-sm" variant="light" component={Link} to={base}>
                    {t("courses.list.seeCourses")}
                  </Button>
                  <Button size="compact-sm" variant="subtle" component={Link} to={`${base}/show`}>
                    {t("courses.list.seeSections")}
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Title order={2} size="h4">
        {t("courses.list.bySpecialization")}
      </Title>
      <CourseTable
        storageKey="courses"
        filters={{ specializationId }}
        keep={specializationId ? { specialization_id: String(specializationId) } : {}}
        extraToolbar={
          <Select
            aria-label={t("courses.fields.specialization")}
            placeholder={t("courses.list.allSpecializations")}
            data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
            value={specializationId ? String(specializationId) : null}
            onChange={(v) => setSearchParams(v ? { specialization_id: v } : {})}
            clearable
            w={220}
          />
        }
      />
    </Stack>
  );
}
