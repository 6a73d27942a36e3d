import { Alert, Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** One number of a dashboard: a link to the list it counts; its name is the number and what it counts. */
export function StatCard(props: {
  value: ReactNode;
  label: string;
  to: string;
  hint?: ReactNode;
  testId?: string;
}) {
  const content = (
    <>
      <Text fz={28} fw={700} lh={1.2} c="blue.8">
        {props.value}
      </Text>
      <Text size="sm" fw={500}>
        {props.label}
      </Text>
    </>
  );
  return (
    <Card withBorder padding="md" data-testid={props.testId}>
      {props.to.startsWith("#") ? (
        // "#low-performance": a list further down this page (the browser scrolls to it).
        <Anchor href={props.to} underline="hover" c="inherit" display="block">
          {content}
        </Anchor>
      ) : (
        <Anchor component={Link} to={props.to} underline="hover" c="inherit" display="block">
          {content}
        </Anchor>
      )}
      {props.hint && (
        <Text size="xs" c="dimmed" mt={4} component="div">
          {props.hint}
        </Text>
      )}
    </Card>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {children}
    </SimpleGrid>
  );
}

/** A titled panel of a dashboard (a chart with its numbers, a list). */
export function Panel(props: {
  title: string;
  children: ReactNode;
  id?: string;
  action?: ReactNode;
  /** Its heading's level: 2 under the page's title, 3 inside a titled part (the coordinator's own classes). */
  order?: 2 | 3;
}) {
  return (
    <Card withBorder padding="md" id={props.id}>
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={props.order ?? 2} size="h5">
          {props.title}
        </Title>
        {props.action}
      </Group>
      <Stack gap="xs">{props.children}</Stack>
    </Card>
  );
}

/** A number beside its label, the label a link to the list (the text alternative of a chart). */
export function CountLinks(props: {
  items: { key: string | number; label: string; value: number; to: string }[];
}) {
  return (
    <Stack gap={2} component="ul" style={{ listStyle: "none", paddingInlineStart: 0, margin: 0 }}>
      {props.items.map((item) => (
        <Group key={item.key} component="li" justify="space-between" gap="xs" wrap="nowrap" mih={24}>
          <Anchor component={Link} to={item.to} size="sm">
            {item.label}
          </Anchor>
          <Text size="sm" fw={600}>
            {item.value}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

export { DashboardSkeleton } from "../home/DashboardSkeleton";

export function DashboardError() {
  const { t } = useTranslation();
  return (
    <Alert color="red" title={t("dashboard.errorTitle")}>
      {t("dashboard.error")}
    </Alert>
  );
}
