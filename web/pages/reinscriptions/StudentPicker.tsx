import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type StudentOption, useStudentPickerSearch } from "../../api/reinscriptions";
import { DEBOUNCE_MS } from "../../components";

const studentLabel = (s: StudentOption) => `${s.last_name}, ${s.first_name} — ${s.identity_document}`;

/**
 * Searchable select of students (the students list searched on the server by name, cédula or e-mail),
 * used by the re-inscription and withdrawal screens.
 */
export function StudentPicker(
  props: Omit<SelectProps, "data" | "onChange"> & { onPick: (s: StudentOption | null) => void },
) {
  const { t } = useTranslation();
  const { onPick, ...selectProps } = props;
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS);
  const found = useStudentPickerSearch(debounced);
  const [picked, setPicked] = useState<StudentOption | null>(null);
  const options = useMemo(() => {
    const rows = found.data ?? [];
    const all = picked && !rows.some((r) => r.id === picked.id) ? [picked, ...rows] : rows;
    return all.map((s) => ({ value: String(s.id), label: studentLabel(s), student: s }));
  }, [found.data, picked]);
  return (
    <Select
      label={t("reinscriptions.picker.label")}
      placeholder={t("reinscriptions.picker.placeholder")}
      {...selectProps}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        debounced.trim().length >= 2
          ? t("reinscriptions.picker.none")
          : t("reinscriptions.picker.typeToSearch")
      }
      data={options}
      onChange={(value) => {
        const student = options.find((o) => o.value === value)?.student ?? null;
        setPicked(student);
        onPick(student);
      }}
    />
  );
}
