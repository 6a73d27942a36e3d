import { useQuery } from "@tanstack/react-query";
import { periodKeys, periodsApi } from "../../api/periods";
import { useSession } from "../../session/useSession";

/**
 * The periods for the activities' period selector. Only the admin group may list periods (spec.md §6);
 * other roles get `undefined` and see every activity, without a selector.
 */
export function useActivityPeriods() {
  const { can } = useSession();
  const allowed = can("periods.read");
  const query = useQuery({
    queryKey: periodKeys.options(),
    queryFn: ({ signal }) => periodsApi.all(signal),
    staleTime: 60_000,
    enabled: allowed,
  });
  return { allowed, periods: query.data };
}
