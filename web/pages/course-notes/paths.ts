/**
 * The course lessons page of a course section (spec.md §2):
 * /courses/periods/{period}/section/{section_id}/course/{course_id}/teacher/{teacher}/lessons. A course
 * section without a teacher yet says 0.
 */
export const courseLessonsPath = (
  periodId: number,
  sectionId: number,
  courseId: number,
  teacherId: number | undefined,
) => `/courses/periods/${periodId}/section/${sectionId}/course/${courseId}/teacher/${teacherId ?? 0}/lessons`;
