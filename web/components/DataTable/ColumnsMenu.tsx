import { Button, Checkbox, Menu, Stack } from "@mantine/core";
import { IconColumns } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ColumnsMenuProps {
  columns: { accessor: string; title: ReactNode }[];
  hidden: ReadonlySet<string>;
  onToggle: (accessor: string, visible: boolean) => void;
}

/** "Columnas" menu: one checkbox per column to show or hide it. */
export function ColumnsMenu({ columns, hidden, onToggle }: ColumnsMenuProps) {
  const { t } = useTranslation();
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          {t("components.dataTable.columns")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown p="sm">
        <Stack gap="xs">
          {columns.map((column) => (
            <Checkbox
              key={column.accessor}
              label={column.title}
              checked={!hidden.has(column.accessor)}
              onChange={(event) => onToggle(column.accessor, event.currentTarget.checked)}
            />
          ))}
        </Stack>
      </Menu.Dropdown>
    </Menu>
  );
}
