import { useQuery } from "@tanstack/react-query";
import { periodKeys, periodsApi } from "../../api/periods";
import { useSession } from "../../session/useSession";

/**
 * The periods for the activities' period selector. The admin group and coordinators may list periods
 * (`periodChoice`); other roles get `undefined` and see every activity, without a selector.
 */
export function useActivityPeriods() {
  const { can } = useSession();
  const allowed = can("periods.choose");
  const query = useQuery({
    queryKey: periodKeys.options(),
    queryFn: ({ signal }) => periodsApi.all(signal),
    staleTime: 60_000,
    enabled: allowed,
  });
  return { allowed, periods: query.data };
}
