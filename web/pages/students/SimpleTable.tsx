import { Center, Loader, Paper, Table, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export type SimpleColumn<T> = { key: string; title: string; render: (row: T) => ReactNode };

type Props<T> = {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: SimpleColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string | number;
  loading: boolean;
  error: boolean;
  /** Said when there are no rows (the real empty state of the page). */
  empty: string;
};

/** A read-only table of a student's sub-resource (every row at once, no paging). */
export function SimpleTable<T>({ caption, columns, rows, rowKey, loading, error, empty }: Props<T>) {
  const { t } = useTranslation();
  if (error) return <Text c="red.8">{t("students.loadError")}</Text>;
  if (loading || !rows)
    return (
      <Center mih={120}>
        <Loader aria-label={t("common.loading")} />
      </Center>
    );
  if (rows.length === 0)
    return (
      <Paper withBorder p="lg">
        <Text>{empty}</Text>
      </Paper>
    );
  return (
    <Paper withBorder>
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover>
          <Table.Caption style={{ captionSide: "top", textAlign: "start", padding: 8 }}>
            {caption}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key}>{c.title}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
