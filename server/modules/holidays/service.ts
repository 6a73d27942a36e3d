import { and, eq, gte, lte } from "drizzle-orm";
import type { CreateHolidayInput, UpdateHolidayInput } from "../../../common/schemas/holidays.js";
import type { DbOrTx } from "../../db/client.js";
import { holidays } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError } from "../../http/validation.js";

export type HolidayRow = typeof holidays.$inferSelect;

export const holidaySortable = ["start_date", "end_date", "description", "id"] as const;
type SortField = (typeof holidaySortable)[number];

export type HolidayListParams = ListParams<SortField> & {
  /** Only holidays that touch the days from `from` to `to` (a calendar month). */
  from?: string;
  to?: string;
  year?: number;
};

/** Holidays matching the search (description) and the date window, one page of them. */
export async function listHolidays(opts: { db: DbOrTx; list: HolidayListParams }): Promise<Page<HolidayRow>> {
  const { db, list } = opts;
  const where = and(
    searchCondition(list.search, [holidays.description]),
    list.from === undefined ? undefined : gte(holidays.endDate, list.from),
    list.to === undefined ? undefined : lte(holidays.startDate, list.to),
    list.year === undefined
      ? undefined
      : and(gte(holidays.endDate, `${list.year}-01-01`), lte(holidays.startDate, `${list.year}-12-31`)),
  );
  return paginate({
    db,
    query: db.select().from(holidays).where(where).$dynamic(),
    list,
    sortColumns: {
      start_date: holidays.startDate,
      end_date: holidays.endDate,
      description: holidays.description,
      id: holidays.id,
    },
    tieBreaker: holidays.id,
  });
}

export async function getHoliday(opts: { db: DbOrTx; id: number }): Promise<HolidayRow> {
  const [row] = await opts.db.select().from(holidays).where(eq(holidays.id, opts.id));
  if (!row) throw notFound();
  return row;
}

export async function createHoliday(opts: { db: DbOrTx; input: CreateHolidayInput }): Promise<HolidayRow> {
  const { input } = opts;
  const [row] = await opts.db
    .insert(holidays)
    .values({
      description: input.description,
      startDate: input.start_date,
      endDate: input.end_date ?? input.start_date,
    })
    .returning();
  return row!;
}

/**
 * Changes the fields sent. A one-day holiday whose `start_date` moves alone stays one day long; a range
 * whose dates would cross is a 422 on `end_date`.
 */
export async function updateHoliday(opts: {
  db: DbOrTx;
  id: number;
  input: UpdateHolidayInput;
}): Promise<HolidayRow> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    const [current] = await tx.select().from(holidays).where(eq(holidays.id, opts.id)).for("update");
    if (!current) throw notFound();
    const startDate = input.start_date ?? current.startDate;
    const oneDay = current.startDate === current.endDate;
    const endDate = input.end_date ?? (oneDay && input.start_date ? input.start_date : current.endDate);
    if (endDate < startDate) throw fieldError("end_date", "after_or_equal", { date: "start_date" });
    const [row] = await tx
      .update(holidays)
      .set({ description: input.description, startDate, endDate, updatedAt: new Date() })
      .where(eq(holidays.id, opts.id))
      .returning();
    return row!;
  });
}

export async function deleteHoliday(opts: { db: DbOrTx; id: number }): Promise<void> {
  const rows = await opts.db.delete(holidays).where(eq(holidays.id, opts.id)).returning({ id: holidays.id });
  if (rows.length === 0) throw notFound();
}
