import { Select, type SelectProps } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { type StudentOption, useStudent, useStudentSearch } from "../../api/students";
import { DEBOUNCE_MS } from "../CountedInput/debounce";

/** How a student reads in the box and in the list: "Pérez, Ana — V-12345678". */
export const studentOptionLabel = (s: StudentOption) =>
  `${s.last_name}, ${s.first_name} — ${s.identity_document}`;

export type StudentSearchSelectProps = Omit<
  SelectProps,
  | "data"
  | "value"
  | "defaultValue"
  | "onChange"
  | "searchable"
  | "searchValue"
  | "onSearchChange"
  | "filter"
  | "nothingFoundMessage"
> & {
  /**
   * The chosen student's id: given (null for none), the caller owns the choice, and a student the select
   * has not seen (an id from the address) is fetched for its name; left out, the select keeps its own.
   */
  value?: number | null;
  /** The student chosen, or null when the box is cleared. */
  onChange?: (student: StudentOption | null) => void;
  /** The list's texts when nothing matches and before two letters are typed (default: the shared ones). */
  messages?: { none: string; typeToSearch: string };
};

/**
 * A student searched on the server by name, surname, cédula or e-mail (two letters at least, debounced),
 * the first ten by surname. Used wherever a screen picks one student: payments, re-inscriptions,
 * withdrawals, inscriptions, binnacles, document requests.
 */
export function StudentSearchSelect({ value, onChange, messages, ...selectProps }: StudentSearchSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [picked, setPicked] = useState<StudentOption | null>(null);
  const chosenId = value === undefined ? (picked?.id ?? null) : value;
  // A student chosen here is known; one that came from outside is fetched by its id.
  const known = chosenId !== null && picked?.id === chosenId ? picked : null;
  const fetched = useStudent(chosenId !== null && !known ? chosenId : undefined);
  const current: StudentOption | null =
    known ?? (chosenId !== null && fetched.data?.id === chosenId ? fetched.data : null);
  const currentLabel = current ? studentOptionLabel(current) : null;
  const [debounced] = useDebouncedValue(search, DEBOUNCE_MS);
  // The box shows the chosen student's label after a choice: that is not a search.
  const searching = debounced !== currentLabel;
  const found = useStudentSearch(searching ? debounced : "");
  const options = useMemo(() => {
    const rows = found.data ?? [];
    const all = current && !rows.some((r) => r.id === current.id) ? [current, ...rows] : rows;
    return all.map((s) => ({ value: String(s.id), label: studentOptionLabel(s), student: s }));
  }, [found.data, current]);
  const texts = messages ?? {
    none: t("components.studentSearch.none"),
    typeToSearch: t("components.studentSearch.typeToSearch"),
  };
  return (
    <Select
      label={t("components.studentSearch.label")}
      placeholder={t("components.studentSearch.placeholder")}
      clearable
      {...selectProps}
      searchable
      value={chosenId === null ? null : String(chosenId)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered: every option it sent is shown.
      filter={({ options: all }) => all}
      nothingFoundMessage={searching && debounced.trim().length >= 2 ? texts.none : texts.typeToSearch}
      data={options}
      onChange={(next) => {
        const student = options.find((o) => o.value === next)?.student ?? null;
        setPicked(student);
        onChange?.(student);
      }}
    />
  );
}
