import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { WeeklyGrid } from "../../common/schemas/schedules";
import type {
  createTeacherSchema,
  Teacher,
  TeacherCourseSection,
  TeacherLesson,
  TeacherListItem,
  TeacherSpecialization,
  updateTeacherSchema,
} from "../../common/schemas/teachers";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { toFormData } from "./form-data";
import type { ItemResponse, ListResponse } from "./types";

export type { Teacher, TeacherCourseSection, TeacherLesson, TeacherListItem, TeacherSpecialization };

/** What the form sends (the shared schemas' input side) plus the chosen photo. */
export type CreateTeacherPayload = z.input<typeof createTeacherSchema> & { profile_picture?: File | null };
export type UpdateTeacherPayload = z.input<typeof updateTeacherSchema> & { profile_picture?: File | null };

/** The list's own filters, kept in the URL beside page, size, search and order. */
export type TeacherFilters = { enabled?: boolean; coordinatorsOnly?: boolean };

/** The list call's query (also the CSV export's): list params plus the filters (booleans as 1/0). */
export function teacherListQuery(params: ListParams, filters: TeacherFilters) {
  const query = toListQuery(params);
  if (filters.enabled !== undefined) query.enabled = filters.enabled ? "1" : "0";
  return query;
}

/** `/teachers/coordinators` for the coordinators alias, `/teachers` otherwise. */
export const teacherListPath = (filters: TeacherFilters) =>
  filters.coordinatorsOnly ? "/teachers/coordinators" : "/teachers";

/** Every teachers query key starts with `["teachers"]`, so one invalidation reaches them all. */
export const teacherKeys = {
  all: ["teachers"] as const,
  lists: () => [...teacherKeys.all, "list"] as const,
  list: (params: ListParams, filters: TeacherFilters) => [...teacherKeys.lists(), params, filters] as const,
  enabled: () => [...teacherKeys.all, "enabled"] as const,
  detail: (id: number) => [...teacherKeys.all, "detail", id] as const,
  sub: (id: number, what: string, params?: unknown) => [...teacherKeys.all, "sub", id, what, params] as const,
};

const data = (answer: ItemResponse<Teacher>) => answer.data;
type FormValues = Parameters<typeof toFormData>[0];

/** A multipart form leaves null out: a field the person cleared is sent blank (the server reads it as none). */
function clearedAsBlank(payload: UpdateTeacherPayload) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload))
    out[key] = value === null && key !== "profile_picture" ? "" : value;
  return out as FormValues;
}

export const teachersApi = {
  list: (params: ListParams, filters: TeacherFilters, signal?: AbortSignal) =>
    api.get<ListResponse<TeacherListItem>>(teacherListPath(filters), {
      query: teacherListQuery(params, filters),
      signal,
    }),
  /** Every active teacher (the supervising page's choices). */
  enabled: (signal?: AbortSignal) =>
    api.get<ListResponse<TeacherListItem>>("/teachers", {
      query: { limit: "0", enabled: "1", sort_by: "last_name,asc" },
      signal,
    }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<Teacher>>(`/teachers/${id}`, { signal }).then(data),
  /** Multipart (spec.md §7): the fields and, when chosen, the photo; not cancellable (it uploads). */
  create: (payload: CreateTeacherPayload) =>
    api
      .post<ItemResponse<Teacher>>("/teachers", toFormData(payload as FormValues), { cancellable: false })
      .then(data),
  /** spec.md §7: the update is sent as POST with a PATCH method override, in multipart. */
  update: (id: number, payload: UpdateTeacherPayload) =>
    api
      .post<ItemResponse<Teacher>>(
        `/teachers/${id}`,
        toFormData({ ...clearedAsBlank(payload), _method: "PATCH" }),
        {
          cancellable: false,
        },
      )
      .then(data),
  remove: (id: number) => api.delete<void>(`/teachers/${id}`),
  setCoordinator: (id: number, payload: { is_coordinator: boolean; specialization_id?: number | null }) =>
    api.patch<ItemResponse<Teacher>>(`/teachers/${id}/is-coordinator`, payload).then(data),
  assignSpecializations: (id: number, specializationIds: number[]) =>
    api
      .post<ItemResponse<Teacher>>(`/teachers/${id}/assign-specializations`, {
        specialization_ids: specializationIds,
      })
      .then(data),
  removeSpecializations: (id: number, specializationIds: number[]) =>
    api
      .post<ItemResponse<Teacher>>(`/teachers/${id}/remove-specializations`, {
        specialization_ids: specializationIds,
      })
      .then(data),
  assignTeachers: (id: number, teacherIds: number[]) =>
    api
      .post<ItemResponse<Teacher>>(`/teachers/${id}/assign-teachers`, { teacher_ids: teacherIds })
      .then(data),
  supervised: (id: number, signal?: AbortSignal) =>
    api.get<ListResponse<TeacherListItem>>(`/teachers/${id}/supervised-teachers`, {
      query: { limit: "0" },
      signal,
    }),
  /** `query`: the list's query (`toListQuery`) plus `period_id` when chosen. */
  courses: (id: number, what: "courses" | "historic", query: Record<string, string>, signal?: AbortSignal) =>
    api.get<ListResponse<TeacherCourseSection>>(`/teachers/${id}/${what}`, { query, signal }),
  lessons: (id: number, query: Record<string, string>, signal?: AbortSignal) =>
    api.get<ListResponse<TeacherLesson>>(`/teachers/${id}/lessons`, { query, signal }),
  schedule: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<WeeklyGrid>>(`/teachers/${id}/schedules`, { signal }).then((r) => r.data),
};

/** One page of teachers (or coordinators); the previous page stays on screen while the next one loads. */
export function useTeachers(params: ListParams, filters: TeacherFilters) {
  return useQuery({
    queryKey: teacherKeys.list(params, filters),
    queryFn: ({ signal }) => teachersApi.list(params, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useEnabledTeachers() {
  return useQuery({ queryKey: teacherKeys.enabled(), queryFn: ({ signal }) => teachersApi.enabled(signal) });
}

export function useTeacher(id: number | undefined) {
  return useQuery({
    queryKey: teacherKeys.detail(id ?? 0),
    queryFn: ({ signal }) => teachersApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useSupervisedTeachers(id: number | undefined) {
  return useQuery({
    queryKey: teacherKeys.sub(id ?? 0, "supervised"),
    queryFn: ({ signal }) => teachersApi.supervised(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useTeacherCourses(id: number, what: "courses" | "historic", query: Record<string, string>) {
  return useQuery({
    queryKey: teacherKeys.sub(id, what, query),
    queryFn: ({ signal }) => teachersApi.courses(id, what, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeacherLessons(id: number, query: Record<string, string>) {
  return useQuery({
    queryKey: teacherKeys.sub(id, "lessons", query),
    queryFn: ({ signal }) => teachersApi.lessons(id, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useTeacherSchedule(id: number) {
  return useQuery({
    queryKey: teacherKeys.sub(id, "schedule"),
    queryFn: ({ signal }) => teachersApi.schedule(id, signal),
  });
}

/** A write that answers the teacher: it replaces the detail and refreshes everything else about teachers. */
function useTeacherWrite<V>(write: (vars: V) => Promise<Teacher>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (teacher) => {
      queryClient.setQueryData(teacherKeys.detail(teacher.id), teacher);
      return queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === "teachers" && q.queryKey[1] !== "detail",
      });
    },
  });
}

export const useCreateTeacher = () => useTeacherWrite(teachersApi.create);
export const useUpdateTeacher = () =>
  useTeacherWrite(({ id, payload }: { id: number; payload: UpdateTeacherPayload }) =>
    teachersApi.update(id, payload),
  );
export const useSetCoordinator = () =>
  useTeacherWrite(
    ({
      id,
      payload,
    }: {
      id: number;
      payload: { is_coordinator: boolean; specialization_id?: number | null };
    }) => teachersApi.setCoordinator(id, payload),
  );
export const useAssignSpecializations = () =>
  useTeacherWrite(({ id, ids }: { id: number; ids: number[] }) => teachersApi.assignSpecializations(id, ids));
export const useRemoveSpecializations = () =>
  useTeacherWrite(({ id, ids }: { id: number; ids: number[] }) => teachersApi.removeSpecializations(id, ids));
export const useAssignTeachers = () =>
  useTeacherWrite(({ id, ids }: { id: number; ids: number[] }) => teachersApi.assignTeachers(id, ids));

export function useDeleteTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: teachersApi.remove,
    onSuccess: (_r, id) => {
      queryClient.removeQueries({ queryKey: teacherKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: teacherKeys.lists() });
    },
  });
}
