import { TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useDebounced } from "../CountedInput/debounce";

/** Wait before a typed search goes to the server (spec.md §9). */
export const SEARCH_DEBOUNCE_MS = 400;

export interface SearchInputProps {
  /** The search in effect (from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses, only when it differs from `value`. */
  onChange: (search: string) => void;
  /** 400 ms by default (table search, spec.md §9). */
  debounceMs?: number;
}

/** "Buscar..." box of the tables; keeps its own text while typing and reports it debounced. */
export function SearchInput({ value, onChange, debounceMs }: SearchInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const report = useDebounced((next: string) => {
    const trimmed = next.trim();
    if (trimmed !== value) onChange(trimmed);
  }, debounceMs ?? SEARCH_DEBOUNCE_MS);
  return (
    <TextInput
      type="search"
      placeholder={t("components.dataTable.search")}
      aria-label={t("components.dataTable.search")}
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
      w={{ base: "100%", sm: 280 }}
    />
  );
}
