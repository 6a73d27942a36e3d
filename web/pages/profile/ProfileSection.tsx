import { Paper, Stack, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A titled card of the profile page. */
export function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" component="section" aria-label={title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
