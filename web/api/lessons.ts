import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  Attendance,
  GenerateResult,
  Lesson,
  LessonDetail,
  LessonStudent,
  LessonStudentChange,
} from "../../common/schemas/lessons";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api, type QueryParams } from "./client";
import { isStaleRecord } from "./stale";
import type { ItemResponse, ListResponse } from "./types";

export type { Attendance, GenerateResult, Lesson, LessonDetail, LessonStudent, LessonStudentChange };

/** A course section the caller works on (GET /lessons/course-sections). */
export type MyCourseSection = Lesson["course_section"] & {
  students_count: number;
  lessons_count: number;
  evaluated_weight: number;
  has_schedule: boolean;
};

export type LessonFilters = {
  period_id?: number | null;
  course_section_id?: number;
  section_id?: number;
  course_id?: number;
};

const filterQuery = (filters: LessonFilters): QueryParams =>
  Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined && v !== null));

/** Every lesson query key starts with `["lessons"]`. */
export const lessonKeys = {
  all: ["lessons"] as const,
  lists: () => [...lessonKeys.all, "list"] as const,
  list: (params: ListParams, filters: LessonFilters) => [...lessonKeys.lists(), params, filters] as const,
  courseSections: (params: ListParams, filters: LessonFilters) =>
    [...lessonKeys.all, "course-sections", params, filters] as const,
  detail: (id: number) => [...lessonKeys.all, "detail", id] as const,
  history: (sectionId: number, courseId: number, studentId: number) =>
    [...lessonKeys.all, "history", sectionId, courseId, studentId] as const,
};

export const lessonsApi = {
  list: (params: ListParams, filters: LessonFilters, signal?: AbortSignal) =>
    api.get<ListResponse<Lesson>>("/lessons", {
      query: { ...toListQuery(params), ...filterQuery(filters) },
      signal,
    }),
  courseSections: (params: ListParams, filters: LessonFilters, signal?: AbortSignal) =>
    api.get<ListResponse<MyCourseSection>>("/lessons/course-sections", {
      query: { ...toListQuery(params), ...filterQuery(filters) },
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<LessonDetail>>(`/lessons/${id}`, { signal }).then((r) => r.data),
  generate: (courseSectionId: number) =>
    api
      .post<ItemResponse<GenerateResult>>("/lessons/generate", { course_section_id: courseSectionId })
      .then((r) => r.data),
  /** `version`: the lesson's version the sheet read (a newer one: 409 `stale_record`). */
  register: (id: number, students: { student_id: number; attendance: Attendance }[], version?: number) =>
    api
      .patch<ItemResponse<LessonDetail>>(`/lessons/${id}/register`, { students, version })
      .then((r) => r.data),
  evaluate: (id: number, weight: number) =>
    api.patch<ItemResponse<LessonDetail>>(`/lessons/${id}/evaluate`, { weight }).then((r) => r.data),
  notes: (id: number, students: { student_id: number; note: number | null }[], version?: number) =>
    api
      .patch<ItemResponse<LessonDetail>>(`/lessons/${id}/students/bulk-update`, { students, version })
      .then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/lessons/${id}`),
  history: (sectionId: number, courseId: number, studentId: number, signal?: AbortSignal) =>
    api
      .get<{ data: LessonStudentChange[] }>(
        `/sections/${sectionId}/courses/${courseId}/students/${studentId}/history`,
        { signal },
      )
      .then((r) => r.data),
};

export function useLessons(params: ListParams, filters: LessonFilters, enabled = true) {
  return useQuery({
    queryKey: lessonKeys.list(params, filters),
    queryFn: ({ signal }) => lessonsApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMyCourseSections(params: ListParams, filters: LessonFilters, enabled = true) {
  return useQuery({
    queryKey: lessonKeys.courseSections(params, filters),
    queryFn: ({ signal }) => lessonsApi.courseSections(params, filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useLesson(id: number | undefined) {
  return useQuery({
    queryKey: lessonKeys.detail(id ?? 0),
    queryFn: ({ signal }) => lessonsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useStudentHistory(sectionId: number, courseId: number, studentId: number | null) {
  return useQuery({
    queryKey: lessonKeys.history(sectionId, courseId, studentId ?? 0),
    queryFn: ({ signal }) => lessonsApi.history(sectionId, courseId, studentId ?? 0, signal),
    enabled: studentId !== null,
  });
}

/**
 * Writes answering the lesson: the detail is replaced and the lists refreshed. A save refused because the
 * lesson was saved by someone else meanwhile (`stale_record`) reloads the detail: the sheets show the
 * current values (and version) to review and save again.
 */
function useLessonWrite<V extends { id: number }>(fn: (vars: V) => Promise<LessonDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (lesson) => {
      queryClient.setQueryData(lessonKeys.detail(lesson.id), lesson);
      return queryClient.invalidateQueries({ queryKey: lessonKeys.lists() });
    },
    onError: (error, vars) => {
      if (isStaleRecord(error))
        return queryClient.invalidateQueries({ queryKey: lessonKeys.detail(vars.id) });
    },
  });
}

export const useRegisterAttendance = () =>
  useLessonWrite(
    (v: { id: number; students: { student_id: number; attendance: Attendance }[]; version?: number }) =>
      lessonsApi.register(v.id, v.students, v.version),
  );
export const useEvaluateLesson = () =>
  useLessonWrite((v: { id: number; weight: number }) => lessonsApi.evaluate(v.id, v.weight));
export const useSaveNotes = () =>
  useLessonWrite(
    (v: { id: number; students: { student_id: number; note: number | null }[]; version?: number }) =>
      lessonsApi.notes(v.id, v.students, v.version),
  );

export function useGenerateLessons() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lessonsApi.generate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonKeys.all }),
  });
}

export function useDeleteLesson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: lessonsApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: lessonKeys.lists() }),
  });
}
