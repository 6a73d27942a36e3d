import {
  ActionIcon,
  Anchor,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from "@mantine/core";
import { notifications as toasts } from "@mantine/notifications";
import { IconBell } from "@tabler/icons-react";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { LiveNotification } from "../api/notification-stream";
import {
  type AppNotification,
  useMarkNotificationAsRead,
  useUnreadNotifications,
} from "../api/notifications";
import { dayjs } from "../i18n/dayjs";
import { sessionStore } from "../session/store";
import { useSession } from "../session/useSession";
import { notificationText } from "./notification-text";
import { useNotificationStream } from "./use-notification-stream";

/** Downloads an attachment with the session's token (loaded on demand); other URLs open as links. */
function openAttachment(url: string, id: number) {
  if (!url.startsWith("/api/")) {
    window.open(url, "_blank", "noopener");
    return;
  }
  void import("../api/notification-stream").then((m) => m.downloadWithToken(url, sessionStore.token(), id));
}

function NotificationRow({
  item,
  onRead,
  onOpen,
}: {
  item: AppNotification;
  onRead: (id: number) => void;
  onOpen: (item: AppNotification) => void;
}) {
  const { t } = useTranslation();
  const sender = item.sender?.name || item.sender?.email || t("layout.notifications.system");
  const text = notificationText(t, item);
  return (
    <Stack gap={4} py="xs" data-testid="notification-item">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} truncate>
          {sender}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          {dayjs(item.created_at).format(t("layout.notifications.dateFormat"))}
        </Text>
      </Group>
      {item.back ? (
        <Anchor component="button" type="button" size="sm" ta="left" c="inherit" onClick={() => onOpen(item)}>
          <Text size="sm" lineClamp={2} span>
            {text}
          </Text>
        </Anchor>
      ) : (
        <Text size="sm" lineClamp={2}>
          {text}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        {item.attachment ? (
          <Anchor
            component="button"
            type="button"
            size="xs"
            onClick={() => openAttachment(item.attachment!, item.id)}
          >
            {t("layout.notifications.attachment")}
          </Anchor>
        ) : (
          <span />
        )}
        <Button size="compact-xs" variant="subtle" onClick={() => onRead(item.id)}>
          {t("layout.notifications.markAsRead")}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Header bell: unread notifications, newest first, with the unread count. New ones arrive live (the
 * notification stream), refresh the list and show a toast; opening one marks it read and goes to `back`.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const { data = [] } = useUnreadNotifications();
  const markAsRead = useMarkNotificationAsRead();
  const userId = useSession().user?.id ?? null;
  const onLive = useCallback(
    (n: LiveNotification) =>
      toasts.show({
        color: "blue",
        title: t("layout.notifications.new"),
        message: notificationText(t, n),
        autoClose: 6000,
      }),
    [t],
  );
  useNotificationStream(userId, onLive);
  const open = (item: AppNotification) => {
    markAsRead.mutate(item.id);
    setOpened(false);
    if (item.back) void navigate(item.back);
  };
  return (
    <Popover width={360} position="bottom-end" shadow="md" withinPortal opened={opened} onChange={setOpened}>
      {/* The target is the button itself: aria-expanded belongs on it, not on the badge's wrapper. */}
      <Indicator disabled={data.length === 0} label={data.length} size={16} offset={4} color="red">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t("layout.notifications.open")}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="sm">
        <Group justify="space-between" mb={4}>
          <Text fw={600} size="sm">
            {t("layout.notifications.title")}
          </Text>
          <Anchor component={Link} to="/notifications" size="xs" onClick={() => setOpened(false)}>
            {t("layout.notifications.seeAll")}
          </Anchor>
        </Group>
        <Divider />
        {data.length === 0 ? (
          <Text size="sm" c="dimmed" py="md" ta="center">
            {t("layout.notifications.empty")}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Stack gap={0}>
              {data.map((item, index) => (
                <div key={item.id}>
                  {index > 0 && <Divider />}
                  <NotificationRow item={item} onRead={(id) => markAsRead.mutate(id)} onOpen={open} />
                </div>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
