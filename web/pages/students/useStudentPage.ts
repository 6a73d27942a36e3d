import { useParams } from "react-router";
import type { CourseScope } from "../../api/students";
import { useStudent } from "../../api/students";

const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * The student of a `/students/:student/…` page and, under `/students/:student/:section/:course/…`, the
 * section and course it is narrowed to. `base` is the path the sub-page links hang from.
 */
export function useStudentPage() {
  const params = useParams();
  const id = positive(params.student);
  const sectionId = positive(params.section);
  const courseId = positive(params.course);
  const scope: CourseScope = sectionId && courseId ? { section_id: sectionId, course_id: courseId } : {};
  const base =
    id === undefined ? "/students" : `/students/${id}${scope.section_id ? `/${sectionId}/${courseId}` : ""}`;
  const student = useStudent(id);
  return { id, scope, base, student, scoped: scope.section_id !== undefined };
}
