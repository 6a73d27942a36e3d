import { useQuery } from "@tanstack/react-query";
import type { WeeklyGrid } from "../../common/schemas/schedules";
import { api } from "./client";
import type { ItemResponse } from "./types";

/** GET /profile/schedules: the caller's own week (a teacher's course sections, a student's courses). */
export function useMySchedule() {
  return useQuery({
    queryKey: ["my-schedule"],
    queryFn: ({ signal }) =>
      api.get<ItemResponse<WeeklyGrid>>("/profile/schedules", { signal }).then((r) => r.data),
  });
}
