import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type {
  CourseSectionNotes,
  StudentAbsences,
  StudentCourseLessons,
  StudentCourseNote,
  StudentCourseNotes,
} from "../../common/schemas/course-sections";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { downloadFile, localDate } from "./download";
import type { Lesson } from "./lessons";
import type { ItemResponse, ListResponse } from "./types";

export type {
  CourseSectionNotes,
  StudentAbsences,
  StudentCourseLessons,
  StudentCourseNote,
  StudentCourseNotes,
};

/** Every course-section notes query key starts with `["course-notes"]`. */
export const courseNoteKeys = {
  all: ["course-notes"] as const,
  section: (sectionId: number, courseId: number) =>
    [...courseNoteKeys.all, "section", sectionId, courseId] as const,
  student: (sectionId: number, courseId: number, studentId: number) =>
    [...courseNoteKeys.all, "student", sectionId, courseId, studentId] as const,
  lessons: (sectionId: number, courseId: number, params: ListParams) =>
    [...courseNoteKeys.all, "lessons", sectionId, courseId, params] as const,
  studentAbsences: (sectionId: number, courseId: number, studentId: number) =>
    [...courseNoteKeys.all, "student-absences", sectionId, courseId, studentId] as const,
  studentLessons: (sectionId: number, courseId: number, studentId: number) =>
    [...courseNoteKeys.all, "student-lessons", sectionId, courseId, studentId] as const,
};

const base = (sectionId: number, courseId: number) => `/sections/${sectionId}/courses/${courseId}`;

export const courseNotesApi = {
  section: (sectionId: number, courseId: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<CourseSectionNotes>>(`${base(sectionId, courseId)}/students-notes`, { signal })
      .then((r) => r.data),
  student: (sectionId: number, courseId: number, studentId: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<StudentCourseNote>>(`${base(sectionId, courseId)}/students/${studentId}`, { signal })
      .then((r) => r.data),
  lessons: (sectionId: number, courseId: number, params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<Lesson>>(`${base(sectionId, courseId)}/lessons`, {
      query: toListQuery(params),
      signal,
    }),
  studentAbsences: (sectionId: number, courseId: number, studentId: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<StudentAbsences>>(`${base(sectionId, courseId)}/students/${studentId}/absences`, {
        signal,
      })
      .then((r) => r.data),
  studentLessons: (sectionId: number, courseId: number, studentId: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<StudentCourseLessons>>(`${base(sectionId, courseId)}/students/${studentId}/lessons`, {
        signal,
      })
      .then((r) => r.data),
  /** Saves the lessons register of the course section as a PDF or CSV file. */
  lessonsRegister: (sectionId: number, courseId: number, format: "pdf" | "csv", name: string) =>
    downloadFile(`${base(sectionId, courseId)}/lessons-register-report`, {
      query: { format },
      filename: `registro-de-clases-${name}-${localDate()}.${format}`,
      accept: format === "pdf" ? "application/pdf" : "text/csv",
    }),
  /** Saves the grade sheet ("acta de notas") as a PDF or CSV file. */
  gradeSheet: (sectionId: number, courseId: number, format: "pdf" | "csv", name: string) =>
    downloadFile(`${base(sectionId, courseId)}/grade-sheet`, {
      query: { format },
      filename: `acta-${name}-${localDate()}.${format}`,
      accept: format === "pdf" ? "application/pdf" : "text/csv",
    }),
};

export function useCourseSectionNotes(sectionId: number | undefined, courseId: number | undefined) {
  return useQuery({
    queryKey: courseNoteKeys.section(sectionId ?? 0, courseId ?? 0),
    queryFn: ({ signal }) => courseNotesApi.section(sectionId ?? 0, courseId ?? 0, signal),
    enabled: sectionId !== undefined && courseId !== undefined,
  });
}

export function useStudentCourseNote(
  sectionId: number | undefined,
  courseId: number | undefined,
  studentId: number | undefined,
) {
  return useQuery({
    queryKey: courseNoteKeys.student(sectionId ?? 0, courseId ?? 0, studentId ?? 0),
    queryFn: ({ signal }) => courseNotesApi.student(sectionId ?? 0, courseId ?? 0, studentId ?? 0, signal),
    enabled: sectionId !== undefined && courseId !== undefined && studentId !== undefined,
  });
}

export function useCourseSectionLessons(
  sectionId: number | undefined,
  courseId: number | undefined,
  params: ListParams,
) {
  return useQuery({
    queryKey: courseNoteKeys.lessons(sectionId ?? 0, courseId ?? 0, params),
    queryFn: ({ signal }) => courseNotesApi.lessons(sectionId ?? 0, courseId ?? 0, params, signal),
    enabled: sectionId !== undefined && courseId !== undefined,
    placeholderData: keepPreviousData,
  });
}

export function useStudentCourseAbsences(
  sectionId: number | undefined,
  courseId: number | undefined,
  studentId: number | undefined,
) {
  return useQuery({
    queryKey: courseNoteKeys.studentAbsences(sectionId ?? 0, courseId ?? 0, studentId ?? 0),
    queryFn: ({ signal }) =>
      courseNotesApi.studentAbsences(sectionId ?? 0, courseId ?? 0, studentId ?? 0, signal),
    enabled: sectionId !== undefined && courseId !== undefined && studentId !== undefined,
  });
}

export function useStudentCourseLessons(
  sectionId: number | undefined,
  courseId: number | undefined,
  studentId: number | undefined,
) {
  return useQuery({
    queryKey: courseNoteKeys.studentLessons(sectionId ?? 0, courseId ?? 0, studentId ?? 0),
    queryFn: ({ signal }) =>
      courseNotesApi.studentLessons(sectionId ?? 0, courseId ?? 0, studentId ?? 0, signal),
    enabled: sectionId !== undefined && courseId !== undefined && studentId !== undefined,
  });
}
