import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { Semester, SemesterCourse } from "../../common/schemas/pensums";
import type { createSemesterSchema, updateSemesterSchema } from "../../common/schemas/semesters";
import { api } from "./client";
import { pensumKeys } from "./pensums";
import { isRefusal } from "./specializations";
import type { ItemResponse } from "./types";

export type { Semester, SemesterCourse };
export type CreateSemesterPayload = z.input<typeof createSemesterSchema>;
export type UpdateSemesterPayload = z.input<typeof updateSemesterSchema>;

export const semestersApi = {
  create: (payload: CreateSemesterPayload) =>
    api.post<ItemResponse<Semester>>("/semesters", payload, { quiet: isRefusal }).then((r) => r.data),
  update: (id: number, payload: UpdateSemesterPayload) =>
    api.patch<ItemResponse<Semester>>(`/semesters/${id}`, payload, { quiet: isRefusal }).then((r) => r.data),
  remove: (id: number) => api.delete<void>(`/semesters/${id}`, { quiet: isRefusal }),
  putCourses: (id: number, coursesIds: number[]) =>
    api
      .put<{ data: SemesterCourse[] }>(
        `/semesters/${id}/courses`,
        { courses_ids: coursesIds },
        { quiet: isRefusal },
      )
      .then((r) => r.data),
  moveCourse: (id: number, courseId: number, semesterId: number) =>
    api
      .patch<{ data: SemesterCourse[] }>(
        `/semesters/${id}/courses/${courseId}`,
        { semester_id: semesterId },
        { quiet: isRefusal },
      )
      .then((r) => r.data),
};

/** Every semester write refreshes the pensum it belongs to (and the pensum lists' counts). */
function useSemesterMutation<A>(fn: (args: A) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pensumKeys.all }),
  });
}

export const useCreateSemester = () => useSemesterMutation(semestersApi.create);
export const useUpdateSemester = () =>
  useSemesterMutation(({ id, payload }: { id: number; payload: UpdateSemesterPayload }) =>
    semestersApi.update(id, payload),
  );
export const useDeleteSemester = () => useSemesterMutation(semestersApi.remove);
export const usePutSemesterCourses = () =>
  useSemesterMutation(({ id, coursesIds }: { id: number; coursesIds: number[] }) =>
    semestersApi.putCourses(id, coursesIds),
  );
export const useMoveSemesterCourse = () =>
  useSemesterMutation(({ id, courseId, semesterId }: { id: number; courseId: number; semesterId: number }) =>
    semestersApi.moveCourse(id, courseId, semesterId),
  );
