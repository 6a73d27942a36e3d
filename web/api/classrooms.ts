import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  Classroom,
  createClassroomSchema,
  updateClassroomSchema,
} from "../../common/schemas/classrooms";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { Classroom };
/** What the forms send (the shared schemas' input side). */
export type CreateClassroomPayload = z.input<typeof createClassroomSchema>;
export type UpdateClassroomPayload = z.input<typeof updateClassroomSchema>;

/** Every classroom query key starts with `["classrooms"]`, so one invalidation reaches them all. */
export const classroomKeys = {
  all: ["classrooms"] as const,
  lists: () => [...classroomKeys.all, "list"] as const,
  list: (params: ListParams) => [...classroomKeys.lists(), params] as const,
  details: () => [...classroomKeys.all, "detail"] as const,
  detail: (id: number) => [...classroomKeys.details(), id] as const,
};

/** The refusal DELETE answers when schedules still use the classroom; the page shows it in a dialog. */
export const isClassroomHasSchedules = (error: ApiError) =>
  error.status === 400 && error.message === "classroom_has_schedules";

export const classroomsApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<Classroom>>("/classrooms", { query: toListQuery(params), signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<Classroom>>(`/classrooms/${id}`, { signal }).then((r) => r.data),
  create: (payload: CreateClassroomPayload) =>
    api.post<ItemResponse<Classroom>>("/classrooms", payload).then((r) => r.data),
  update: (id: number, payload: UpdateClassroomPayload) =>
    api.patch<ItemResponse<Classroom>>(`/classrooms/${id}`, payload).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/classrooms/${id}`, { quiet: isClassroomHasSchedules }),
};

/** One page of classrooms; the previous page stays on screen while the next one loads. */
export function useClassrooms(params: ListParams) {
  return useQuery({
    queryKey: classroomKeys.list(params),
    queryFn: ({ signal }) => classroomsApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useClassroom(id: number | undefined) {
  return useQuery({
    queryKey: classroomKeys.detail(id ?? 0),
    queryFn: ({ signal }) => classroomsApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useCreateClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: classroomsApi.create,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: classroomKeys.lists() }),
  });
}

export function useUpdateClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: UpdateClassroomPayload }) =>
      classroomsApi.update(id, payload),
    onSuccess: (classroom) => {
      queryClient.setQueryData(classroomKeys.detail(classroom.id), classroom);
      return queryClient.invalidateQueries({ queryKey: classroomKeys.lists() });
    },
  });
}

export function useDeleteClassroom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: classroomsApi.remove,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: classroomKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: classroomKeys.lists() });
    },
  });
}
