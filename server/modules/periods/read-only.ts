import { and, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { periods } from "../../db/schema/index.js";
import { refuse } from "../../http/errors.js";

/**
 * DOMAIN.md: periods that ended before the current one started are read-only. Call it inside the write's
 * transaction, after locking the row being changed, for anything that belongs to a period (sections,
 * schedules, teacher assignments…): refused with `unable_to_update_older_periods`.
 */
export async function assertPeriodWritable(db: DbOrTx, periodId: number): Promise<void> {
  const [older] = await db
    .select({ id: periods.id })
    .from(periods)
    .where(
      and(
        eq(periods.id, periodId),
        lt(periods.endDate, sql`(select ${periods.startDate} from ${periods} where ${periods.enabled})`),
      ),
    );
  if (older) throw refuse("unable_to_update_older_periods");
}
