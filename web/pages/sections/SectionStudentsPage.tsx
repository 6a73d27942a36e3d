import { Stack, Title } from "@mantine/core";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

import { type SectionStudent, useSectionStudents } from "../../api/sections";
import {
  bindListParams,
  DataTable,
  type DataTableColumn,
  listReturnPath,
  parseListParams,
  toListQuery,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSectionPage } from "./useSectionPage";

function studentColumns(t: TFunction): DataTableColumn<SectionStudent>[] {
  return [
    {
      accessor: "identity_document",
      title: t("sections.students.identityDocument"),
      sortable: true,
      noWrap: true,
    },
    { accessor: "first_name", title: t("sections.students.firstName"), sortable: true },
    { accessor: "last_name", title: t("sections.students.lastName"), sortable: true },
    {
      accessor: "gender",
      title: t("sections.students.gender"),
      sortable: true,
      noWrap: true,
      render: (s) => t(`sections.students.genders.${s.gender === "female" ? "female" : "male"}`),
    },
    { accessor: "email", title: t("common.email") },
    {
      accessor: "status",
      title: t("sections.students.status"),
      noWrap: true,
      render: (s) => t(`sections.students.statuses.${s.status === "active" ? "active" : "retired"}`),
    },
  ];
}

/** /sections/:section_id/students: the students inscribed in the section (from the inscriptions). */
export function SectionStudentsPage() {
  const { t } = useTranslation();
  const { id, section, fallback } = useSectionPage();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams, { sortBy: "last_name,asc" });
  const list = useSectionStudents(id ?? 0, params);
  const columns = useMemo(() => studentColumns(t), [t]);
  useBreadcrumbs([
    { label: t("sections.list.title"), to: listReturnPath("/sections") },
    { label: section.data?.code ?? "", to: id ? `/sections/${id}` : undefined },
    { label: t("sections.students.title") },
  ]);

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {section.data
          ? t("sections.students.heading", { code: section.data.code })
          : t("sections.students.title")}
      </Title>
      {section.data ? (
        <DataTable<SectionStudent>
          columns={columns}
          records={list.data?.data}
          total={list.data?.meta.total ?? 0}
          fetching={list.isFetching}
          error={list.isError}
          onRetry={() => void list.refetch()}
          storageKey="section-students"
          {...bindListParams(params, (next) => setSearchParams(toListQuery(next), { replace: true }))}
          csvExport={{
            url: `/sections/${id}/students`,
            params: toListQuery(params),
            filename: `estudiantes-${section.data.code}`,
          }}
        />
      ) : (
        fallback
      )}
    </Stack>
  );
}
