import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  CourseSection,
  createSectionSchema,
  Section,
  SectionDetail,
  SectionStudent,
  StudentsCoursesNotes,
  TeacherBrief,
} from "../../common/schemas/sections";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { CourseSection, Section, SectionDetail, SectionStudent, StudentsCoursesNotes, TeacherBrief };
export type CreateSectionPayload = z.input<typeof createSectionSchema>;

/** Every section query key starts with `["sections"]`, so one invalidation reaches them all. */
export const sectionKeys = {
  all: ["sections"] as const,
  lists: () => [...sectionKeys.all, "list"] as const,
  list: (periodId: number | null, params: ListParams) => [...sectionKeys.lists(), periodId, params] as const,
  detail: (id: number) => [...sectionKeys.all, "detail", id] as const,
  students: (id: number, params: ListParams) => [...sectionKeys.all, "students", id, params] as const,
  notes: (id: number) => [...sectionKeys.all, "notes", id] as const,
};

/** Refusals the pages explain in a dialog themselves, so the client's notice stays quiet about them. */
const sectionRefusals = new Set([
  "section_has_students",
  "section_has_schedules",
  "section_has_lessons",
  "teacher_not_enabled",
  "combination_of_day_teacher_class_hour_exists",
]);
export const isSectionRefusal = (error: ApiError) =>
  error.status === 400 && sectionRefusals.has(error.message);

/** The query of the sections list: the period plus page, size, search and order. */
export const sectionListQuery = (periodId: number | null, params: ListParams) => ({
  ...toListQuery(params),
  ...(periodId ? { period_id: String(periodId) } : {}),
});

export const sectionsApi = {
  list: (periodId: number | null, params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<Section>>("/sections", { query: sectionListQuery(periodId, params), signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<SectionDetail>>(`/sections/${id}`, { signal }).then((r) => r.data),
  create: (payload: CreateSectionPayload) =>
    api.post<ItemResponse<SectionDetail>>("/sections", payload).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/sections/${id}`, { quiet: isSectionRefusal }),
  students: (id: number, params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<SectionStudent>>(`/sections/${id}/students`, { query: toListQuery(params), signal }),
  notes: (id: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<StudentsCoursesNotes>>(`/sections/${id}/students-courses-notes`, { signal })
      .then((r) => r.data),
  /** Replaces the teachers of the course `courseId` of section `sectionId`. */
  assignTeachers: (sectionId: number, courseId: number, teacherIds: number[]) =>
    api
      .patch<ItemResponse<CourseSection>>(
        `/sections/${sectionId}/courses/${courseId}/assign-teacher`,
        { teacher_ids: teacherIds },
        { quiet: isSectionRefusal },
      )
      .then((r) => r.data),
  /** Every enabled teacher, for the assignment dialog. */
  teacherOptions: (signal?: AbortSignal) =>
    api
      .get<ListResponse<TeacherBrief>>("/teachers", { query: { limit: "0", enabled: "1" }, signal })
      .then((r) => r.data),
};

export function useSections(periodId: number | null, params: ListParams) {
  return useQuery({
    queryKey: sectionKeys.list(periodId, params),
    queryFn: ({ signal }) => sectionsApi.list(periodId, params, signal),
    placeholderData: keepPreviousData,
    enabled: periodId !== null,
  });
}

export function useSection(id: number | undefined) {
  return useQuery({
    queryKey: sectionKeys.detail(id ?? 0),
    queryFn: ({ signal }) => sectionsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useSectionStudents(id: number, params: ListParams) {
  return useQuery({
    queryKey: sectionKeys.students(id, params),
    queryFn: ({ signal }) => sectionsApi.students(id, params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSectionNotes(id: number) {
  return useQuery({
    queryKey: sectionKeys.notes(id),
    queryFn: ({ signal }) => sectionsApi.notes(id, signal),
  });
}

export function useTeacherOptions(enabled = true) {
  return useQuery({
    queryKey: ["teachers", "options"],
    queryFn: ({ signal }) => sectionsApi.teacherOptions(signal),
    enabled,
  });
}

export function useCreateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sectionsApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sectionKeys.lists() }),
  });
}

export function useDeleteSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sectionsApi.remove,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sectionKeys.lists() }),
  });
}

export function useAssignSectionTeachers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { sectionId: number; courseId: number; teacherIds: number[] }) =>
      sectionsApi.assignTeachers(v.sectionId, v.courseId, v.teacherIds),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sectionKeys.all }),
  });
}
