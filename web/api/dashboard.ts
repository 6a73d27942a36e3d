import { type QueryClient, useQuery } from "@tanstack/react-query";
import { isAdmin, isAdminGroup, isCoordinator, isStudent, isTeacher } from "../../common/roles";
import type {
  AdminDashboard,
  CoordinatorDashboard,
  DashboardIndex,
  SchoolSetup,
  SetupStep,
  StudentDashboard,
  TeacherDashboard,
} from "../../common/schemas/dashboard";
import { api } from "./client";
import type { ItemResponse } from "./types";

export type {
  AdminDashboard,
  CoordinatorDashboard,
  DashboardIndex,
  SchoolSetup,
  SetupStep,
  StudentDashboard,
  TeacherDashboard,
};

/** The home page says itself when a dashboard cannot load: no toast on top of it. */
const read = <T>(path: string, signal: AbortSignal) =>
  api.get<ItemResponse<T>>(path, { signal, quiet: true }).then((r) => r.data);

const dashboardQueries = {
  index: {
    queryKey: ["dashboard", "index"],
    queryFn: ({ signal }: { signal: AbortSignal }) => read<DashboardIndex>("/dashboard/index", signal),
  },
  coordinator: {
    queryKey: ["dashboard", "coordinator"],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      read<CoordinatorDashboard>("/dashboard/coordinator", signal),
  },
  teacher: {
    queryKey: ["dashboard", "teacher"],
    queryFn: ({ signal }: { signal: AbortSignal }) => read<TeacherDashboard>("/dashboard/teacher", signal),
  },
  setup: {
    queryKey: ["dashboard", "setup"],
    queryFn: ({ signal }: { signal: AbortSignal }) => read<SchoolSetup>("/dashboard/setup", signal),
  },
};

/** GET /dashboard/index: the school's numbers (administration) or a student's own. */
export function useDashboardIndex(enabled = true) {
  return useQuery({ ...dashboardQueries.index, enabled });
}

/** GET /dashboard/coordinator. */
export function useCoordinatorDashboard(enabled = true) {
  return useQuery({ ...dashboardQueries.coordinator, enabled });
}

/** GET /dashboard/teacher (a coordinator's own teaching too). */
export function useTeacherDashboard(enabled = true) {
  return useQuery({ ...dashboardQueries.teacher, enabled });
}

/**
 * GET /dashboard/setup: what a new school still has to set up (administrators). Read again whenever the home
 * opens: the administrator comes back to it after each step.
 */
export function useSchoolSetup(enabled = true) {
  return useQuery({ ...dashboardQueries.setup, enabled, refetchOnMount: "always" });
}

/**
 * Starts the role's dashboard requests (the same queries the dashboard reads) while its code and texts
 * are still loading, so the numbers do not wait for them.
 */
export function prefetchDashboard(client: QueryClient, type: number) {
  const coordinator = isCoordinator(type);
  if (isAdminGroup(type) || isStudent(type)) void client.prefetchQuery(dashboardQueries.index);
  if (isAdmin(type)) void client.prefetchQuery(dashboardQueries.setup);
  if (coordinator) void client.prefetchQuery(dashboardQueries.coordinator);
  if (coordinator || isTeacher(type)) void client.prefetchQuery(dashboardQueries.teacher);
}
