import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { authApi } from "../api/auth";
import type { AppQueryMeta } from "../api/query-client";
import { sessionStore } from "./store";

const meta: AppQueryMeta = { keepOnNavigation: true };

/**
 * Refreshes the stored user from GET /api/users/me once per visit (names, picture, permissions, a
 * student's latest inscription); a revoked or expired token ends the session through the client.
 */
export function useRefreshUser(enabled: boolean): void {
  const { data } = useQuery({
    queryKey: ["session", "me"],
    queryFn: ({ signal }) =>
      authApi.me(signal, {
        quiet: (error) =>
          error.kind !== "http" || (error.status === 404 && error.message === "route_not_found"),
      }),
    enabled,
    meta,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (data?.data) sessionStore.updateUser(data.data);
  }, [data]);
}
