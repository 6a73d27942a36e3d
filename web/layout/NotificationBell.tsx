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
import { IconBell } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type AppNotification,
  useMarkNotificationAsRead,
  useUnreadNotifications,
} from "../api/notifications";
import { dayjs } from "../i18n/dayjs";

function NotificationRow({ item, onRead }: { item: AppNotification; onRead: (id: number) => void }) {
  const { t } = useTranslation();
  const sender = item.sender?.name || item.sender?.email || t("layout.notifications.system");
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
      <Text size="sm" lineClamp={2}>
        {item.content}
      </Text>
      <Group justify="space-between" gap="xs">
        {item.attachment ? (
          <Anchor href={item.attachment} target="_blank" rel="noreferrer" size="xs">
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

/** Header bell: unread notifications, newest first. */
export function NotificationBell() {
  const { t } = useTranslation();
  const { data = [] } = useUnreadNotifications();
  const markAsRead = useMarkNotificationAsRead();
  return (
    <Popover width={360} position="bottom-end" shadow="md" withinPortal>
      {/* The target is the button itself: aria-expanded belongs on it, not on the badge's wrapper. */}
      <Indicator disabled={data.length === 0} label={data.length} size={16} offset={4} color="red">
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={t("layout.notifications.open")}>
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p="sm">
        <Group justify="space-between" mb={4}>
          <Text fw={600} size="sm">
            {t("layout.notifications.title")}
          </Text>
          <Anchor component={Link} to="/notifications" size="xs">
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
                  <NotificationRow item={item} onRead={(id) => markAsRead.mutate(id)} />
                </div>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
