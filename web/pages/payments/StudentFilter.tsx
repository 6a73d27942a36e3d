import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type StudentOption, useStudentPickerSearch } from "../../api/reinscriptions";
import { useStudent } from "../../api/students";
import { DEBOUNCE_MS } from "../../components";

const studentLabel = (s: StudentOption) => `${s.last_name}, ${s.first_name} — ${s.identity_document}`;

type Props = Omit<SelectProps, "data" | "value" | "onChange"> & {
  /** The student the list is filtered by (`?student_id=`), or none. */
  value: number | undefined;
  onChange: (studentId: number | undefined) => void;
};

/**
 * The payments list's student filter: a student searched on the server by name, cédula or e-mail, and
 * controlled by the URL, so `/payments?student_id=N` shows that student chosen (their name fetched) and
 * clearing the box removes the filter.
 */
export function StudentFilter({ value, onChange, ...selectProps }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<StudentOption | null>(null);
  // A student chosen here is known; one that came with the URL is fetched by its id.
  const known = value !== undefined && picked?.id === value ? picked : null;
  const fetched = useStudent(value !== undefined && !known ? value : undefined);
  const current: StudentOption | null =
    known ?? (value !== undefined && fetched.data?.id === value ? fetched.data : null);
  const currentLabel = current ? studentLabel(current) : null;
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS);
  // The box shows the chosen student's label: that is not a search.
  const found = useStudentPickerSearch(debounced === currentLabel ? "" : debounced);
  const options = useMemo(() => {
    const rows = found.data ?? [];
    const all = current && !rows.some((r) => r.id === current.id) ? [current, ...rows] : rows;
    return all.map((s) => ({ value: String(s.id), label: studentLabel(s), student: s }));
  }, [found.data, current]);
  return (
    <Select
      label={t("payments.fields.student")}
      placeholder={t("reinscriptions.picker.placeholder")}
      {...selectProps}
      searchable
      clearable
      // Reachable with the keyboard, named and 28 px (Mantine hides it from both, at 22 px, by default).
      clearButtonProps={{
        "aria-label": t("payments.filters.clearStudent"),
        "aria-hidden": false,
        tabIndex: 0,
        size: "md",
      }}
      value={value === undefined ? null : String(value)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage={
        debounced.trim().length >= 2 && debounced !== currentLabel
          ? t("reinscriptions.picker.none")
          : t("reinscriptions.picker.typeToSearch")
      }
      data={options}
      onChange={(next) => {
        const student = options.find((o) => o.value === next)?.student ?? null;
        setPicked(student);
        onChange(student?.id);
      }}
    />
  );
}
