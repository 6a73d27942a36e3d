import { and, eq, gte, lte } from "drizzle-orm";
import type { CreateActivityInput, UpdateActivityInput } from "../../../common/schemas/activities.js";
import type { DbOrTx } from "../../db/client.js";
import { activities, periods } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError, missingReference } from "../../http/validation.js";

export type ActivityRow = typeof activities.$inferSelect;

export const activitySortable = [
  "start_date",
  "end_date",
  "title",
  "description",
  "observation",
  "id",
] as const;
type SortField = (typeof activitySortable)[number];

export type ActivityListParams = ListParams<SortField> & {
  period_id?: number;
  /** Only activities that touch the days from `from` to `to` (a calendar month). */
  from?: string;
  to?: string;
};

/** Activities matching the search (title, description, observation), period and window, one page. */
export async function listActivities(opts: {
  db: DbOrTx;
  list: ActivityListParams;
}): Promise<Page<ActivityRow>> {
  const { db, list } = opts;
  const where = and(
    searchCondition(list.search, [activities.title, activities.description, activities.observation]),
    list.period_id === undefined ? undefined : eq(activities.periodId, list.period_id),
    list.from === undefined ? undefined : gte(activities.endDate, list.from),
    list.to === undefined ? undefined : lte(activities.startDate, list.to),
  );
  return paginate({
    db,
    query: db.select().from(activities).where(where).$dynamic(),
    list,
    sortColumns: {
      start_date: activities.startDate,
      end_date: activities.endDate,
      title: activities.title,
      description: activities.description,
      observation: activities.observation,
      id: activities.id,
    },
    tieBreaker: activities.id,
  });
}

export async function getActivity(opts: { db: DbOrTx; id: number }): Promise<ActivityRow> {
  const [row] = await opts.db.select().from(activities).where(eq(activities.id, opts.id));
  if (!row) throw notFound();
  return row;
}

/** A period named by the payload must exist (422 "El valor seleccionado en el campo período no existe."). */
async function checkPeriod(db: DbOrTx, periodId: number | null | undefined) {
  if (periodId === null || periodId === undefined) return;
  const [row] = await db
    .select({ id: periods.id })
    .from(periods)
    .where(eq(periods.id, periodId))
    .for("share");
  if (!row) throw missingReference("period_id");
}

export async function createActivity(opts: { db: DbOrTx; input: CreateActivityInput }): Promise<ActivityRow> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    await checkPeriod(tx, input.period_id);
    const [row] = await tx
      .insert(activities)
      .values({
        title: input.title,
        description: input.description ?? null,
        observation: input.observation ?? null,
        startDate: input.start_date,
        endDate: input.end_date,
        periodId: input.period_id ?? null,
        color: input.color ?? null,
        textColor: input.text_color ?? null,
      })
      .returning();
    return row!;
  });
}

/** Changes the fields sent; the resulting dates must stay in order (422 on `end_date`). */
export async function updateActivity(opts: {
  db: DbOrTx;
  id: number;
  input: UpdateActivityInput;
}): Promise<ActivityRow> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    const [current] = await tx.select().from(activities).where(eq(activities.id, opts.id)).for("update");
    if (!current) throw notFound();
    await checkPeriod(tx, input.period_id);
    const startDate = input.start_date ?? current.startDate;
    const endDate = input.end_date ?? current.endDate;
    if (endDate < startDate) throw fieldError("end_date", "after_or_equal", { date: "start_date" });
    const [row] = await tx
      .update(activities)
      .set({
        title: input.title,
        description: input.description,
        observation: input.observation,
        startDate,
        endDate,
        periodId: input.period_id,
        color: input.color,
        textColor: input.text_color,
        updatedAt: new Date(),
      })
      .where(eq(activities.id, opts.id))
      .returning();
    return row!;
  });
}

export async function deleteActivity(opts: { db: DbOrTx; id: number }): Promise<void> {
  const rows = await opts.db
    .delete(activities)
    .where(eq(activities.id, opts.id))
    .returning({ id: activities.id });
  if (rows.length === 0) throw notFound();
}
