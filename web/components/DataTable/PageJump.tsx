import { Button, Group, Text, TextInput } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

export interface PageJumpProps {
  /** Highest page that may be requested (total ÷ per page, rounded up). */
  lastPage: number;
  onJump: (page: number) => void;
}

/** A page number in 1…lastPage, or null. */
export function validPage(text: string, lastPage: number): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const page = Number(text.trim());
  return page >= 1 && page <= lastPage ? page : null;
}

/** "Ir a la página [n] Ir": accepts only whole numbers from 1 to the last page. */
export function PageJump({ lastPage, onJump }: PageJumpProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState("");
  const page = validPage(text, lastPage);
  const jump = () => {
    if (page === null) return;
    onJump(page);
    setText("");
  };
  return (
    <Group gap={6} wrap="nowrap">
      <Text component="label" htmlFor={id} size="sm">
        {t("components.dataTable.jumpToPage")}
      </Text>
      <TextInput
        id={id}
        size="xs"
        w={64}
        inputMode="numeric"
        value={text}
        error={text !== "" && page === null}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            jump();
          }
        }}
      />
      <Button size="xs" variant="default" disabled={page === null} onClick={jump}>
        {t("components.dataTable.go")}
      </Button>
    </Group>
  );
}
