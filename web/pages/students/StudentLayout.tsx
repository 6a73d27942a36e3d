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
  Text,
  Title,
} from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { Student } from "../../api/students";
import { usePictureUrl } from "../../api/use-picture-url";
import { Avatar, listReturnPath } from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { useStudentPage } from "./useStudentPage";

/** The sub-pages of a student, in the order of the tabs (spec.md §2). */
export const studentTabs = [
  "",
  "history",
  "courses",
  "lessons",
  "absences",
  "delays",
  "binnacles",
  "notifications",
] as const;
export type StudentTab = (typeof studentTabs)[number];

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === "active" ? "green" : "gray"} variant="dot" miw="max-content">
      {t(`students.statuses.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function StudentHeader({ student }: { student: Student }) {
  const { t } = useTranslation();
  const picture = usePictureUrl(student.profile_picture);
  const latest = student.latest_inscription;
  return (
    <Paper withBorder p="md">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={picture} text={student.full_name} size={56} alt="" />
        <Stack gap={4}>
          <Group gap="xs">
            <Title order={1} size="h3">
              {student.full_name}
            </Title>
            <StatusBadge status={student.status} />
          </Group>
          <Text size="sm">
            {t("students.fields.identityDocument")}: {student.identity_document} · {student.email}
          </Text>
          <Text size="sm">
            {latest
              ? t("students.profile.latest", {
                  period: latest.period.name,
                  specialization: latest.specialization.title,
                  semester: latest.semester.code,
                  section: latest.section.code,
                })
              : t("students.profile.neverInscribed")}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

type Props = { tab: StudentTab; title: string; children: (student: Student) => ReactNode };

/**
 * The frame of every student page: breadcrumb "Estudiantes" > name (> course) > page, the student's
 * header, and the links to the sub-pages (under the section and course when the path names them).
 */
export function StudentLayout({ tab, title, children }: Props) {
  const { t } = useTranslation();
  const { can } = useSession();
  const { id, base, scoped, student } = useStudentPage();
  const location = useLocation();
  const name = student.data?.full_name ?? "";
  useBreadcrumbs([
    { label: t("students.list.title"), to: can("students.read") ? listReturnPath("/students") : undefined },
    ...(tab === "" ? [{ label: name }] : [{ label: name, to: base }, { label: title }]),
  ]);

  if (student.isError || id === undefined) {
    return (
      <Alert color="yellow" title={t("students.profile.notFound")}>
        <Anchor component={Link} to={listReturnPath("/students")}>
          {t("students.profile.backToList")}
        </Anchor>
      </Alert>
    );
  }
  if (!student.data) {
    return (
      <Center mih={200}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  }
  const tabs = studentTabs.filter((x) => x !== "history" || can("students.history"));
  return (
    <Stack gap="md">
      <StudentHeader student={student.data} />
      <Group component="nav" aria-label={t("students.tabs.label")} gap={4}>
        {tabs.map((x) => {
          const to = x === "" ? base : `${base}/${x}`;
          const current = location.pathname === to;
          return (
            <Button
              key={x || "profile"}
              component={Link}
              to={to}
              size="compact-sm"
              variant={current ? "light" : "subtle"}
              aria-current={current ? "page" : undefined}
            >
              {t(`students.tabs.${x || "profile"}`)}
            </Button>
          );
        })}
        {can("students.write") || can("withdrawals.write") ? (
          <Group gap={4} ml="auto">
            {can("students.write") ? (
              <Button component={Link} to={`/students/${id}/edit`} size="compact-sm" variant="default">
                {t("common.edit")}
              </Button>
            ) : null}
            {/* Retiros (/withdrawals) with this student chosen: an active student's only way there from here. */}
            {can("withdrawals.write") && student.data.status === "active" ? (
              <Button
                component={Link}
                to={`/withdrawals?student_id=${id}`}
                size="compact-sm"
                variant="default"
                title={t("students.profile.withdrawHint")}
              >
                {t("students.profile.withdraw")}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {scoped ? <Text size="sm">{t("students.profile.scoped")}</Text> : null}
      <Title order={2} size="h4">
        {title}
      </Title>
      {children(student.data)}
    </Stack>
  );
}
