import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  InscriptionState,
  PeriodAverageNote,
  Student,
  StudentBinnacle,
  StudentCourse,
  StudentInscription,
  StudentLesson,
  StudentNotification,
  StudentSchedule,
  updateStudentSchema,
} from "../../common/schemas/students";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type {
  InscriptionState,
  PeriodAverageNote,
  Student,
  StudentBinnacle,
  StudentCourse,
  StudentInscription,
  StudentLesson,
  StudentNotification,
  StudentSchedule,
};
export type UpdateStudentPayload = z.input<typeof updateStudentSchema>;

/** The list's own filters, kept in the URL beside page, size, search and order. */
export type StudentFilters = {
  period_id?: string;
  specialization_id?: string;
  semester_id?: string;
  section_id?: string;
  status?: string;
  /** female or male: read from the address (the home dashboard's links), no control of its own. */
  gender?: string;
};
export const studentFilterKeys = [
  "period_id",
  "specialization_id",
  "semester_id",
  "section_id",
  "status",
  "gender",
] as const;

/** Narrows the course sub-resources to one section and course (the `/students/:s/:section/:course` pages). */
export type CourseScope = { section_id?: number; course_id?: number };

export const studentListQuery = (params: ListParams, filters: StudentFilters) => {
  const query: Record<string, string> = { ...toListQuery(params) };
  for (const key of studentFilterKeys) if (filters[key]) query[key] = filters[key]!;
  return query;
};

const scopeQuery = (scope: CourseScope, extra: Record<string, string> = {}) => ({
  ...(scope.section_id ? { section_id: String(scope.section_id) } : {}),
  ...(scope.course_id ? { course_id: String(scope.course_id) } : {}),
  ...extra,
});

/** Every student query key starts with `["students"]`, so one invalidation reaches them all. */
export const studentKeys = {
  all: ["students"] as const,
  lists: () => [...studentKeys.all, "list"] as const,
  list: (params: ListParams, filters: StudentFilters) => [...studentKeys.lists(), params, filters] as const,
  detail: (id: number) => [...studentKeys.all, "detail", id] as const,
  sub: (id: number, name: string, query: Record<string, string> = {}) =>
    [...studentKeys.all, "sub", id, name, query] as const,
  search: (text: string) => [...studentKeys.all, "search", text] as const,
};

/** A student found by the student pickers (web/components/StudentSearchSelect). */
export type StudentOption = {
  id: number;
  first_name: string;
  last_name: string;
  identity_document: string;
};

/** The refusals DELETE answers when something depends on the student; the page shows them in a dialog. */
export const isStudentDeleteRefusal = (error: ApiError) =>
  error.status === 400 && error.message.startsWith("student_has_");

const getData = <T>(path: string, query: Record<string, string>, signal?: AbortSignal) =>
  api.get<{ data: T }>(path, { query, signal }).then((r) => r.data);

export const studentsApi = {
  list: (params: ListParams, filters: StudentFilters, signal?: AbortSignal) =>
    api.get<ListResponse<Student>>("/students", { query: studentListQuery(params, filters), signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<Student>>(`/students/${id}`, { signal }).then((r) => r.data),
  update: (id: number, payload: UpdateStudentPayload) =>
    api.patch<ItemResponse<Student>>(`/students/${id}`, payload).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/students/${id}`, { quiet: isStudentDeleteRefusal }),
  /** The first ten students whose name, cédula or e-mail contains the text, by surname. */
  search: (search: string, signal?: AbortSignal) =>
    api
      .get<ListResponse<StudentOption>>("/students", {
        query: { search, limit: "10", sort_by: "last_name,asc" },
        signal,
      })
      .then((r) => r.data),
};

/** One page of students; the previous page stays on screen while the next one loads. */
export function useStudents(params: ListParams, filters: StudentFilters) {
  return useQuery({
    queryKey: studentKeys.list(params, filters),
    queryFn: ({ signal }) => studentsApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** Students whose name, cédula or e-mail contains `search` (two characters at least), for the pickers. */
export function useStudentSearch(search: string) {
  const text = search.trim();
  return useQuery({
    queryKey: studentKeys.search(text),
    queryFn: ({ signal }) => studentsApi.search(text, signal),
    enabled: text.length >= 2,
    placeholderData: keepPreviousData,
  });
}

export function useStudent(id: number | undefined) {
  return useQuery({
    queryKey: studentKeys.detail(id ?? 0),
    queryFn: ({ signal }) => studentsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** A sub-resource of a student (`/students/{id}/<name>`), as `{ data }`. */
function useStudentSub<T>(id: number | undefined, name: string, query: Record<string, string> = {}) {
  return useQuery({
    queryKey: studentKeys.sub(id ?? 0, name, query),
    queryFn: ({ signal }) => getData<T>(`/students/${id}/${name}`, query, signal),
    enabled: id !== undefined,
  });
}

export const useStudentInscriptionState = (id: number | undefined) =>
  useStudentSub<InscriptionState>(id, "inscription-state");
export const useStudentHistory = (id: number | undefined) =>
  useStudentSub<StudentInscription[]>(id, "specialization-history");
export const useStudentAverage = (id: number | undefined) =>
  useStudentSub<PeriodAverageNote>(id, "period-average-note");
export const useStudentCourses = (id: number | undefined, scope: CourseScope = {}) =>
  useStudentSub<StudentCourse[]>(id, "courses", scopeQuery(scope));
export const useStudentBinnacles = (id: number | undefined, scope: CourseScope = {}) =>
  useStudentSub<StudentBinnacle[]>(id, "binnacles", scopeQuery(scope));
export const useStudentNotifications = (id: number | undefined) =>
  useStudentSub<StudentNotification[]>(id, "notifications");
export const useStudentLessons = (id: number | undefined, scope: CourseScope = {}) =>
  useStudentSub<StudentLesson[]>(id, "lessons", scopeQuery(scope));
export const useStudentAbsences = (
  id: number | undefined,
  attendance: "absent" | "delayed",
  scope: CourseScope = {},
) => useStudentSub<StudentLesson[]>(id, "absences", scopeQuery(scope, { attendance }));

export function useUpdateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateStudentPayload }) =>
      studentsApi.update(id, payload),
    onSuccess: (student) => {
      queryClient.setQueryData(studentKeys.detail(student.id), student);
      return queryClient.invalidateQueries({ queryKey: studentKeys.lists() });
    },
  });
}

export function useDeleteStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: studentsApi.remove,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: studentKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: studentKeys.lists() });
    },
  });
}
