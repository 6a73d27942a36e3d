import { eq, sql } from "drizzle-orm";
import { type ClassHourInput, hhmm } from "../../../common/schemas/class-hours.js";
import type { DbOrTx } from "../../db/client.js";
import { classHours, scheduleSlots } from "../../db/schema/index.js";
import { isForeignKeyViolation } from "../../http/db-errors.js";
import { notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { rethrowUniqueAsField } from "../../http/validation.js";

export type ClassHourRow = typeof classHours.$inferSelect;

/** Columns a class-hour list may be sorted by; the school day's order (start time) first. */
export const classHourSortable = ["start_time", "end_time", "id", "created_at"] as const;
type SortField = (typeof classHourSortable)[number];

/** Class hours, one page; the search matches the `HH:MM` texts of start and end. */
export async function listClassHours(opts: {
  db: DbOrTx;
  list: ListParams<SortField>;
}): Promise<Page<ClassHourRow>> {
  const { db, list } = opts;
  const where = searchCondition(list.search, [
    sql`to_char(${classHours.startTime}, 'HH24:MI')`,
    sql`to_char(${classHours.endTime}, 'HH24:MI')`,
  ]);
  return paginate({
    db,
    query: db.select().from(classHours).where(where).$dynamic(),
    list,
    sortColumns: {
      start_time: classHours.startTime,
      end_time: classHours.endTime,
      id: classHours.id,
      created_at: classHours.createdAt,
    },
    tieBreaker: classHours.id,
  });
}

export async function getClassHour(opts: { db: DbOrTx; id: number }): Promise<ClassHourRow> {
  const [row] = await opts.db.select().from(classHours).where(eq(classHours.id, opts.id));
  if (!row) throw notFound();
  return row;
}

const times = (input: ClassHourInput) => ({
  startTime: `${hhmm(input.start_hour, input.start_minute)}:00`,
  endTime: `${hhmm(input.end_hour, input.end_minute)}:00`,
});

/** The same start and end twice is a 422 on the start hour ("ya está en uso"), guarded by the database. */
function translateWriteError(error: unknown): never {
  rethrowUniqueAsField(error, { class_hours_start_end_unique: "start_hour" });
}

export async function createClassHour(opts: { db: DbOrTx; input: ClassHourInput }): Promise<ClassHourRow> {
  try {
    const [row] = await opts.db.insert(classHours).values(times(opts.input)).returning();
    return row!;
  } catch (error) {
    translateWriteError(error);
  }
}

export async function updateClassHour(opts: {
  db: DbOrTx;
  id: number;
  input: ClassHourInput;
}): Promise<ClassHourRow> {
  try {
    const [row] = await opts.db
      .update(classHours)
      .set({ ...times(opts.input), updatedAt: new Date() })
      .where(eq(classHours.id, opts.id))
      .returning();
    if (!row) throw notFound();
    return row;
  } catch (error) {
    translateWriteError(error);
  }
}

/** Deletes a class hour no schedule uses (`class_hour_has_schedules`; the slots' foreign key agrees). */
export async function deleteClassHour(opts: { db: DbOrTx; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: classHours.id })
      .from(classHours)
      .where(eq(classHours.id, opts.id))
      .for("update");
    if (!row) throw notFound();
    const [used] = await tx
      .select({ id: scheduleSlots.id })
      .from(scheduleSlots)
      .where(eq(scheduleSlots.classHourId, opts.id))
      .limit(1);
    if (used) throw refuse("class_hour_has_schedules");
    await tx.delete(classHours).where(eq(classHours.id, opts.id)).catch(translateDeleteError);
  });
}

/** A schedule written between the check and the delete: the slots' foreign key refuses the delete. */
export function translateDeleteError(error: unknown): never {
  if (isForeignKeyViolation(error)) throw refuse("class_hour_has_schedules");
  throw error;
}
