import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { WithdrawalState } from "../../common/schemas/withdrawals";
import { api } from "./client";
import type { ApiError } from "./errors";
import type { ItemResponse, ListResponse } from "./types";

export type { WithdrawalState };

/** A section the student may move to (same period and semester). */
export type SectionOption = {
  id: number;
  code: string;
  males_limit: number;
  females_limit: number;
  males_count: number;
  females_count: number;
};

export const withdrawalKeys = {
  all: ["withdrawals"] as const,
  state: (studentId: number) => [...withdrawalKeys.all, "state", studentId] as const,
  sections: (periodId: number, semesterId: number) =>
    [...withdrawalKeys.all, "sections", periodId, semesterId] as const,
};

/** Refusals with a Spanish reason: shown on the page, not as a toast. */
export const isWithdrawalRefusal = (error: ApiError) => error.status === 400;

const quiet = { quiet: isWithdrawalRefusal };

export const withdrawalsApi = {
  state: (studentId: number, signal?: AbortSignal) =>
    api
      .get<ItemResponse<WithdrawalState>>(`/students/${studentId}/withdrawal-state`, { signal })
      .then((r) => r.data),
  retire: (studentId: number) =>
    api.patch<ItemResponse<WithdrawalState>>(`/students/${studentId}/retire`, {}, quiet).then((r) => r.data),
  withdrawCourses: ({ studentId, courseSectionIds }: { studentId: number; courseSectionIds: number[] }) =>
    api
      .post<ItemResponse<WithdrawalState>>(
        `/students/${studentId}/withdraw-courses`,
        { course_section_ids: courseSectionIds },
        quiet,
      )
      .then((r) => r.data),
  changeSection: ({ studentId, sectionId }: { studentId: number; sectionId: number }) =>
    api
      .post<ItemResponse<WithdrawalState>>(
        `/students/${studentId}/change-section`,
        { new_section_id: sectionId },
        quiet,
      )
      .then((r) => r.data),
  sections: (periodId: number, semesterId: number, signal?: AbortSignal) =>
    api
      .get<ListResponse<SectionOption>>("/sections", {
        query: { period_id: periodId, semester_id: semesterId, limit: 0, sort_by: "code,asc" },
        signal,
      })
      .then((r) => r.data),
};

export function useWithdrawalState(studentId: number | null) {
  return useQuery({
    queryKey: withdrawalKeys.state(studentId ?? 0),
    queryFn: ({ signal }) => withdrawalsApi.state(studentId ?? 0, signal),
    enabled: studentId !== null,
  });
}

export function useSemesterSections(periodId: number | undefined, semesterId: number | undefined) {
  return useQuery({
    queryKey: withdrawalKeys.sections(periodId ?? 0, semesterId ?? 0),
    queryFn: ({ signal }) => withdrawalsApi.sections(periodId ?? 0, semesterId ?? 0, signal),
    enabled: periodId !== undefined && semesterId !== undefined,
  });
}

/** After any withdrawal the student's state is the answer; lists elsewhere are refreshed. */
function useWithdrawalMutation<V>(fn: (vars: V) => Promise<WithdrawalState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (state) => {
      queryClient.setQueryData(withdrawalKeys.state(state.student.id), state);
      void queryClient.invalidateQueries({ queryKey: ["students"] });
      void queryClient.invalidateQueries({ queryKey: ["sections"] });
      return queryClient.invalidateQueries({ queryKey: ["inscriptions"] });
    },
  });
}

export const useRetireStudent = () => useWithdrawalMutation(withdrawalsApi.retire);
export const useWithdrawCourses = () => useWithdrawalMutation(withdrawalsApi.withdrawCourses);
export const useChangeSection = () => useWithdrawalMutation(withdrawalsApi.changeSection);
