import { Button, Checkbox, Popover, Stack, Text } from "@mantine/core";
import { IconColumns } from "@tabler/icons-react";
import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";

export interface ColumnsMenuProps {
  columns: { accessor: string; title: ReactNode }[];
  hidden: ReadonlySet<string>;
  /** Some columns were hidden so that the table fits the screen: the panel says so. */
  hiddenToFit?: boolean;
  onToggle: (accessor: string, visible: boolean) => void;
}

/**
 * "Columnas": a panel with one checkbox per column to show or hide it. A popover, not a menu: a
 * role="menu" may hold only menu items, and these are checkboxes (axe).
 */
export function ColumnsMenu({ columns, hidden, hiddenToFit = false, onToggle }: ColumnsMenuProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Popover position="bottom-end" withinPortal shadow="md">
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          {t("components.dataTable.columns")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm" aria-labelledby={titleId}>
        <Stack gap="xs" role="group" aria-labelledby={titleId}>
          <Text id={titleId} size="sm" fw={600}>
            {t("components.dataTable.columns")}
          </Text>
          {hiddenToFit ? (
            <Text size="xs" c="dimmed" maw={240}>
              {t("components.dataTable.hiddenToFit")}
            </Text>
          ) : null}
          {columns.map((column) => (
            <Checkbox
              key={column.accessor}
              label={column.title}
              checked={!hidden.has(column.accessor)}
              onChange={(event) => onToggle(column.accessor, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
