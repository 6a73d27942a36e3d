import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type {
  BulkStoreSchedulesInput,
  CreateScheduleInput,
  UpdateScheduleInput,
} from "../../../common/schemas/schedules.js";
import type { DbOrTx } from "../../db/client.js";
import { withDbErrors } from "../../db/constraints.js";
import {
  classHours,
  classrooms,
  courseSections,
  courseSectionTeachers,
  courses,
  periods,
  scheduleSlots,
  schedules,
  sections,
  teachers,
} from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import type { ListParams } from "../../http/list-query.js";
import { type Page, paginate, searchCondition } from "../../http/pagination.js";
import { fieldError } from "../../http/validation.js";
import { assertPeriodWritable } from "../periods/read-only.js";

export type ClassHourRow = { id: number; startTime: string; endTime: string };
export type TeacherBrief = { id: number; name: string };
export type SectionBrief = { id: number; code: string; letterCode: string; shift: string; periodId: number };
export type CourseBrief = { id: number; code: string; title: string };

export type ScheduleRow = {
  id: number;
  day: number;
  classroom: { id: number; code: string; multipleSections: boolean };
  courseSectionId: number;
  course: CourseBrief;
  section: SectionBrief;
  classHours: ClassHourRow[];
  teachers: TeacherBrief[];
};

export type GridSlotRow = {
  day: number;
  classHourId: number;
  scheduleId: number;
  courseSectionId: number;
  course: CourseBrief;
  section: { id: number; code: string };
  classroom: { id: number; code: string; multipleSections: boolean };
  teachers: TeacherBrief[];
};

/** Columns a schedule list may be sorted by. */
export const scheduleSortable = ["day", "id", "section", "course", "classroom"] as const;
type SortField = (typeof scheduleSortable)[number];

export type ScheduleFilters = {
  periodId?: number;
  sectionId?: number;
  courseSectionId?: number;
  classroomId?: number;
  teacherId?: number;
  day?: number;
};

const sectionColumns = {
  id: sections.id,
  code: sections.code,
  letterCode: sections.letterCode,
  shift: sections.shift,
  periodId: sections.periodId,
};
const courseColumns = { id: courses.id, code: courses.code, title: courses.title };
const classroomColumns = {
  id: classrooms.id,
  code: classrooms.code,
  multipleSections: classrooms.multipleSections,
};

const teacherName = sql<string>`${teachers.firstName} || ' ' || ${teachers.lastName}`;

/** The teachers of each course section, in one query. */
async function teachersOf(db: DbOrTx, courseSectionIds: number[]): Promise<Map<number, TeacherBrief[]>> {
  const result = new Map<number, TeacherBrief[]>();
  if (courseSectionIds.length === 0) return result;
  const rows = await db
    .select({ courseSectionId: courseSectionTeachers.courseSectionId, id: teachers.id, name: teacherName })
    .from(courseSectionTeachers)
    .innerJoin(teachers, eq(teachers.id, courseSectionTeachers.teacherId))
    .where(inArray(courseSectionTeachers.courseSectionId, [...new Set(courseSectionIds)]))
    .orderBy(asc(teachers.lastName), asc(teachers.firstName), asc(teachers.id));
  for (const { courseSectionId, ...teacher } of rows) {
    result.set(courseSectionId, [...(result.get(courseSectionId) ?? []), teacher]);
  }
  return result;
}

/** The class hours of each schedule, in one query, in time order. */
async function hoursOf(db: DbOrTx, scheduleIds: number[]): Promise<Map<number, ClassHourRow[]>> {
  const result = new Map<number, ClassHourRow[]>();
  if (scheduleIds.length === 0) return result;
  const rows = await db
    .select({
      scheduleId: scheduleSlots.scheduleId,
      id: classHours.id,
      startTime: classHours.startTime,
      endTime: classHours.endTime,
    })
    .from(scheduleSlots)
    .innerJoin(classHours, eq(classHours.id, scheduleSlots.classHourId))
    .where(inArray(scheduleSlots.scheduleId, scheduleIds))
    .orderBy(asc(classHours.startTime), asc(classHours.id));
  for (const { scheduleId, ...hour } of rows)
    result.set(scheduleId, [...(result.get(scheduleId) ?? []), hour]);
  return result;
}

const teacherFilter = (teacherId: number, courseSectionId: SQL | typeof schedules.courseSectionId) =>
  sql`${courseSectionId} in (select ${courseSectionTeachers.courseSectionId} from ${courseSectionTeachers} where ${courseSectionTeachers.teacherId} = ${teacherId})`;

function scheduleConditions(filters: ScheduleFilters, search?: string) {
  return and(
    filters.periodId === undefined ? undefined : eq(sections.periodId, filters.periodId),
    filters.sectionId === undefined ? undefined : eq(sections.id, filters.sectionId),
    filters.courseSectionId === undefined
      ? undefined
      : eq(schedules.courseSectionId, filters.courseSectionId),
    filters.classroomId === undefined ? undefined : eq(schedules.classroomId, filters.classroomId),
    filters.day === undefined ? undefined : eq(schedules.day, filters.day),
    filters.teacherId === undefined ? undefined : teacherFilter(filters.teacherId, schedules.courseSectionId),
    searchCondition(search, [sections.code, courses.code, courses.title, classrooms.code]),
  );
}

function selectSchedules(db: DbOrTx) {
  return db
    .select({
      id: schedules.id,
      day: schedules.day,
      courseSectionId: schedules.courseSectionId,
      classroom: classroomColumns,
      course: courseColumns,
      section: sectionColumns,
    })
    .from(schedules)
    .innerJoin(courseSections, eq(courseSections.id, schedules.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .innerJoin(classrooms, eq(classrooms.id, schedules.classroomId));
}

type BareSchedule = Omit<ScheduleRow, "classHours" | "teachers">;

async function withDetails(db: DbOrTx, rows: BareSchedule[]): Promise<ScheduleRow[]> {
  const hours = await hoursOf(
    db,
    rows.map((r) => r.id),
  );
  const staff = await teachersOf(
    db,
    rows.map((r) => r.courseSectionId),
  );
  return rows.map((r) => ({
    ...r,
    classHours: hours.get(r.id) ?? [],
    teachers: staff.get(r.courseSectionId) ?? [],
  }));
}

const firstStart = (s: ScheduleRow) => s.classHours[0]?.startTime ?? "99";
const byWeekOrder = (a: ScheduleRow, b: ScheduleRow) =>
  a.day - b.day || firstStart(a).localeCompare(firstStart(b)) || a.id - b.id;

/** Schedules matching the filters and search (section, course, classroom), one page of them. */
export async function listSchedules(opts: {
  db: DbOrTx;
  list: ListParams<SortField>;
  filters: ScheduleFilters;
}): Promise<Page<ScheduleRow>> {
  const { db, list } = opts;
  const periodId = await resolvePeriodId(db, opts.filters.periodId, opts.filters.sectionId !== undefined);
  const filters = { ...opts.filters, periodId: periodId ?? undefined };
  const page = await paginate({
    db,
    query: selectSchedules(db).where(scheduleConditions(filters, list.search)).$dynamic(),
    list,
    sortColumns: {
      day: schedules.day,
      id: schedules.id,
      section: sections.code,
      course: courses.title,
      classroom: classrooms.code,
    },
    tieBreaker: schedules.id,
  });
  return { rows: await withDetails(db, page.rows), meta: page.meta };
}

export async function getSchedule(opts: { db: DbOrTx; id: number }): Promise<ScheduleRow> {
  const [row] = await selectSchedules(opts.db).where(eq(schedules.id, opts.id));
  if (!row) throw notFound();
  const [full] = await withDetails(opts.db, [row]);
  return full!;
}

/** Every schedule of a section (its whole week), in week order. */
export async function listSectionSchedules(opts: { db: DbOrTx; sectionId: number }): Promise<ScheduleRow[]> {
  const { db } = opts;
  const [section] = await db
    .select({ id: sections.id })
    .from(sections)
    .where(eq(sections.id, opts.sectionId));
  if (!section) throw notFound();
  const rows = await selectSchedules(db).where(eq(sections.id, opts.sectionId));
  return (await withDetails(db, rows)).sort(byWeekOrder);
}

export type CourseSectionInfo = {
  id: number;
  course: CourseBrief;
  section: SectionBrief;
  teachers: TeacherBrief[];
};

async function courseSectionInfo(db: DbOrTx, where: SQL | undefined): Promise<CourseSectionInfo> {
  const [row] = await db
    .select({ id: courseSections.id, course: courseColumns, section: sectionColumns })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .where(where);
  if (!row) throw notFound("course_section_not_found");
  const staff = await teachersOf(db, [row.id]);
  return { ...row, teachers: staff.get(row.id) ?? [] };
}

/** A course section of a section (by course) with its weekly schedule: what the set-schedule page edits. */
export async function courseSectionSchedules(opts: {
  db: DbOrTx;
  sectionId: number;
  courseId: number;
}): Promise<{ courseSection: CourseSectionInfo; schedules: ScheduleRow[] }> {
  const { db } = opts;
  const courseSection = await courseSectionInfo(
    db,
    and(eq(courseSections.sectionId, opts.sectionId), eq(courseSections.courseId, opts.courseId)),
  );
  const rows = await selectSchedules(db).where(eq(schedules.courseSectionId, courseSection.id));
  return { courseSection, schedules: (await withDetails(db, rows)).sort(byWeekOrder) };
}

/**
 * The given period, else (unless the caller narrows by section) the enabled one; null when there is none.
 * An unknown period is a 404 `period_not_found`.
 */
async function resolvePeriodId(
  db: DbOrTx,
  periodId: number | undefined,
  narrowed = false,
): Promise<number | null> {
  if (periodId !== undefined) {
    const [row] = await db.select({ id: periods.id }).from(periods).where(eq(periods.id, periodId));
    if (!row) throw notFound("period_not_found");
    return row.id;
  }
  if (narrowed) return null;
  const [current] = await db.select({ id: periods.id }).from(periods).where(eq(periods.enabled, true));
  return current?.id ?? null;
}

/**
 * The weekly grid: the class hours of the day and the occupied slots of a period (`periodId`, else the
 * section's, else the enabled one), narrowed to a section, a classroom or a teacher, or every slot of the
 * period (the occupancy a schedule editor checks against). Always four queries, whatever the size.
 */
export async function weeklyGrid(opts: {
  db: DbOrTx;
  periodId?: number;
  sectionId?: number;
  classroomId?: number;
  teacherId?: number;
  /** Only these course sections (a student's own week); none: no slots. */
  courseSectionIds?: readonly number[];
}): Promise<{ periodId: number | null; classHours: ClassHourRow[]; slots: GridSlotRow[] }> {
  const { db } = opts;
  const periodId = await resolvePeriodId(db, opts.periodId, opts.sectionId !== undefined);
  const hours = await db
    .select({ id: classHours.id, startTime: classHours.startTime, endTime: classHours.endTime })
    .from(classHours)
    .orderBy(asc(classHours.startTime), asc(classHours.id));
  if (periodId === null && opts.sectionId === undefined) return { periodId, classHours: hours, slots: [] };
  if (opts.courseSectionIds?.length === 0) return { periodId, classHours: hours, slots: [] };
  const rows = await db
    .select({
      day: scheduleSlots.day,
      classHourId: scheduleSlots.classHourId,
      scheduleId: scheduleSlots.scheduleId,
      courseSectionId: scheduleSlots.courseSectionId,
      course: courseColumns,
      section: { id: sections.id, code: sections.code },
      classroom: classroomColumns,
    })
    .from(scheduleSlots)
    .innerJoin(sections, eq(sections.id, scheduleSlots.sectionId))
    .innerJoin(courseSections, eq(courseSections.id, scheduleSlots.courseSectionId))
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .innerJoin(classrooms, eq(classrooms.id, scheduleSlots.classroomId))
    .where(
      and(
        periodId === null ? undefined : eq(scheduleSlots.periodId, periodId),
        opts.sectionId === undefined ? undefined : eq(scheduleSlots.sectionId, opts.sectionId),
        opts.classroomId === undefined ? undefined : eq(scheduleSlots.classroomId, opts.classroomId),
        opts.teacherId === undefined
          ? undefined
          : teacherFilter(opts.teacherId, scheduleSlots.courseSectionId as unknown as SQL),
        opts.courseSectionIds === undefined
          ? undefined
          : inArray(scheduleSlots.courseSectionId, [...opts.courseSectionIds]),
      ),
    )
    .orderBy(asc(scheduleSlots.day), asc(scheduleSlots.classHourId), asc(sections.code), asc(courses.code));
  const staff = await teachersOf(
    db,
    rows.map((r) => r.courseSectionId),
  );
  return {
    periodId,
    classHours: hours,
    slots: rows.map((r) => ({ ...r, teachers: staff.get(r.courseSectionId) ?? [] })),
  };
}

type Entry = { day: number; classroomId: number; classHourIds: number[] };

/**
 * Locks the course section and answers its section and period. Schedules of a period that ended before the
 * current one are read-only (`unable_to_update_older_periods`).
 */
async function lockCourseSection(tx: DbOrTx, courseSectionId: number, field = "course_section_id") {
  const [row] = await tx
    .select({ id: courseSections.id, sectionId: courseSections.sectionId, periodId: sections.periodId })
    .from(courseSections)
    .innerJoin(sections, eq(sections.id, courseSections.sectionId))
    .where(eq(courseSections.id, courseSectionId))
    .for("update", { of: courseSections });
  if (!row) throw fieldError(field, "exists");
  await assertPeriodWritable(tx, row.periodId);
  return row;
}

/**
 * Writes schedules of one course section (its section already locked): checks that classrooms and class
 * hours exist, then inserts the schedules and their slots. The slot constraints refuse every clash. Also
 * used by "Generar horario" to apply a proposal (server/modules/timetable/service.ts).
 */
export async function insertEntries(
  tx: DbOrTx,
  cs: { id: number; sectionId: number },
  entries: Entry[],
  fieldOf: (i: number, name: string) => string,
): Promise<number[]> {
  if (entries.length === 0) return [];
  const roomIds = [...new Set(entries.map((e) => e.classroomId))];
  const rooms = await tx
    .select({ id: classrooms.id, shared: classrooms.multipleSections, enabled: classrooms.enabled })
    .from(classrooms)
    .where(inArray(classrooms.id, roomIds));
  const roomById = new Map(rooms.map((r) => [r.id, r]));
  const hourIds = [...new Set(entries.flatMap((e) => e.classHourIds))];
  const hours = await tx
    .select({ id: classHours.id })
    .from(classHours)
    .where(inArray(classHours.id, hourIds));
  const knownHours = new Set(hours.map((h) => h.id));
  entries.forEach((e, i) => {
    if (!roomById.get(e.classroomId)?.enabled) throw fieldError(fieldOf(i, "classroom_id"), "exists");
    if (e.classHourIds.some((h) => !knownHours.has(h)))
      throw fieldError(fieldOf(i, "class_hours_ids"), "exists");
  });
  const rows = await tx
    .insert(schedules)
    .values(entries.map((e) => ({ courseSectionId: cs.id, classroomId: e.classroomId, day: e.day })))
    .returning({ id: schedules.id });
  await tx.insert(scheduleSlots).values(
    entries.flatMap((e, i) =>
      e.classHourIds.map((classHourId) => ({
        scheduleId: rows[i]!.id,
        classHourId,
        day: e.day,
        courseSectionId: cs.id,
        sectionId: cs.sectionId,
        classroomId: e.classroomId,
        classroomShared: roomById.get(e.classroomId)!.shared,
      })),
    ),
  );
  return rows.map((r) => r.id);
}

/**
 * Replaces the whole weekly schedule of a course section in one transaction (entries without class hours
 * were dropped by the schema). Any clash refuses everything: nothing half-written.
 */
export async function bulkStoreSchedules(opts: {
  db: DbOrTx;
  input: BulkStoreSchedulesInput;
}): Promise<ScheduleRow[]> {
  const { db, input } = opts;
  const ids = await withDbErrors(() =>
    db.transaction(async (tx) => {
      const cs = await lockCourseSection(tx, input.course_section_id);
      await tx.delete(schedules).where(eq(schedules.courseSectionId, cs.id));
      return insertEntries(
        tx,
        cs,
        input.schedules.map((e) => ({
          day: e.day,
          classroomId: e.classroom_id,
          classHourIds: e.class_hours_ids,
        })),
        (i, name) => `schedules.${i}.${name}`,
      );
    }),
  );
  if (ids.length === 0) return [];
  const rows = await selectSchedules(db).where(inArray(schedules.id, ids));
  return (await withDetails(db, rows)).sort(byWeekOrder);
}

export async function createSchedule(opts: { db: DbOrTx; input: CreateScheduleInput }): Promise<ScheduleRow> {
  const { db, input } = opts;
  const [id] = await withDbErrors(() =>
    db.transaction(async (tx) => {
      const cs = await lockCourseSection(tx, input.course_section_id);
      return insertEntries(
        tx,
        cs,
        [{ day: input.day, classroomId: input.classroom_id, classHourIds: input.class_hours_ids }],
        (_, name) => name,
      );
    }),
  );
  return getSchedule({ db, id: id! });
}

/** Moves a schedule (day, classroom) or changes its class hours; its slots are rewritten in one transaction. */
export async function updateSchedule(opts: {
  db: DbOrTx;
  id: number;
  input: UpdateScheduleInput;
}): Promise<ScheduleRow> {
  const { db, input } = opts;
  await withDbErrors(() =>
    db.transaction(async (tx) => {
      const [current] = await tx.select().from(schedules).where(eq(schedules.id, opts.id));
      if (!current) throw notFound();
      const cs = await lockCourseSection(tx, current.courseSectionId);
      const hours =
        input.class_hours_ids ??
        (
          await tx
            .select({ id: scheduleSlots.classHourId })
            .from(scheduleSlots)
            .where(eq(scheduleSlots.scheduleId, current.id))
        ).map((h) => h.id);
      await tx.delete(schedules).where(eq(schedules.id, current.id));
      const [newId] = await insertEntries(
        tx,
        cs,
        [
          {
            day: input.day ?? current.day,
            classroomId: input.classroom_id ?? current.classroomId,
            classHourIds: hours,
          },
        ],
        (_, name) => name,
      );
      // Keep the schedule's id: links to it stay valid.
      await tx
        .update(schedules)
        .set({ id: current.id, updatedAt: new Date() })
        .where(eq(schedules.id, newId!));
    }),
  );
  return getSchedule({ db, id: opts.id });
}

export async function deleteSchedule(opts: { db: DbOrTx; id: number }): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [current] = await tx.select().from(schedules).where(eq(schedules.id, opts.id));
    if (!current) throw notFound();
    await lockCourseSection(tx, current.courseSectionId);
    await tx.delete(schedules).where(eq(schedules.id, opts.id));
  });
}
