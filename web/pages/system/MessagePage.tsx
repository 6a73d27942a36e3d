import { Button, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";

type Props = { icon?: ReactNode; title: string; text: string; action?: { label: string; to: string } };

/** A centred notice used by the error, "not yet available" and pending-module pages. */
export function MessagePage({ icon, title, text, action }: Props) {
  return (
    <Center mih={320} p="md">
      <Paper withBorder p="xl" maw={560} w="100%">
        <Stack align="center" gap="sm" ta="center">
          {icon}
          <Title order={2} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{text}</Text>
          {action && (
            <Button component={Link} to={action.to} variant="light" mt="sm">
              {action.label}
            </Button>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}
