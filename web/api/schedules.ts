import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { ClassroomAvailability } from "../../common/schemas/classrooms";
import type {
  CourseSectionSchedules,
  GridSlot,
  Schedule,
  updateScheduleSchema,
  WeeklyGrid,
} from "../../common/schemas/schedules";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { ClassroomAvailability, CourseSectionSchedules, GridSlot, Schedule, WeeklyGrid };
/** POST /schedules/bulk-store (bulkStoreSchedulesSchema): the whole week of one course section. */
export type BulkStorePayload = {
  course_section_id: number;
  schedules: { day: number; classroom_id: number; class_hours_ids: number[] }[];
};
export type UpdateSchedulePayload = z.input<typeof updateScheduleSchema>;

/** Narrowing of the weekly grid: one section, classroom or teacher, or the whole period. */
export type GridFilter = {
  period_id?: number | null;
  section_id?: number | null;
  classroom_id?: number | null;
  teacher_id?: number | null;
};

/** A section or a classroom to choose in the grid and availability pages (fields every answer has). */
export type SectionOption = { id: number; code: string; shift: string; period_id: number };
export type ClassroomOption = { id: number; code: string; enabled: boolean; multiple_sections: boolean };

/** Every schedule query key starts with `["schedules"]`, so one invalidation reaches them all. */
export const scheduleKeys = {
  all: ["schedules"] as const,
  list: (periodId: number | null, params: ListParams) =>
    [...scheduleKeys.all, "list", periodId, params] as const,
  grid: (filter: GridFilter) => [...scheduleKeys.all, "grid", filter] as const,
  courseSection: (sectionId: number, courseId: number) =>
    [...scheduleKeys.all, "course-section", sectionId, courseId] as const,
  availability: (query: Record<string, unknown>) => [...scheduleKeys.all, "availability", query] as const,
};

/** Refusals of a schedule write that the editor shows in place (the client stays quiet for them). */
export const isScheduleRefusal = (error: ApiError) =>
  error.status === 400 &&
  (error.message.startsWith("combination_of_day_") || error.message === "unable_to_update_older_periods");

export const schedulesApi = {
  list: (periodId: number | null, params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<Schedule>>("/schedules", {
      query: { ...toListQuery(params), period_id: periodId },
      signal,
    }),
  grid: (filter: GridFilter, signal?: AbortSignal) =>
    api.get<ItemResponse<WeeklyGrid>>("/schedules/grid", { query: filter, signal }).then((r) => r.data),
  courseSection: (sectionId: number, courseId: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<CourseSectionSchedules>>(`/sections/${sectionId}/courses/${courseId}/schedules`, {
        signal,
      })
      .then((r) => r.data),
  bulkStore: (payload: BulkStorePayload) =>
    api
      .post<{ data: Schedule[] }>(
        "/schedules/bulk-store",
        {
          ...payload,
          // Spec.md §4: entries without class hours are dropped before sending.
          schedules: payload.schedules.filter((e) => e.class_hours_ids.length > 0),
        },
        { quiet: isScheduleRefusal },
      )
      .then((r) => r.data),
  update: (id: number, payload: UpdateSchedulePayload) =>
    api
      .patch<ItemResponse<Schedule>>(`/schedules/${id}`, payload, { quiet: isScheduleRefusal })
      .then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/schedules/${id}`),
  sections: (periodId: number, signal?: AbortSignal) =>
    api
      .get<ListResponse<SectionOption>>("/sections", {
        query: { period_id: periodId, limit: 0, sort_by: "code,asc" },
        signal,
      })
      .then((r) => r.data),
  classrooms: (signal?: AbortSignal) =>
    api
      .get<ListResponse<ClassroomOption>>("/classrooms", { query: { limit: 0, sort_by: "code,asc" }, signal })
      .then((r) => r.data),
  availability: (query: Record<string, string | number | undefined>, signal?: AbortSignal) =>
    api
      .get<{ data: ClassroomAvailability }>("/classrooms/schedules-availability", { query, signal })
      .then((r) => r.data),
};

/** One page of the period's schedules. */
export function useScheduleList(periodId: number | null, params: ListParams) {
  return useQuery({
    queryKey: scheduleKeys.list(periodId, params),
    queryFn: ({ signal }) => schedulesApi.list(periodId, params, signal),
    enabled: periodId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The weekly grid (or the whole period's occupancy when nothing narrows it): one request. */
export function useWeeklyGrid(filter: GridFilter, enabled = true) {
  return useQuery({
    queryKey: scheduleKeys.grid(filter),
    queryFn: ({ signal }) => schedulesApi.grid(filter, signal),
    enabled,
  });
}

export function useCourseSectionSchedules(sectionId: number, courseId: number) {
  return useQuery({
    queryKey: scheduleKeys.courseSection(sectionId, courseId),
    queryFn: ({ signal }) => schedulesApi.courseSection(sectionId, courseId, signal),
  });
}

export function usePeriodSections(periodId: number | null) {
  return useQuery({
    queryKey: ["sections", "options", periodId],
    queryFn: ({ signal }) => schedulesApi.sections(periodId ?? 0, signal),
    enabled: periodId !== null,
    staleTime: 30_000,
  });
}

export function useClassroomOptions() {
  return useQuery({
    queryKey: ["classrooms", "options"],
    queryFn: ({ signal }) => schedulesApi.classrooms(signal),
    staleTime: 30_000,
  });
}

export function useAvailability(query: Record<string, string | number | undefined>, enabled: boolean) {
  return useQuery({
    queryKey: scheduleKeys.availability(query),
    queryFn: ({ signal }) => schedulesApi.availability(query, signal),
    enabled,
  });
}

/** Anything a schedule write changes: schedules, the grids, availability, the sections' counts. */
function useInvalidateSchedules() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduleKeys.all }),
      queryClient.invalidateQueries({ queryKey: ["sections"] }),
      queryClient.invalidateQueries({ queryKey: ["classrooms"] }),
    ]);
}

export function useBulkStoreSchedules() {
  const invalidate = useInvalidateSchedules();
  return useMutation({ mutationFn: schedulesApi.bulkStore, onSuccess: () => invalidate() });
}

export function useUpdateSchedule() {
  const invalidate = useInvalidateSchedules();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateSchedulePayload }) =>
      schedulesApi.update(id, payload),
    onSuccess: () => invalidate(),
  });
}

export function useDeleteSchedule() {
  const invalidate = useInvalidateSchedules();
  return useMutation({ mutationFn: schedulesApi.remove, onSuccess: () => invalidate() });
}
