import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TeacherUnavailability, UnavailableSlot } from "../../common/schemas/teacher-unavailability";
import { api } from "./client";
import { teacherKeys } from "./teachers";
import type { ItemResponse } from "./types";

export type { TeacherUnavailability, UnavailableSlot };

/** Under the teacher's keys, so every teachers invalidation reaches it. */
const unavailabilityKey = (id: number) => teacherKeys.sub(id, "unavailability");

export const teacherUnavailabilityApi = {
  get: (id: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<TeacherUnavailability>>(`/teachers/${id}/unavailability`, { signal })
      .then((r) => r.data),
  /** Replaces the whole set (admin). */
  replace: (id: number, slots: UnavailableSlot[]) =>
    api
      .put<ItemResponse<TeacherUnavailability>>(`/teachers/${id}/unavailability`, { slots })
      .then((r) => r.data),
};

/** A teacher's weekly unavailability and the class hours of the day. */
export function useTeacherUnavailability(id: number) {
  return useQuery({
    queryKey: unavailabilityKey(id),
    queryFn: ({ signal }) => teacherUnavailabilityApi.get(id, signal),
  });
}

/** Module-level, so useQueries re-runs it only when a result changes (stable arrays for memos). */
const slotsOf = (results: { data?: TeacherUnavailability }[]) => results.map((r) => r.data?.slots ?? []);

/**
 * The unavailable slots of several teachers (a course section's), one request each, in the order of
 * `ids` (an empty list while one loads or when it could not be read: the marks are only a warning).
 */
export function useTeachersUnavailability(ids: readonly number[]): UnavailableSlot[][] {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: unavailabilityKey(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => teacherUnavailabilityApi.get(id, signal),
    })),
    combine: slotsOf,
  });
}

export function useReplaceTeacherUnavailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, slots }: { id: number; slots: UnavailableSlot[] }) =>
      teacherUnavailabilityApi.replace(id, slots),
    onSuccess: (data, { id }) => queryClient.setQueryData(unavailabilityKey(id), data),
  });
}
