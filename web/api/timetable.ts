import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { startTimetableRunSchema, TimetableRun } from "../../common/schemas/timetable-runs";
import { api } from "./client";
import type { ApiError } from "./errors";
import { scheduleKeys } from "./schedules";
import type { ItemResponse } from "./types";

export type { TimetableRun };
export type StartTimetablePayload = z.input<typeof startTimetableRunSchema>;

export const timetableKeys = {
  all: ["timetable-runs"] as const,
  period: (periodId: number) => [...timetableKeys.all, "period", periodId] as const,
  run: (id: number) => [...timetableKeys.all, "run", id] as const,
};

/** Refusals the screen explains in place (the client stays quiet for them). */
export const isTimetableRefusal = (error: ApiError) => error.message.startsWith("timetable_");

export const timetableApi = {
  list: (periodId: number, signal?: AbortSignal) =>
    api.get<{ data: TimetableRun[] }>(`/periods/${periodId}/timetable-runs`, { signal }).then((r) => r.data),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ItemResponse<TimetableRun>>(`/timetable-runs/${id}`, { signal }).then((r) => r.data),
  start: (periodId: number, payload: StartTimetablePayload) =>
    api
      .post<ItemResponse<TimetableRun>>(`/periods/${periodId}/timetable-runs`, payload, {
        quiet: isTimetableRefusal,
      })
      .then((r) => r.data),
  stop: (id: number) =>
    api.post<ItemResponse<TimetableRun>>(`/timetable-runs/${id}/stop`).then((r) => r.data),
  apply: (id: number) =>
    api
      .post<ItemResponse<TimetableRun>>(`/timetable-runs/${id}/apply`, undefined, {
        quiet: isTimetableRefusal,
      })
      .then((r) => r.data),
};

/** The period's runs, newest first. */
export function useTimetableRuns(periodId: number | undefined) {
  return useQuery({
    queryKey: timetableKeys.period(periodId ?? 0),
    queryFn: ({ signal }) => timetableApi.list(periodId ?? 0, signal),
    enabled: periodId !== undefined,
  });
}

/** One run, asked again every second while it is searching. */
export function useTimetableRun(id: number | null) {
  return useQuery({
    queryKey: timetableKeys.run(id ?? 0),
    queryFn: ({ signal }) => timetableApi.get(id ?? 0, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === "running" ? 1000 : false),
  });
}

function useRunMutation<V>(fn: (v: V) => Promise<TimetableRun>, touchesSchedules = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (run) => {
      queryClient.setQueryData(timetableKeys.run(run.id), run);
      void queryClient.invalidateQueries({ queryKey: timetableKeys.period(run.period_id) });
      if (touchesSchedules) void queryClient.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
}

export function useStartTimetableRun(periodId: number) {
  return useRunMutation((payload: StartTimetablePayload) => timetableApi.start(periodId, payload));
}

export function useStopTimetableRun() {
  return useRunMutation((id: number) => timetableApi.stop(id));
}

export function useApplyTimetableRun() {
  return useRunMutation((id: number) => timetableApi.apply(id), true);
}
