import { type Course, useCourses } from "../../api/courses";

export type PensumCourseOption = {
  id: number;
  code: string;
  title: string;
  enabled: boolean;
  semester: number;
};

/** The courses of a pensum with their semester number there, by semester then code. */
export function usePensumCourseOptions(pensumId: number | null) {
  const query = useCourses(
    { page: 1, limit: 0, search: "", sortBy: "code,asc" },
    { pensumId: pensumId ?? undefined },
    pensumId !== null,
  );
  const options: PensumCourseOption[] = (query.data?.data ?? [])
    .map((c: Course) => ({
      id: c.id,
      code: c.code,
      title: c.title,
      enabled: c.enabled,
      semester: c.pensums.find((p) => p.pensum_id === pensumId)?.semester_number ?? 0,
    }))
    .sort((a, b) => a.semester - b.semester || a.code.localeCompare(b.code));
  return { options, loading: query.isLoading };
}
