import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { IconCheck, IconPlus } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { downloadAttachment, useMarkAsRead, useNotificationList } from "../../api/notification-compose";
import type { AppNotification } from "../../api/notifications";
import {
  bindListParams,
  DataTable,
  type DataTableColumn,
  parseListParams,
  toListQuery,
  useSearchParams,
} from "../../components";
import { dayjs } from "../../i18n/dayjs";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { notificationText } from "../../layout/notification-text";
import { useSession } from "../../session/useSession";

type Filter = "all" | "unread" | "read";

function columns(t: TFunction, open: (n: AppNotification) => void): DataTableColumn<AppNotification>[] {
  return [
    {
      accessor: "created_at",
      title: t("notifications.fields.date"),
      sortable: true,
      noWrap: true,
      render: (n) => dayjs(n.created_at).format(t("layout.notifications.dateFormat")),
    },
    {
      accessor: "sender",
      title: t("notifications.fields.sender"),
      render: (n) => n.sender?.name || n.sender?.email || t("layout.notifications.system"),
    },
    {
      accessor: "content",
      title: t("notifications.fields.content"),
      minWidth: 260,
      render: (n) => (
        <Stack gap={2}>
          {n.back ? (
            <Anchor component="button" type="button" ta="left" size="sm" onClick={() => open(n)}>
              {notificationText(t, n)}
            </Anchor>
          ) : (
            <Text size="sm">{notificationText(t, n)}</Text>
          )}
          {n.attachment && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              ta="left"
              onClick={() => downloadAttachment(n.attachment!, n.id)}
            >
              {t("layout.notifications.attachment")}
            </Anchor>
          )}
        </Stack>
      ),
    },
    {
      accessor: "type",
      title: t("notifications.fields.audience"),
      sortable: true,
      noWrap: true,
      render: (n) => t(`notifications.audiences.${n.type}.label`),
    },
    {
      accessor: "pivot",
      title: t("notifications.fields.state"),
      noWrap: true,
      render: (n) =>
        n.pivot?.read_at ? (
          <Badge color="gray" variant="light">
            {t("notifications.list.read")}
          </Badge>
        ) : (
          <Badge color="blue">{t("notifications.list.unread")}</Badge>
        ),
    },
  ];
}

/**
 * /notifications: every notification of the caller, read and unread (a filter), newest first; opening
 * one marks it read and goes where it points (`back`). Staff may compose a new one.
 */
export function NotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isStudent } = useSession();
  useBreadcrumbs([{ label: t("notifications.list.title") }]);
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseListParams(searchParams);
  const filter = (searchParams.get("filter") as Filter | null) ?? "all";
  const unread = filter === "all" ? undefined : filter === "unread";
  const list = useNotificationList({ ...params, unread });
  const markAsRead = useMarkAsRead();
  const open = (n: AppNotification) => {
    if (!n.pivot?.read_at) markAsRead.mutate(n.id);
    if (n.back) void navigate(n.back);
  };
  const cols = columns(t, open);
  const setQuery = (next: Record<string, string>, f: Filter = filter) =>
    setSearchParams({ ...next, ...(f === "all" ? {} : { filter: f }) });

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t("notifications.list.title")}
      </Title>
      <DataTable<AppNotification>
        columns={cols}
        records={list.data?.data}
        total={list.data?.meta.total ?? 0}
        fetching={list.isFetching}
        error={list.isError}
        onRetry={() => void list.refetch()}
        storageKey="notifications"
        csvExport={{
          url: "/notifications",
          params: { ...toListQuery(params), ...(unread === undefined ? {} : { unread: String(unread) }) },
          filename: "notificaciones",
        }}
        {...bindListParams(params, (next) => setQuery(toListQuery(next) as Record<string, string>))}
        actions={(n) =>
          n.pivot?.read_at ? null : (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconCheck size={14} aria-hidden />}
              onClick={() => markAsRead.mutate(n.id)}
            >
              {t("layout.notifications.markAsRead")}
            </Button>
          )
        }
        toolbar={
          <Group gap="sm">
            <SegmentedControl
              aria-label={t("notifications.list.filter")}
              value={filter}
              onChange={(value) =>
                setQuery(toListQuery({ ...params, page: 1 }) as Record<string, string>, value as Filter)
              }
              data={[
                { value: "all", label: t("notifications.list.all") },
                { value: "unread", label: t("notifications.list.unreadPlural") },
                { value: "read", label: t("notifications.list.readPlural") },
              ]}
            />
            {!isStudent && (
              <Button
                component={Link}
                to="/notifications/create"
                leftSection={<IconPlus size={16} aria-hidden />}
              >
                {t("notifications.create.title")}
              </Button>
            )}
          </Group>
        }
      />
    </Stack>
  );
}
