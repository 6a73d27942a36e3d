import { useQuery } from "@tanstack/react-query";
import type {
  AdminDashboard,
  CoordinatorDashboard,
  DashboardIndex,
  StudentDashboard,
  TeacherDashboard,
} from "../../common/schemas/dashboard";
import { api } from "./client";
import type { ItemResponse } from "./types";

export type { AdminDashboard, CoordinatorDashboard, DashboardIndex, StudentDashboard, TeacherDashboard };

/** The home page says itself when a dashboard cannot load: no toast on top of it. */
const read = <T>(path: string, signal: AbortSignal) =>
  api.get<ItemResponse<T>>(path, { signal, quiet: true }).then((r) => r.data);

/** GET /dashboard/index: the school's numbers (administration) or a student's own. */
export function useDashboardIndex(enabled = true) {
  return useQuery({
    queryKey: ["dashboard", "index"],
    queryFn: ({ signal }) => read<DashboardIndex>("/dashboard/index", signal),
    enabled,
  });
}

/** GET /dashboard/coordinator. */
export function useCoordinatorDashboard(enabled = true) {
  return useQuery({
    queryKey: ["dashboard", "coordinator"],
    queryFn: ({ signal }) => read<CoordinatorDashboard>("/dashboard/coordinator", signal),
    enabled,
  });
}

/** GET /dashboard/teacher (a coordinator's own teaching too). */
export function useTeacherDashboard(enabled = true) {
  return useQuery({
    queryKey: ["dashboard", "teacher"],
    queryFn: ({ signal }) => read<TeacherDashboard>("/dashboard/teacher", signal),
    enabled,
  });
}
