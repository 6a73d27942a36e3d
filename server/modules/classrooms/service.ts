import { and, asc, eq, gte, inArray, ne, not, type SQL, sql } from "drizzle-orm";
import type { CreateClassroomInput, UpdateClassroomInput } from "../../../common/schemas/classrooms.js";
import { weekdays } from "../../../common/schemas/classrooms.js";
import type { DbOrTx } from "../../db/client.js";
import {
  classHours,
  classrooms,
  courseSections,
  courses,
  periods,
  scheduleSlots,
  schedules,
  sections,
} from "../../db/schema/index.js";
import { isForeignKeyViolation } from "../../http/db-errors.js";
import { notFound, refuse } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type ListMeta, type Page, paginate, searchCondition } from "../../http/pagination.js";
import { rethrowUniqueAsField } from "../../http/validation.js";

export type ClassroomRow = typeof classrooms.$inferSelect;

/** Columns a classroom list may be sorted by (the route's allow-list). */
export const classroomSortable = [
  "id",
  "code",
  "description",
  "max_capacity",
  "multiple_sections",
  "enabled",
  "created_at",
] as const;
type SortField = (typeof classroomSortable)[number];

export type ClassroomListParams = ListParams<SortField> & {
  enabled?: boolean;
  multiple_sections?: boolean;
  min_capacity?: number;
};

/** Classrooms matching the list's search (code, description) and filters, one page of them. */
export async function listClassrooms(opts: {
  db: DbOrTx;
  list: ClassroomListParams;
}): Promise<Page<ClassroomRow>> {
  const { db, list } = opts;
  const where = and(
    searchCondition(list.search, [classrooms.code, classrooms.description]),
    list.enabled === undefined ? undefined : eq(classrooms.enabled, list.enabled),
    list.multiple_sections === undefined
      ? undefined
      : eq(classrooms.multipleSections, list.multiple_sections),
    list.min_capacity === undefined ? undefined : gte(classrooms.maxCapacity, list.min_capacity),
  );
  return paginate({
    db,
    query: db.select().from(classrooms).where(where).$dynamic(),
    list,
    sortColumns: {
      id: classrooms.id,
      code: classrooms.code,
      description: classrooms.description,
      max_capacity: classrooms.maxCapacity,
      multiple_sections: classrooms.multipleSections,
      enabled: classrooms.enabled,
      created_at: classrooms.createdAt,
    },
    tieBreaker: classrooms.id,
    // Counting thousands of classrooms is most of a page's cost; the total is exact (same snapshot).
    rememberTotal: true,
  });
}

export async function getClassroom(opts: { db: DbOrTx; id: number }): Promise<ClassroomRow> {
  const [row] = await opts.db.select().from(classrooms).where(eq(classrooms.id, opts.id));
  if (!row) throw notFound();
  return row;
}

/** The unique code is the database's to guard: a duplicate is a 422 on `code`, even under concurrency. */
function translateWriteError(error: unknown): never {
  rethrowUniqueAsField(error, { classrooms_code_lower_unique: "code" });
}

export async function createClassroom(opts: {
  db: DbOrTx;
  input: CreateClassroomInput;
}): Promise<ClassroomRow> {
  const { input } = opts;
  try {
    const [row] = await opts.db
      .insert(classrooms)
      .values({
        code: input.code,
        description: input.description,
        maxCapacity: input.max_capacity,
        multipleSections: input.multiple_sections,
        enabled: input.enabled,
      })
      .returning();
    return row!;
  } catch (error) {
    translateWriteError(error);
  }
}

/**
 * Changes the fields sent. Turning `multiple_sections` off while the classroom hosts two sections in one
 * slot is refused by the slot constraints (`combination_of_day_classroom_class_hour_exists`).
 */
export async function updateClassroom(opts: {
  db: DbOrTx;
  id: number;
  input: UpdateClassroomInput;
}): Promise<ClassroomRow> {
  const { input } = opts;
  const changes: Partial<typeof classrooms.$inferInsert> = {
    code: input.code,
    description: input.description,
    maxCapacity: input.max_capacity,
    multipleSections: input.multiple_sections,
    enabled: input.enabled,
  };
  try {
    const [row] = await opts.db
      .update(classrooms)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(classrooms.id, opts.id))
      .returning();
    if (!row) throw notFound();
    return row;
  } catch (error) {
    translateWriteError(error);
  }
}

/** Deletes a classroom that no schedule uses (`classroom_has_schedules`; the foreign keys agree). */
export async function deleteClassroom(opts: { db: DbOrTx; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: classrooms.id })
      .from(classrooms)
      .where(eq(classrooms.id, opts.id))
      .for("update");
    if (!row) throw notFound();
    const [used] = await tx
      .select({ id: schedules.id })
      .from(schedules)
      .where(eq(schedules.classroomId, opts.id))
      .limit(1);
    if (used) throw refuse("classroom_has_schedules");
    await tx.delete(classrooms).where(eq(classrooms.id, opts.id)).catch(translateDeleteError);
  });
}

/** A schedule written between the check and the delete: the schedules' foreign keys refuse the delete. */
export function translateDeleteError(error: unknown): never {
  if (isForeignKeyViolation(error)) throw refuse("classroom_has_schedules");
  throw error;
}

/** The given period, else the enabled (current) one, else none (every period). */
async function resolvePeriodId(db: DbOrTx, periodId: number | undefined): Promise<number | null> {
  if (periodId !== undefined) {
    const [row] = await db.select({ id: periods.id }).from(periods).where(eq(periods.id, periodId));
    if (!row) throw notFound("period_not_found");
    return row.id;
  }
  const [current] = await db.select({ id: periods.id }).from(periods).where(eq(periods.enabled, true));
  return current?.id ?? null;
}

export type ClassHourRow = { id: number; startTime: string; endTime: string };

export type ClassroomScheduleRow = {
  id: number;
  day: number;
  classroom: { id: number; code: string };
  courseSection: { id: number };
  course: { id: number; code: string; title: string };
  section: { id: number; code: string; letterCode: string; periodId: number };
  classHours: ClassHourRow[];
};

/**
 * The schedules held in a classroom in a period (`periodId`, else the current one), ordered by day and
 * first class hour, each with its class hours, course and section.
 */
export async function listClassroomSchedules(opts: {
  db: DbOrTx;
  id: number;
  periodId?: number;
}): Promise<ClassroomScheduleRow[]> {
  const { db } = opts;
  const classroom = await getClassroom({ db, id: opts.id });
  const periodId = await resolvePeriodId(db, opts.periodId);
  const rows = await db
    .select({
      id: schedules.id,
      day: schedules.day,
      courseSectionId: courseSections.id,
      course: { id: courses.id, code: courses.code, title: courses.title },
      section: {
        id: sections.id,
        code: sections.code,
        letterCode: sections.letterCode,
        periodId: sections.periodId,
      },
    })
    .from(schedules)
    .innerJoin(courseSections, eq(courseSections.id, schedules.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .where(
      and(
        eq(schedules.classroomId, classroom.id),
        periodId === null ? undefined : eq(sections.periodId, periodId),
      ),
    );
  const hours = rows.length
    ? await db
        .select({
          scheduleId: scheduleSlots.scheduleId,
          id: classHours.id,
          startTime: classHours.startTime,
          endTime: classHours.endTime,
        })
        .from(scheduleSlots)
        .innerJoin(classHours, eq(classHours.id, scheduleSlots.classHourId))
        .where(
          inArray(
            scheduleSlots.scheduleId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(classHours.startTime))
    : [];
  const result = rows.map((r) => ({
    id: r.id,
    day: r.day,
    classroom: { id: classroom.id, code: classroom.code },
    courseSection: { id: r.courseSectionId },
    course: r.course,
    section: r.section,
    classHours: hours
      .filter((h) => h.scheduleId === r.id)
      .map(({ id, startTime, endTime }) => ({ id, startTime, endTime })),
  }));
  const firstStart = (s: ClassroomScheduleRow) => s.classHours[0]?.startTime ?? "99";
  return result.sort((a, b) => a.day - b.day || firstStart(a).localeCompare(firstStart(b)) || a.id - b.id);
}

/** Columns the availability list may be sorted by. */
export const availabilitySortable = ["code", "max_capacity", "id"] as const;

export type AvailabilityQuery = {
  /** Page, size (0: every classroom), search (code, description) and order of the classrooms. */
  list: ListParams<(typeof availabilitySortable)[number]>;
  /** Only classrooms free (true) or busy (false) in every asked slot. */
  available?: boolean;
  periodId?: number;
  day?: number;
  classHourIds?: number[];
  minCapacity?: number;
  includeDisabled?: boolean;
  /** Ignore this schedule's own slots (when moving it). */
  excludeScheduleId?: number;
};

export type Occupant = {
  scheduleId: number;
  courseSectionId: number;
  courseCode: string;
  courseTitle: string;
  sectionId: number;
  sectionCode: string;
};

export type ClassroomAvailabilityResult = {
  meta: ListMeta;
  periodId: number | null;
  days: number[];
  classHours: ClassHourRow[];
  classrooms: {
    classroom: ClassroomRow;
    available: boolean;
    slots: { day: number; classHourId: number; free: boolean; occupiedBy: Occupant[] }[];
  }[];
};

/**
 * Which classrooms are free in the asked slots: one day or the whole week (Monday to Saturday), some class
 * hours or all. A slot is free when no schedule of the period uses it, or the classroom takes several
 * sections at once. `available` means free in every asked slot, the answer to "where can this go?".
 * The classrooms come a page at a time (list contract), each page with only its own slots.
 */
export async function classroomAvailability(opts: {
  db: DbOrTx;
  query: AvailabilityQuery;
}): Promise<ClassroomAvailabilityResult> {
  const { db, query } = opts;
  const periodId = await resolvePeriodId(db, query.periodId);
  const days = query.day === undefined ? [...weekdays] : [query.day];
  const hours = await db
    .select({ id: classHours.id, startTime: classHours.startTime, endTime: classHours.endTime })
    .from(classHours)
    .where(query.classHourIds?.length ? inArray(classHours.id, query.classHourIds) : undefined)
    .orderBy(asc(classHours.startTime), asc(classHours.id));
  const hourIds = hours.map((h) => h.id);
  // A classroom is busy in the asked slots when a schedule of the period holds one of them and it takes a
  // single section at a time.
  const busy = hours.length
    ? sql`(not ${classrooms.multipleSections} and exists (
        select 1 from ${scheduleSlots} inner join ${sections} on ${sections.id} = ${scheduleSlots.sectionId}
        where ${scheduleSlots.classroomId} = ${classrooms.id}
          and ${inArray(scheduleSlots.day, days)} and ${inArray(scheduleSlots.classHourId, hourIds)}
          ${periodId === null ? sql`` : sql`and ${sections.periodId} = ${periodId}`}
          ${query.excludeScheduleId === undefined ? sql`` : sql`and ${scheduleSlots.scheduleId} <> ${query.excludeScheduleId}`}))`
    : sql`false`;
  const page = await paginate({
    db,
    query: db
      .select()
      .from(classrooms)
      .where(
        and(
          query.includeDisabled ? undefined : eq(classrooms.enabled, true),
          query.minCapacity === undefined ? undefined : gte(classrooms.maxCapacity, query.minCapacity),
          searchCondition(query.list.search, [classrooms.code, classrooms.description]),
          query.available === undefined ? undefined : query.available ? not(busy) : busy,
        ),
      )
      .$dynamic(),
    list: query.list,
    sortColumns: { code: classrooms.code, max_capacity: classrooms.maxCapacity, id: classrooms.id },
    tieBreaker: classrooms.id,
  });
  const rooms = page.rows;

  const occupied = new Map<string, Occupant[]>();
  if (hours.length > 0 && rooms.length > 0) {
    const conditions: (SQL | undefined)[] = [
      inArray(scheduleSlots.day, days),
      inArray(scheduleSlots.classHourId, hourIds),
      // Only the classrooms of this page.
      inArray(
        scheduleSlots.classroomId,
        rooms.map((r) => r.id),
      ),
      periodId === null ? undefined : eq(sections.periodId, periodId),
      query.excludeScheduleId === undefined
        ? undefined
        : ne(scheduleSlots.scheduleId, query.excludeScheduleId),
    ];
    const slots = await db
      .select({
        classroomId: scheduleSlots.classroomId,
        day: scheduleSlots.day,
        classHourId: scheduleSlots.classHourId,
        scheduleId: scheduleSlots.scheduleId,
        courseSectionId: scheduleSlots.courseSectionId,
        courseCode: courses.code,
        courseTitle: courses.title,
        sectionId: sections.id,
        sectionCode: sections.code,
      })
      .from(scheduleSlots)
      .innerJoin(sections, eq(sections.id, scheduleSlots.sectionId))
      .innerJoin(courseSections, eq(courseSections.id, scheduleSlots.courseSectionId))
      .innerJoin(courses, eq(courses.id, courseSections.courseId))
      .where(and(...conditions))
      .orderBy(asc(sections.code), asc(courses.code));
    for (const { classroomId, day, classHourId, ...occupant } of slots) {
      const key = `${classroomId}:${day}:${classHourId}`;
      occupied.set(key, [...(occupied.get(key) ?? []), occupant]);
    }
  }

  return {
    meta: page.meta,
    periodId,
    days,
    classHours: hours,
    classrooms: rooms.map((classroom) => {
      const slots = days.flatMap((day) =>
        hours.map((hour) => {
          const occupiedBy = occupied.get(`${classroom.id}:${day}:${hour.id}`) ?? [];
          return {
            day,
            classHourId: hour.id,
            free: classroom.multipleSections || occupiedBy.length === 0,
            occupiedBy,
          };
        }),
      );
      return { classroom, available: slots.every((s) => s.free), slots };
    }),
  };
}
