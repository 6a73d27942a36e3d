import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type {
  createFinalDeliverySchema,
  FinalDelivery,
  FinalDeliveryStudent,
  updateFinalDeliverySchema,
} from "../../common/schemas/final-deliveries";
import type { CourseSection } from "../../common/schemas/sections";
import { type ListParams, toListQuery } from "../components/DataTable/list-params";
import { api } from "./client";
import { downloadFile } from "./download";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { FinalDelivery, FinalDeliveryStudent };
export type CreateFinalDeliveryPayload = z.input<typeof createFinalDeliverySchema>;
export type UpdateFinalDeliveryPayload = z.input<typeof updateFinalDeliverySchema>;
export type TeacherOption = { id: number; first_name: string; last_name: string };

export const finalDeliveryKeys = {
  all: ["final-deliveries"] as const,
  lists: () => [...finalDeliveryKeys.all, "list"] as const,
  list: (params: ListParams) => [...finalDeliveryKeys.lists(), params] as const,
  detail: (id: number) => [...finalDeliveryKeys.all, "detail", id] as const,
  students: (id: number) => [...finalDeliveryKeys.all, "students", id] as const,
  courseSections: (search: string, sectionId?: number, courseId?: number) =>
    [...finalDeliveryKeys.all, "course-sections", search, sectionId, courseId] as const,
  teachers: (search: string) => [...finalDeliveryKeys.all, "teachers", search] as const,
};

/** Refusals the screens explain in place (the HTTP client stays quiet for them). */
export const isJuryRefusal = (error: ApiError) =>
  error.status === 400 &&
  ["jury_unable_to_modify", "final_delivery_has_notes", "invalid_weighting"].includes(error.message);

export const finalDeliveriesApi = {
  list: (params: ListParams, signal?: AbortSignal) =>
    api.get<ListResponse<FinalDelivery>>("/final-deliveries", { query: toListQuery(params), signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<FinalDelivery>>(`/final-deliveries/${id}`, { signal }).then((r) => r.data),
  students: (id: number, signal?: AbortSignal) =>
    api
      .get<{ data: FinalDeliveryStudent[] }>(`/final-deliveries/${id}/students`, { signal })
      .then((r) => r.data),
  create: (payload: CreateFinalDeliveryPayload) =>
    api.post<ItemResponse<FinalDelivery>>("/final-deliveries", payload).then((r) => r.data),
  update: (id: number, payload: UpdateFinalDeliveryPayload) =>
    api.patch<ItemResponse<FinalDelivery>>(`/final-deliveries/${id}`, payload).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/final-deliveries/${id}`),
  addJury: (id: number, teacherId: number) =>
    api
      .post<ItemResponse<FinalDelivery>>(`/final-deliveries/${id}/teachers/${teacherId}`)
      .then((r) => r.data),
  removeJury: (id: number, teacherId: number) =>
    api
      .delete<ItemResponse<FinalDelivery>>(`/final-deliveries/${id}/teachers/${teacherId}`)
      .then((r) => r.data),
  grade: (id: number, teacherId: number, studentId: number, note: number) =>
    api
      .patch<{ data: FinalDeliveryStudent[] }>(
        `/final-deliveries/${id}/teachers/${teacherId}/students/${studentId}`,
        {
          note,
        },
      )
      .then((r) => r.data),
  upload: (id: number, file: File) => {
    const form = new FormData();
    form.append("scheduled_content_resource", file);
    return api
      .post<ItemResponse<FinalDelivery>>(`/final-deliveries/${id}/scheduled-content-resource`, form, {
        cancellable: false,
      })
      .then((r) => r.data);
  },
  downloadResource: (delivery: FinalDelivery) =>
    downloadFile(`/final-deliveries/${delivery.id}/scheduled-content-resource`, {
      filename: delivery.scheduled_content_resource ?? "contenido-programado",
      accept: "*/*",
    }),
  downloadCover: (deliveryId: number, studentId: number) =>
    downloadFile("/download-work-cover", {
      query: { final_delivery_id: String(deliveryId), student_id: String(studentId) },
      filename: `portada-${studentId}.pdf`,
      accept: "application/pdf",
    }),
  courseSections: (search: string, sectionId?: number, courseId?: number, signal?: AbortSignal) =>
    api
      .get<ListResponse<CourseSection>>("/course-sections", {
        query: {
          limit: "50",
          // Only those the caller may manage: a coordinator's own or their supervised teachers' (or untaught yet).
          manageable: "1",
          ...(search ? { search } : {}),
          ...(sectionId ? { section_id: String(sectionId) } : {}),
          ...(courseId ? { course_id: String(courseId) } : {}),
        },
        signal,
      })
      .then((r) => r.data),
  teachers: (search: string, signal?: AbortSignal) =>
    api
      .get<ListResponse<TeacherOption>>("/teachers", { query: { limit: "20", search }, signal })
      .then((r) => r.data),
};

export function useFinalDeliveries(params: ListParams) {
  return useQuery({
    queryKey: finalDeliveryKeys.list(params),
    queryFn: ({ signal }) => finalDeliveriesApi.list(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useFinalDelivery(id: number | undefined) {
  return useQuery({
    queryKey: finalDeliveryKeys.detail(id ?? 0),
    queryFn: ({ signal }) => finalDeliveriesApi.get(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

export function useFinalDeliveryStudents(id: number | undefined) {
  return useQuery({
    queryKey: finalDeliveryKeys.students(id ?? 0),
    queryFn: ({ signal }) => finalDeliveriesApi.students(id ?? 0, signal),
    enabled: id !== undefined,
  });
}

/** Course sections to choose from (those the caller reaches), optionally of one section and course. */
export function useDeliveryCourseSections(search: string, sectionId?: number, courseId?: number) {
  return useQuery({
    queryKey: finalDeliveryKeys.courseSections(search, sectionId, courseId),
    queryFn: ({ signal }) => finalDeliveriesApi.courseSections(search, sectionId, courseId, signal),
    placeholderData: keepPreviousData,
  });
}

export function useJuryCandidates(search: string) {
  return useQuery({
    queryKey: finalDeliveryKeys.teachers(search),
    queryFn: ({ signal }) => finalDeliveriesApi.teachers(search, signal),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** Every write refreshes the deliveries (lists, detail, students). */
function useWrite<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: finalDeliveryKeys.all }),
  });
}

export const useCreateFinalDelivery = () => useWrite(finalDeliveriesApi.create);
export const useUpdateFinalDelivery = () =>
  useWrite(({ id, payload }: { id: number; payload: UpdateFinalDeliveryPayload }) =>
    finalDeliveriesApi.update(id, payload),
  );
export const useDeleteFinalDelivery = () => useWrite(finalDeliveriesApi.remove);
export const useAddJury = () =>
  useWrite(({ id, teacherId }: { id: number; teacherId: number }) =>
    finalDeliveriesApi.addJury(id, teacherId),
  );
export const useRemoveJury = () =>
  useWrite(({ id, teacherId }: { id: number; teacherId: number }) =>
    finalDeliveriesApi.removeJury(id, teacherId),
  );
export const useGrade = () =>
  useWrite(
    ({
      id,
      teacherId,
      studentId,
      note,
    }: {
      id: number;
      teacherId: number;
      studentId: number;
      note: number;
    }) => finalDeliveriesApi.grade(id, teacherId, studentId, note),
  );
export const useUploadResource = () =>
  useWrite(({ id, file }: { id: number; file: File }) => finalDeliveriesApi.upload(id, file));
