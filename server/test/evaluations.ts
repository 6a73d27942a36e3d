import { sql } from "drizzle-orm";
import type { Db } from "../db/client.js";

/**
 * Brings every course section of `periodId` to 100 % evaluated: the missing percent is added to the weight
 * of each one's latest evaluated lesson. Its notes are then final before the period ends (DOMAIN.md "Final
 * note"), as a school's are once its teachers have graded everything; the demo school grades half so far.
 */
export async function completeEvaluations(db: Db, periodId: number): Promise<void> {
  await db.execute(sql`
    with totals as (
      select
        cs.id,
        coalesce((select sum(l.weight) from lessons l where l.course_section_id = cs.id and l.evaluated), 0)
          + coalesce(
            (select sum(fd.final_delivery_value_percent) from final_deliveries fd where fd.course_section_id = cs.id),
            0
          ) as total,
        (select l.id from lessons l where l.course_section_id = cs.id and l.evaluated
          order by l.date desc, l.id desc limit 1) as last_lesson_id
      from course_sections cs
      join sections sec on sec.id = cs.section_id
      where sec.period_id = ${periodId}
    )
    update lessons set weight = lessons.weight + (100 - totals.total)
    from totals
    where lessons.id = totals.last_lesson_id and totals.total < 100`);
}
