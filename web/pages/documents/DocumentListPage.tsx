import { Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  documentListQuery,
  type LibraryDocument,
  useDocuments,
  useFilterSpecializations,
} from "../../api/documents";
import {
  bindListParams,
  DataTable,
  type ListParams,
  parseListParams,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { DocumentCoverGrid } from "./DocumentCoverGrid";
import { documentColumns } from "./document-columns";
import { useDocumentActions } from "./use-document-actions";

/**
 * /documents: the virtual library. The page of documents shows as a grid of covers above the table
 * (search, order, pages and CSV in the table; both show the same page). Everyone sees what the server
 * lets them (a student: general documents and their specialization's); writes: admin only.
 */
export function DocumentListPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can("documents.write");
  useBreadcrumbs([{ label: t("library.list.title") }]);

  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams);
  const filters = { specializationId: Number(searchParams.get("specialization_id")) || null };
  const list = useDocuments(params, filters);
  const canFilter = can("specializations.read");
  const specializations = useFilterSpecializations(canFilter);
  const setQuery = (next: ListParams, nextFilters = filters) =>
    setSearchParams(documentListQuery(next, nextFilters));
  const columns = useMemo(() => documentColumns(t), [t]);
  const actions = useDocumentActions();
  const records = list.data?.data;

  const rowActions = (doc: LibraryDocument) => (
    <Group gap={4} wrap="nowrap">
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconDownload size={14} aria-hidden />}
        loading={actions.downloading === doc.id}
        onClick={() => void actions.download(doc)}
      >
        {t("library.list.download")}
      </Button>
      {canWrite && (
        <>
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconPencil size={14} aria-hidden />}
            component={Link}
            to={`/documents/${doc.id}/edit`}
          >
            {t("common.edit")}
          </Button>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            disabled={actions.deleting}
            onClick={() => void actions.remove(doc)}
          >
            {t("common.delete")}
          </Button>
        </>
      )}
    </Group>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("library.list.title")}
      </Title>
      {canFilter && (
        <Select
          label={t("library.fields.specialization")}
          placeholder={t("library.list.allSpecializations")}
          data={(specializations.data ?? []).map((s) => ({ value: String(s.id), label: s.title }))}
          clearable
          clearButtonProps={{ "aria-label": t("library.form.clearSpecialization") }}
          value={filters.specializationId ? String(filters.specializationId) : null}
          onChange={(value) =>
            setQuery({ ...params, page: 1 }, { specializationId: value ? Number(value) : null })
          }
          maw={320}
        />
      )}
      {records && records.length > 0 ? (
        <DocumentCoverGrid
          documents={records}
          onDownload={(doc) => void actions.download(doc)}
          downloading={actions.downloading}
        />
      ) : records ? (
        <Text c="dimmed">{t("library.list.empty")}</Text>
      ) : null}
      <DataTable<LibraryDocument>
        columns={columns}
        records={records}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="documents"
        csvExport={{
          url: "/documents",
          params: documentListQuery(params, filters),
          filename: "biblioteca-virtual",
        }}
        {...bindListParams(params, (next) => setQuery(next))}
        actions={rowActions}
        toolbar={
          canWrite ? (
            <Button component={Link} to="/documents/create" leftSection={<IconPlus size={16} aria-hidden />}>
              {t("library.create.title")}
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
