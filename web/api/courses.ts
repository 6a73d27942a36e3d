import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  Course,
  CourseSectionBrief,
  createCourseSchema,
  PensumCourse,
  TeacherBrief,
  updateCourseSchema,
} from "../../common/schemas/courses";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import { toFormData } from "./form-data";
import type { ItemResponse, ListResponse } from "./types";

export type { Course, CourseSectionBrief, PensumCourse, TeacherBrief };
export type CreateCoursePayload = z.output<typeof createCourseSchema>;
export type UpdateCoursePayload = z.input<typeof updateCourseSchema>;

/** Filters of the course lists: `/courses/all` asks `unassigned`. */
export type CourseFilters = { specializationId?: number; pensumId?: number; unassigned?: boolean };

export const courseKeys = {
  all: ["courses"] as const,
  lists: () => [...courseKeys.all, "list"] as const,
  list: (params: ListParams, filters: CourseFilters) => [...courseKeys.lists(), params, filters] as const,
  detail: (id: number) => [...courseKeys.all, "detail", id] as const,
  sections: (id: number, periodId: number | null) => [...courseKeys.all, "sections", id, periodId] as const,
  pensum: (periodId: number, specializationId: number, pensumId: number) =>
    [...courseKeys.all, "pensum", periodId, specializationId, pensumId] as const,
};

/** Refusals a course page explains itself (in a dialog): the HTTP client stays quiet for them. */
export const isCourseRefusal = (error: ApiError) =>
  error.status === 400 && ["course_has_pensums", "course_has_sections"].includes(error.message);

/** The list filters as query parameters (also for the CSV export). */
export function courseFilterQuery(filters: CourseFilters): Record<string, string> {
  return {
    ...(filters.specializationId ? { specialization_id: String(filters.specializationId) } : {}),
    ...(filters.pensumId ? { pensum_id: String(filters.pensumId) } : {}),
    ...(filters.unassigned === undefined ? {} : { unassigned: filters.unassigned ? "1" : "0" }),
  };
}

export const coursesApi = {
  list: (params: ListParams, filters: CourseFilters, signal?: AbortSignal) =>
    api.get<ListResponse<Course>>("/courses", {
      query: { ...toListQuery(params), ...courseFilterQuery(filters) },
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<Course>>(`/courses/${id}`, { signal }).then((r) => r.data),
  /** spec.md §7: course creation is a multipart form, booleans as 1/0. */
  create: (payload: CreateCoursePayload) =>
    api.post<ItemResponse<Course>>("/courses", toFormData(payload)).then((r) => r.data),
  update: (id: number, payload: UpdateCoursePayload) =>
    api.patch<ItemResponse<Course>>(`/courses/${id}`, payload).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/courses/${id}`, { quiet: isCourseRefusal }),
  sections: (id: number, periodId: number | null, signal?: AbortSignal) =>
    api.get<{ data: CourseSectionBrief[]; meta: { period_id: number } }>(`/courses/${id}/course-sections`, {
      query: periodId ? { period_id: String(periodId) } : {},
      signal,
    }),
  pensumCourses: (periodId: number, specializationId: number, pensumId: number, signal?: AbortSignal) =>
    api
      .get<{ data: PensumCourse[] }>(
        `/courses/periods/${periodId}/specializations/${specializationId}/pensum/${pensumId}`,
        { signal },
      )
      .then((r) => r.data),
  /** Every enabled teacher (read-only list until the people issue's teachers module). */
  teachers: (signal?: AbortSignal) =>
    api
      .get<ListResponse<TeacherBrief>>("/teachers", { query: { limit: "0", enabled: "1" }, signal })
      .then((r) => r.data),
  /** The sections engineer's call: replaces the teachers of a course section. */
  assignTeachers: (sectionId: number, courseId: number, teacherIds: number[]) =>
    api.patch<unknown>(`/sections/${sectionId}/courses/${courseId}/assign-teacher`, {
      teacher_ids: teacherIds,
    }),
};

export function useCourses(params: ListParams, filters: CourseFilters, enabled = true) {
  return useQuery({
    queryKey: courseKeys.list(params, filters),
    queryFn: ({ signal }) => coursesApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCourse(id: number | undefined) {
  return useQuery({
    queryKey: courseKeys.detail(id ?? 0),
    queryFn: ({ signal }) => coursesApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useCourseSections(id: number | undefined, periodId: number | null) {
  return useQuery({
    queryKey: courseKeys.sections(id ?? 0, periodId),
    queryFn: ({ signal }) => coursesApi.sections(id ?? 0, periodId, signal),
    enabled: id !== undefined && periodId !== null,
  });
}

export function usePensumCourses(periodId: number, specializationId: number, pensumId: number) {
  const valid = [periodId, specializationId, pensumId].every((n) => Number.isInteger(n) && n > 0);
  return useQuery({
    queryKey: courseKeys.pensum(periodId, specializationId, pensumId),
    queryFn: ({ signal }) => coursesApi.pensumCourses(periodId, specializationId, pensumId, signal),
    enabled: valid,
  });
}

export function useTeacherOptions() {
  return useQuery({
    queryKey: ["teachers", "options"],
    queryFn: ({ signal }) => coursesApi.teachers(signal),
  });
}

export function useCreateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: coursesApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.all }),
  });
}

export function useUpdateCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateCoursePayload }) =>
      coursesApi.update(id, payload),
    onSuccess: (course) => {
      queryClient.setQueryData(courseKeys.detail(course.id), course);
      return queryClient.invalidateQueries({ queryKey: courseKeys.lists() });
    },
  });
}

export function useDeleteCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: coursesApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: courseKeys.lists() }),
  });
}

export function useAssignTeachers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { sectionId: number; courseId: number; teacherIds: number[] }) =>
      coursesApi.assignTeachers(v.sectionId, v.courseId, v.teacherIds),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: courseKeys.all }),
        queryClient.invalidateQueries({ queryKey: ["sections"] }),
      ]),
  });
}
