import { Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

export type PhoneRecord = {
  key: string | number;
  title: ReactNode;
  /** Shown at the title's right: the state. */
  badge: ReactNode;
  facts: { label: string; value: ReactNode }[];
  /** Below the facts, the whole width: an action such as a download. */
  footer?: ReactNode;
};

/**
 * A table's rows as a phone shows them: one block per row, its title and state on top and its other columns
 * as label and value two by two, so nothing scrolls sideways at 390 px.
 */
export function PhoneRecords({ records }: { records: PhoneRecord[] }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
      {records.map((r) => (
        <Paper key={r.key} withBorder p="xs" component="li">
          <Group justify="space-between" wrap="nowrap" align="flex-start" mb={4}>
            <div>{r.title}</div>
            {r.badge}
          </Group>
          <SimpleGrid cols={2} spacing="xs" verticalSpacing={4}>
            {r.facts.map((f) => (
              <div key={f.label}>
                <Text size="xs" c="dimmed">
                  {f.label}
                </Text>
                <Text size="sm">{f.value}</Text>
              </div>
            ))}
          </SimpleGrid>
          {r.footer ? <Group mt="xs">{r.footer}</Group> : null}
        </Paper>
      ))}
    </Stack>
  );
}
