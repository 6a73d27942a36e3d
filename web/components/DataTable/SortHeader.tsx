import { UnstyledButton } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconSelector } from "@tabler/icons-react";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/** Order of a column: by it ascending or descending, or not by it. */
export type ColumnSort = "asc" | "desc" | "none";

const ARIA_SORT = { asc: "ascending", desc: "descending", none: "none" } as const;

export interface SortHeaderProps {
  title: ReactNode;
  sort: ColumnSort;
  onSort: () => void;
}

/**
 * Title of a sortable column: a real button (Enter and Space work) with the title and an icon whose
 * label says the order in the interface language ("Orden ascendente", "Sin ordenar"). The header
 * cell gets `aria-sort`, so screen readers announce the order of the column itself.
 */
export function SortHeader({ title, sort, onSort }: SortHeaderProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    ref.current?.closest("th")?.setAttribute("aria-sort", ARIA_SORT[sort]);
  }, [sort]);
  const Icon = sort === "asc" ? IconArrowUp : sort === "desc" ? IconArrowDown : IconSelector;
  return (
    <UnstyledButton
      ref={ref}
      onClick={onSort}
      className="aula-sort-header"
      data-sort={sort}
      style={{
        display: "inline-flex",
        alignItems: "center",
        gap: 4,
        fontWeight: "inherit",
        fontSize: "inherit",
        color: "inherit",
        // A long title ("Múltiples secciones") takes two lines rather than widening the table.
        whiteSpace: "normal",
        textAlign: "start",
      }}
    >
      <span style={{ minWidth: 0 }}>{title}</span>
      <Icon
        size={14}
        role="img"
        aria-label={t(`components.dataTable.sort.${sort}`)}
        style={{ flexShrink: 0, opacity: sort === "none" ? 0.45 : 1 }}
      />
    </UnstyledButton>
  );
}
