import { Anchor, Badge, Button, Group, Select, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import { formatDate, schoolDateOf } from "../../../common/dates/format";
import {
  type DocumentRequest,
  type DocumentRequestFilters,
  type DocumentRequestStatus,
  documentRequestStatuses,
  documentRequestsApi,
  requestableTypes,
  useDeleteDocumentRequest,
  useDocumentRequests,
  useGenerateDocument,
  useSetDocumentRequestStatus,
} from "../../api/document-requests";
import {
  bindListParams,
  confirmAction,
  DataTable,
  type DataTableColumn,
  parseListParams,
  StudentSearchSelect,
  toast,
  toListQuery,
  useRememberListSearch,
  useSearchParams,
} from "../../components";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { documentTypeName } from "../../layout/notification-text";
import { useSession } from "../../session/useSession";
import { type RequestActionHandlers, RequestActions } from "./RequestActions";
import { RequestDocumentDialog } from "./RequestDocumentDialog";

const statusColor: Record<DocumentRequestStatus, string> = {
  pending: "yellow",
  generated: "green",
  retired: "blue",
  canceled: "gray",
};

export function StatusBadge({ status, t }: { status: DocumentRequestStatus; t: TFunction }) {
  return (
    <Badge color={statusColor[status]} variant="dot" miw="max-content" style={{ overflow: "visible" }}>
      {t(`documentRequests.status.${status}`)}
    </Badge>
  );
}

const shortDate = (iso: string) => formatDate(schoolDateOf(iso));

function readFilters(searchParams: URLSearchParams): DocumentRequestFilters {
  const filters: DocumentRequestFilters = {};
  const status = searchParams.get("status");
  if (status && (documentRequestStatuses as readonly string[]).includes(status))
    filters.status = status as DocumentRequestStatus;
  for (const key of ["type_id", "student_id"] as const) {
    const value = Number(searchParams.get(key));
    if (Number.isInteger(value) && value > 0) filters[key] = value;
  }
  return filters;
}

const filterQuery = (filters: DocumentRequestFilters) => {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query[key] = String(value);
  return query;
};

/**
 * /document-requests. A student: their own requests with their state, "Solicitar documento" and the
 * download of a generated document. Administrators and assistants: every request, filters (state, type,
 * student), search, CSV, and the actions Generar (by type: generated, e-mailed, then marked generated),
 * Marcar retirado and Cancelar (apart, in "Más acciones"), each after a question (RequestActions).
 */
export function DocumentRequestListPage() {
  const { t } = useTranslation();
  const { isStudent } = useSession();
  const staff = !isStudent;
  useBreadcrumbs([{ label: t("documentRequests.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  useRememberListSearch();
  const params = parseListParams(searchParams, { sortBy: "id,desc" });
  const filters = readFilters(searchParams);
  const list = useDocumentRequests(params, filters);
  const generate = useGenerateDocument();
  const setStatus = useSetDocumentRequestStatus();
  const remove = useDeleteDocumentRequest();
  const [asking, setAsking] = useState(false);
  const busy = generate.isPending || setStatus.isPending || remove.isPending;

  const columns = useMemo<DataTableColumn<DocumentRequest>[]>(
    () => [
      {
        accessor: "id",
        title: t("documentRequests.fields.number"),
        sortable: true,
        noWrap: true,
        render: (r) => `#${r.id}`,
      },
      ...(staff
        ? [
            {
              accessor: "student",
              title: t("documentRequests.fields.student"),
              sortable: true,
              minWidth: 180,
              render: (r: DocumentRequest) => (
                <>
                  <Text size="sm">{`${r.student.last_name}, ${r.student.first_name}`}</Text>
                  <Text size="xs" c="dimmed">
                    {r.student.identity_document}
                  </Text>
                </>
              ),
            } satisfies DataTableColumn<DocumentRequest>,
          ]
        : []),
      {
        accessor: "type_id",
        title: t("documentRequests.fields.type"),
        sortable: true,
        render: (r) => documentTypeName(t, r.type.id, r.type.name),
      },
      {
        accessor: "period",
        title: t("documentRequests.fields.period"),
        noWrap: true,
        priority: -1,
        render: (r) => (r.period ? `${r.period.year}-${r.period.number}` : "—"),
      },
      {
        accessor: "status",
        title: t("documentRequests.fields.status"),
        sortable: true,
        // The verification code of the issued document under its state: one column less to fit 1280 px.
        render: (r) => (
          <Stack gap={2} align="flex-start">
            <StatusBadge status={r.status} t={t} />
            {r.document ? (
              <Anchor
                href={`/verify/${r.document.code}`}
                target="_blank"
                rel="noopener"
                size="xs"
                ff="monospace"
                title={t("documentRequests.fields.code")}
              >
                {r.document.code}
              </Anchor>
            ) : null}
          </Stack>
        ),
      },
      {
        accessor: "created_at",
        title: t("documentRequests.fields.createdAt"),
        sortable: true,
        noWrap: true,
        render: (r) => shortDate(r.created_at),
      },
    ],
    [t, staff],
  );

  const run = async (
    opts: { title: string; message: string; danger?: boolean; done: string },
    action: () => Promise<unknown>,
  ) => {
    if (!(await confirmAction({ title: opts.title, message: opts.message, danger: opts.danger }))) return;
    try {
      await action();
      toast.success(opts.done);
    } catch {
      // the client already said why (a sending failure names the document)
    }
  };

  const who = (r: DocumentRequest) => `${r.student.first_name} ${r.student.last_name}`;
  const download = async (r: DocumentRequest) => {
    try {
      await documentRequestsApi.download(r);
    } catch {
      toast.error(t("documentRequests.download.failed"));
    }
  };

  const handlers: RequestActionHandlers = {
    download: (r) => void download(r),
    generate: (r) =>
      void run(
        {
          title: t("documentRequests.actions.generateTitle", {
            type: documentTypeName(t, r.type.id, r.type.name),
          }),
          message: t("documentRequests.actions.generateConfirm", {
            type: documentTypeName(t, r.type.id, r.type.name),
            name: who(r),
          }),
          done: t("documentRequests.actions.generated", {
            type: documentTypeName(t, r.type.id, r.type.name),
          }),
        },
        () => generate.mutateAsync(r),
      ),
    retire: (r) =>
      void run(
        {
          title: t("documentRequests.actions.retireTitle"),
          message: t("documentRequests.actions.retireConfirm", {
            type: documentTypeName(t, r.type.id, r.type.name),
            name: who(r),
          }),
          done: t("documentRequests.actions.retired"),
        },
        () => setStatus.mutateAsync({ id: r.id, action: "set-retired" }),
      ),
    cancel: (r) =>
      void run(
        {
          title: t("documentRequests.actions.cancelTitle", { id: r.id }),
          message: t(
            r.document ? "documentRequests.actions.cancelRevokes" : "documentRequests.actions.cancelConfirm",
            { id: r.id, type: documentTypeName(t, r.type.id, r.type.name), name: who(r) },
          ),
          danger: true,
          done: t("documentRequests.actions.canceled"),
        },
        () => setStatus.mutateAsync({ id: r.id, action: "set-canceled" }),
      ),
    remove: (r) =>
      void run(
        {
          title: t("documentRequests.actions.deleteTitle"),
          message: t("documentRequests.actions.deleteConfirm", {
            type: documentTypeName(t, r.type.id, r.type.name),
          }),
          danger: true,
          done: t("documentRequests.actions.deleted"),
        },
        () => remove.mutateAsync(r.id),
      ),
  };
  const actions = (r: DocumentRequest) => (
    <RequestActions request={r} staff={staff} busy={busy} on={handlers} />
  );

  const setFilters = (next: DocumentRequestFilters) =>
    setSearchParams({ ...toListQuery({ ...params, page: 1 }), ...filterQuery(next) });

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("documentRequests.list.title")}
      </Title>
      <Text size="sm" c="dimmed">
        {staff ? t("documentRequests.list.staffHint") : t("documentRequests.list.studentHint")}
      </Text>
      {staff ? (
        <Group gap="sm" align="flex-end">
          <Select
            label={t("documentRequests.fields.status")}
            placeholder={t("documentRequests.filters.allStatuses")}
            clearable
            w={170}
            data={documentRequestStatuses.map((s) => ({
              value: s,
              label: t(`documentRequests.status.${s}`),
            }))}
            value={filters.status ?? null}
            onChange={(v) =>
              setFilters({ ...filters, status: (v as DocumentRequestStatus | null) ?? undefined })
            }
          />
          <Select
            label={t("documentRequests.fields.type")}
            placeholder={t("documentRequests.filters.allTypes")}
            clearable
            w={260}
            data={requestableTypes.map((id) => ({
              value: String(id),
              label: t(`documentRequests.types.${id}`),
            }))}
            value={filters.type_id ? String(filters.type_id) : null}
            onChange={(v) => setFilters({ ...filters, type_id: v ? Number(v) : undefined })}
          />
          <StudentSearchSelect
            label={t("documentRequests.fields.student")}
            placeholder={t("documentRequests.filters.anyStudent")}
            clearable
            w={320}
            onChange={(s) => setFilters({ ...filters, student_id: s?.id })}
          />
        </Group>
      ) : null}
      <DataTable<DocumentRequest>
        columns={columns}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="document-requests"
        csvExport={{
          url: "/document-requests",
          params: { ...toListQuery(params), ...filterQuery(filters) },
          filename: "solicitudes-de-documentos",
        }}
        {...bindListParams(params, (next) =>
          setSearchParams({ ...toListQuery(next), ...filterQuery(filters) }),
        )}
        actions={actions}
        toolbar={
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAsking(true)}>
            {t("documentRequests.request.open")}
          </Button>
        }
      />
      <RequestDocumentDialog opened={asking} onClose={() => setAsking(false)} forStaff={staff} />
    </Stack>
  );
}
