import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { feeSummary, type InstallmentState } from "../../../common/money/fees.js";
import { Role } from "../../../common/roles.js";
import { defaultSchoolTimeZone } from "../../../common/time.js";
import { verifyPassword } from "../../auth/password.js";
import { signAccessToken } from "../../auth/tokens.js";
import { dateIn, ManualClock, schoolInstant } from "../../clock.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext, testToday } from "../../test/context.js";
import type { Db } from "../client.js";
import * as s from "../schema/index.js";
import {
  type DemoAccounts,
  demoCases,
  demoPasswords,
  ensureDemo,
  formatDemoAccounts,
  seedDemo,
} from "./demo.js";
import { day } from "./random.js";

let ctx: TestContext;
let accounts: DemoAccounts;
let seedMs = 0;
// Wednesday 12 March 2031, 10:30 at the school.
const clock = new ManualClock(
  defaultSchoolTimeZone,
  schoolInstant(defaultSchoolTimeZone, "2031-03-12", "10:30"),
);
const today = clock.today();

async function one<T = Record<string, number>>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows[0]!;
}
const count = async (table: string) =>
  (await one<{ n: number }>(ctx.db, sql.raw(`select count(*)::int as n from ${table}`))).n;

beforeAll(async () => {
  ctx = await createTestContext();
  const started = performance.now();
  accounts = await seedDemo(ctx.db, clock);
  seedMs = performance.now() - started;
});

afterAll(async () => {
  await ctx?.close();
});

describe("demo seed", () => {
  it("loads quickly", () => {
    expect(seedMs).toBeLessThan(15_000);
  });

  it("creates the people of the demo school", async () => {
    // 120 in this period's sections, 2 from the older period waiting for their re-inscription.
    expect(await count("students")).toBe(122);
    expect(await count("teachers where not is_coordinator")).toBe(10);
    expect(await count("teachers where is_coordinator and specialization_id is not null")).toBe(2);
    expect(await count("users where type = 5")).toBe(1);
    expect(await count("users where type = 4")).toBe(1);
    expect(await count("users")).toBe(136);
    expect(await count("coordinator_supervisions")).toBe(10);
    const genders = await one(
      ctx.db,
      sql`select count(*) filter (where gender = 'female')::int as f, count(*) filter (where gender = 'male')::int as m from students`,
    );
    expect(genders).toEqual({ f: 61, m: 61 });
    const bad = await count("students where identity_document !~ '^V-[0-9]{7,8}$'");
    expect(bad).toBe(0);
  });

  it("lists every account with a password that works", async () => {
    expect(accounts).toHaveLength(136);
    expect(accounts.filter((a) => a.role === Role.student)).toHaveLength(122);
    expect(accounts[0]).toMatchObject({
      role: Role.admin,
      email: "admin@demo.edu.ve",
      password: "Admin123*",
    });
    const lowAdmin = accounts.find((a) => a.role === Role.lowAdmin)!;
    const row = await one<{ password_hash: string }>(
      ctx.db,
      sql`select password_hash from users where email = ${lowAdmin.email}`,
    );
    expect(await verifyPassword(demoPasswords.lowAdmin, row.password_hash)).toBe(true);
    const lines = formatDemoAccounts(accounts);
    expect(lines).toHaveLength(6);
    expect(lines[4]).toContain("estudiante1@demo.edu.ve … estudiante122@demo.edu.ve / Estudiante123*");
    expect(lines[5]).toContain(`${demoCases.retired} está retirado`);
    expect(lines[5]).toContain(`la sección ${demoCases.fullSection} está llena`);
  });

  it("builds the academic structure around today", async () => {
    expect(await count("specializations")).toBe(3);
    expect(await count("specializations where is_basic")).toBe(1);
    expect(await count("pensums where version > 1 and previous_pensum_id is not null")).toBe(1);
    expect(await count("prelations")).toBeGreaterThan(5);
    expect(await count("periods")).toBe(3);
    expect(
      await count("periods where enabled and start_date <= '2031-03-12' and end_date >= '2031-03-12'"),
    ).toBe(1);
    expect(await count("periods where not enabled and start_date > '2031-03-12'")).toBe(1);
    // The older period (read-only) ended before the current one began.
    expect(
      await count("periods where not enabled and end_date < (select start_date from periods where enabled)"),
    ).toBe(1);
    expect(await count("period_pensums")).toBe(9);
    expect(await count("period_responsibles")).toBe(15);
  });

  it("schedules every course section without conflicts", async () => {
    // 12 this period, the older period's CB-S1 A, and 4 of the next period (CB-S1, CB-S2, INF-S1, ADM-S1).
    expect(await count("sections")).toBe(17);
    expect(await count("sections s join periods p on p.id = s.period_id where p.enabled")).toBe(12);
    expect(await count("course_sections")).toBe(68);
    expect(
      await count(
        "course_sections cs where not exists (select 1 from course_section_teachers t where t.course_section_id = cs.id)",
      ),
    ).toBe(0);
    // Five class hours a week per course section, Monday to Friday.
    expect(await count("schedule_slots")).toBe(240);
    expect(await count("teacher_slots")).toBe(240);
    expect(await count("classrooms where multiple_sections")).toBe(1);
  });

  it("inscribes and enrols every student within the section limits", async () => {
    expect(await count("inscriptions")).toBe(122);
    expect(await count("inscriptions i join periods p on p.id = i.period_id where p.enabled")).toBe(120);
    expect(await count("course_enrolments")).toBe(488);
    const over =
      await count(`(select i.section_id from inscriptions i join students st on st.id = i.student_id
      join sections s on s.id = i.section_id group by i.section_id, s.males_limit, s.females_limit
      having count(*) filter (where st.gender = 'male') > s.males_limit
        or count(*) filter (where st.gender = 'female') > s.females_limit) x`);
    expect(over).toBe(0);
  });

  it("records the lessons given so far with attendance and some notes", async () => {
    expect(await count("lessons")).toBeGreaterThan(200);
    // Through the whole period: today's and the coming ones too, none after its end.
    expect(await count("lessons where date >= '2031-03-12'")).toBeGreaterThan(0);
    expect(
      await count(`lessons l join course_sections cs on cs.id = l.course_section_id
        join sections se on se.id = cs.section_id join periods p on p.id = se.period_id
        where l.date < p.start_date or l.date > p.end_date`),
    ).toBe(0);
    expect(await count("lessons l join holidays h on l.date between h.start_date and h.end_date")).toBe(0);
    expect(await count("lessons where evaluated and weight = 20")).toBe(48);
    expect(await count("lesson_students where note is not null")).toBeGreaterThan(300);
    for (const attendance of ["present", "absent", "delayed"]) {
      expect(await count(`lesson_students where attendance = '${attendance}'`)).toBeGreaterThan(0);
    }
    // Only enrolled students appear in a lesson.
    expect(
      await count(`lesson_students ls join lessons l on l.id = ls.lesson_id where not exists (
        select 1 from course_enrolments e where e.student_id = ls.student_id and e.course_section_id = l.course_section_id)`),
    ).toBe(0);
  });

  it("keeps the change trail of what the teachers recorded, a corrected note per evaluation", async () => {
    // Every absence, delay and note of this period has its change; the latest note change is the note kept.
    expect(
      await count(`lesson_students ls where ls.lesson_id in (select l.id from lessons l
        join course_sections cs on cs.id = l.course_section_id join sections s on s.id = cs.section_id
        join periods p on p.id = s.period_id where p.enabled) and ((ls.attendance <> 'present' and not exists (
        select 1 from lesson_student_changes c where c.lesson_id = ls.lesson_id and c.student_id = ls.student_id
          and c.field = 'attendance' and c.new_value = ls.attendance))
        or (ls.note is not null and (select c.new_value from lesson_student_changes c
          where c.lesson_id = ls.lesson_id and c.student_id = ls.student_id and c.field = 'note'
          order by c.changed_at desc, c.id desc limit 1) is distinct from ls.note::int::text))`),
    ).toBe(0);
    expect(
      await count("lesson_student_changes where field = 'note' and old_value is not null"),
    ).toBeGreaterThan(20);
    expect(await count("lesson_student_changes where changed_by_name is null")).toBe(0);
  });

  it("records fees and payments in every status", async () => {
    expect(await count("period_price_installments")).toBe(4);
    expect(await count("student_period_fees")).toBe(120);
    expect(await count("fee_installments")).toBe(480);
    // The partly paid students paid part of a late installment: its extra was charged once, by the maths.
    expect(await count("fee_installments where late_extra_e2 = 1000 and paid_amount_e2 = 5000")).toBe(20);
    expect(await count("fee_installments where late_extra_e2 > 0")).toBe(20);
    for (const status of [1, 2, 3])
      expect(await count(`payments where status = ${status}`)).toBeGreaterThan(0);
    expect(
      await count("payment_allocations a join payments p on p.id = a.payment_id where p.status <> 2"),
    ).toBe(0);
    const sums = await one(
      ctx.db,
      sql`select (select sum(paid_amount_e2) from fee_installments)::int as paid,
                 (select sum(amount_e2) from payment_allocations)::int as allocated,
                 (select sum(amount_e2) from payments where status = 2)::int as approved`,
    );
    expect(sums.paid).toBe(sums.allocated);
    expect(sums.approved).toBe(sums.allocated);
    expect(await count("student_period_fees where completed_at is not null")).toBe(20);
  });

  it("shows, through the money maths, students up to date, late, partly paid and fully paid", async () => {
    const rows = await ctx.db
      .select({ fee: s.feeInstallments.feeId, i: s.feeInstallments })
      .from(s.feeInstallments)
      .orderBy(s.feeInstallments.feeId, s.feeInstallments.date);
    const byFee = new Map<number, InstallmentState[]>();
    for (const { fee, i } of rows) {
      const list = byFee.get(fee) ?? [];
      list.push({
        id: i.id,
        date: i.date,
        amountE2: i.amountE2,
        paidE2: i.paidAmountE2,
        lateExtraE2: i.lateExtraE2,
      });
      byFee.set(fee, list);
    }
    // Every student was inscribed a week before the period began (its fee counts from its own dates).
    const [current] = await ctx.db.select().from(s.periods).where(eq(s.periods.enabled, true));
    const inscribedOn = day.add(current!.startDate, -7);
    const days = (
      await ctx.db
        .select({ at: s.inscriptions.createdAt })
        .from(s.inscriptions)
        .where(eq(s.inscriptions.periodId, current!.id))
    ).map((r) => dateIn(defaultSchoolTimeZone, r.at));
    expect(new Set(days)).toEqual(new Set([inscribedOn]));
    const summaries = [...byFee.values()].map((list) =>
      feeSummary(list, { graceDays: 5, lateExtraE2: 1_000, inscribedOn }, today),
    );
    const tally = (test: (x: (typeof summaries)[number]) => boolean) => summaries.filter(test).length;
    expect(tally((x) => x.completed)).toBe(20);
    // Late (installment 2 past its grace): the late, partly paid and rejected-report cases.
    expect(tally((x) => x.lateCount === 1)).toBe(60);
    // Up to date, or waiting for a report on the third installment: next due in 3 days.
    expect(tally((x) => !x.completed && x.lateCount === 0)).toBe(40);
    expect(tally((x) => x.nextDue?.date === day.add(today, 3))).toBe(40);
    expect(await count("payments where status = 1")).toBe(20);
    expect(await count("payments where status = 3")).toBe(20);
  });

  it("takes attendance in most past lessons and evaluates 50 %, leaving room for a final delivery", async () => {
    // This period's lessons (the older period has its own).
    const current = `lessons l join course_sections cs on cs.id = l.course_section_id
      join sections se on se.id = cs.section_id join periods p on p.id = se.period_id and p.enabled`;
    const past = await count(`${current} where l.date < '2031-03-12'`);
    const registered = await count(`${current} where l.registered_at is not null`);
    expect(registered / past).toBeGreaterThan(0.8);
    // The last two days' lessons still wait for their attendance, and have none.
    expect(await count(`${current} where l.registered_at is null and l.date < '2031-03-10'`)).toBe(0);
    expect(
      await count(`${current} where l.registered_at is null and l.date >= '2031-03-10'`),
    ).toBeGreaterThan(0);
    expect(
      await count(
        "lessons l where registered_at is null and exists (select 1 from lesson_students ls where ls.lesson_id = l.id)",
      ),
    ).toBe(0);
    // Three evaluations per course section, 50 % in all; with the final delivery, never past 100 %.
    expect(await count(`${current} where l.evaluated`)).toBe(48 * 3);
    expect(
      await count(
        `(select l.course_section_id from ${current} where l.evaluated group by 1 having sum(l.weight) <> 50) x`,
      ),
    ).toBe(0);
    expect(
      await count(`(select l.course_section_id from lessons l
        join final_deliveries f on f.course_section_id = l.course_section_id
        group by l.course_section_id, f.final_delivery_value_percent
        having sum(l.weight) + f.final_delivery_value_percent > 100) x`),
    ).toBe(0);
    // Notes for most evaluations of course sections with students; some still missing (the reminder's case).
    const taught =
      "exists (select 1 from course_enrolments e where e.course_section_id = l.course_section_id)";
    const evaluated = await count(`${current} where l.evaluated and ${taught}`);
    const graded = await count(
      `${current} where l.evaluated and ${taught} and exists (select 1 from lesson_students ls where ls.lesson_id = l.id and ls.note is not null)`,
    );
    expect(graded / evaluated).toBeGreaterThan(0.8);
    expect(graded).toBeLessThan(evaluated);
  });

  it("gives today's classes of Mi horario as lessons: a teacher's home agrees with their schedule", async () => {
    // Course sections of the current period meeting today (Wednesday, 3) by their schedule, and those with a lesson today.
    const scheduled = await ctx.db.execute(sql`select distinct sch.course_section_id as id
      from schedules sch join schedule_slots ss on ss.schedule_id = sch.id
      join course_sections cs on cs.id = sch.course_section_id
      join sections se on se.id = cs.section_id join periods p on p.id = se.period_id and p.enabled
      where ss.day = 3 order by 1`);
    const given = await ctx.db.execute(
      sql`select distinct course_section_id as id from lessons where date = ${today} order by 1`,
    );
    const ids = (r: unknown) => (r as { rows: { id: number }[] }).rows.map((x) => x.id);
    expect(ids(scheduled).length).toBeGreaterThan(0);
    expect(ids(given)).toEqual(ids(scheduled));
    // Their teacher's home lists them, waiting for the attendance.
    const [teacher] = await ctx.db
      .select({ userId: s.teachers.userId })
      .from(s.courseSectionTeachers)
      .innerJoin(s.teachers, eq(s.teachers.id, s.courseSectionTeachers.teacherId))
      .where(eq(s.courseSectionTeachers.courseSectionId, ids(scheduled)[0]!))
      .limit(1);
    const { token } = await signAccessToken({
      secret: ctx.config.jwtSecret,
      userId: teacher!.userId,
      ttlSeconds: 600,
    });
    ctx.clock.setSchoolTime(today, "10:30");
    try {
      const home = await ctx.app.inject({
        method: "GET",
        url: "/api/dashboard/teacher",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(home.statusCode, home.body).toBe(200);
      expect(home.json().data.today_lessons.length).toBeGreaterThan(0);
      expect(home.json().data.pending_attendance).toBe(home.json().data.today_lessons.length);
    } finally {
      ctx.clock.setSchoolTime(testToday, "10:00");
    }
  });

  it("has one student failed by absences in one course section", async () => {
    const failed = await ctx.db.execute(sql`
      select ls.student_id, l.course_section_id, se.code
        from lesson_students ls join lessons l on l.id = ls.lesson_id
        join course_sections cs on cs.id = l.course_section_id join courses c on c.id = cs.course_id
        join sections se on se.id = cs.section_id
       group by ls.student_id, l.course_section_id, se.code, c.max_absences_to_fail
      having count(*) filter (where ls.attendance = 'absent')
             + count(*) filter (where ls.attendance = 'delayed') / 3 > c.max_absences_to_fail`);
    const rows = (
      failed as unknown as { rows: { student_id: number; course_section_id: number; code: string }[] }
    ).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code).toBe("INF-S1A");
    // The lessons module agrees: a bulk note update skips them, in Spanish.
    const [lesson] = (
      (await ctx.db.execute(
        sql`select id from lessons where course_section_id = ${rows[0]!.course_section_id} and evaluated order by date desc limit 1`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    // The course section's own demo teacher (a lesson's notes are the teacher's, spec §6).
    const [teacher] = await ctx.db
      .select({ id: s.teachers.userId })
      .from(s.courseSectionTeachers)
      .innerJoin(s.teachers, eq(s.teachers.id, s.courseSectionTeachers.teacherId))
      .where(eq(s.courseSectionTeachers.courseSectionId, rows[0]!.course_section_id))
      .limit(1);
    const { token } = await signAccessToken({
      secret: ctx.config.jwtSecret,
      userId: teacher!.id,
      ttlSeconds: 600,
    });
    const admin = { authorization: `Bearer ${token}` };
    const res = await ctx.app.inject({
      method: "PATCH",
      url: `/api/lessons/${lesson!.id}/students/bulk-update`,
      headers: admin,
      payload: { students: [{ student_id: rows[0]!.student_id, note: 15 }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.skipped_student_ids).toEqual([rows[0]!.student_id]);
    expect(res.json().data.message).toBe(
      "Algunos estudiantes no se pudieron editar ya que tienen la materia aplazada por inasistencias.",
    );
  });

  it("has a final delivery judged by two teachers, most students graded by both", async () => {
    expect(await count("final_deliveries")).toBe(1);
    expect(
      await count(
        "final_deliveries f join course_sections cs on cs.id = f.course_section_id join courses c on c.id = cs.course_id where c.supports_final_delivery and (f.delivery_at at time zone 'UTC')::date = '2031-03-11'",
      ),
    ).toBe(1);
    expect(await count("final_delivery_jury")).toBe(2);
    const students = await count("final_delivery_students");
    expect(students).toBeGreaterThan(5);
    const gradedByBoth = await count(
      "(select student_id from final_delivery_notes group by student_id having count(*) = 2) x",
    );
    expect(gradedByBoth).toBe(students - 2);
    expect(await count("final_delivery_notes where note < 10 or note > 20")).toBe(0);
  });

  it("fills the calendar and the notifications", async () => {
    expect(await count("holidays")).toBeGreaterThanOrEqual(12);
    expect(await count("activities")).toBe(15);
    // A month of activities around today (March 2031), and the Venezuelan holidays of the periods' years.
    expect(
      await count("activities where start_date <= '2031-03-31' and end_date >= '2031-03-01'"),
    ).toBeGreaterThanOrEqual(8);
    expect(await count("holidays where start_date = '2031-07-05'")).toBe(1);
    expect(await count("notifications where sender_user_id is null")).toBeGreaterThan(0);
    expect(await count("notifications where type = 7 and receiver_user_id is not null")).toBe(1);
    expect(await count("notification_receivers")).toBeGreaterThan(134);
    expect(await count("notification_receivers where read_at is null")).toBeGreaterThan(0);
    expect(await count("pre_inscriptions")).toBe(4);
    expect(await count("document_requests")).toBe(8);
    expect(await count("document_requests where status = 'retired'")).toBe(2);
    expect(await count("document_requests where status = 'canceled'")).toBe(1);
    // Eight by the teachers of the first sections, one about the student failed by absences, two by a coordinator.
    expect(await count("binnacles")).toBe(11);
    expect(
      await count("binnacles b join teachers t on t.user_id = b.author_user_id where t.is_coordinator"),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await count("binnacles b join teachers t on t.user_id = b.author_user_id where not t.is_coordinator"),
    ).toBeGreaterThanOrEqual(1);
  });

  it("is not seeded twice by ensureDemo, which still answers the logins", async () => {
    const again = await ensureDemo(ctx.db, clock);
    expect(again.seeded).toBe(false);
    expect(again.accounts.map((a) => a.email).sort()).toEqual(accounts.map((a) => a.email).sort());
    expect(await count("students")).toBe(122);
  });
});

describe("demo enrolment cases, through the API", () => {
  let admin: { authorization: string };
  const api = async (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    ctx.app.inject({ method, url: `/api${url}`, headers: admin, ...(payload ? { payload } : {}) });
  const studentOf = async (email: string) =>
    one<{ id: number; gender: string }>(
      ctx.db,
      sql`select st.id, st.gender from students st join users u on u.id = st.user_id where u.email = ${email}`,
    );
  const idOf = async (query: ReturnType<typeof sql>) => (await one<{ id: number }>(ctx.db, query)).id;

  beforeAll(async () => {
    admin = (await createUserWithToken(ctx, Role.admin)).headers;
  });

  it("has a full section: one more student of either gender is refused", async () => {
    const section = await one<{ id: number; semester_id: number; males: number; females: number }>(
      ctx.db,
      sql`select s.id, s.semester_id,
            count(*) filter (where st.gender = 'male')::int as males,
            count(*) filter (where st.gender = 'female')::int as females, s.males_limit, s.females_limit
          from sections s join periods p on p.id = s.period_id and p.enabled
          join inscriptions i on i.section_id = s.id and i.status = 'active'
          join students st on st.id = i.student_id
          where s.code = ${demoCases.fullSection} group by s.id`,
    );
    expect(section).toMatchObject({ males: 7, females: 7, males_limit: 7, females_limit: 7 });
    for (const gender of ["male", "female"]) {
      const res = await api("POST", "/inscriptions", {
        student: {
          first_name: "Ramón",
          last_name: "Añez Peña",
          identity_document: gender === "male" ? "V-24123456" : "V-24123457",
          email: `lleno.${gender}@correo.com`,
          gender,
        },
        semester_id: section.semester_id,
        section_id: section.id,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe("section_is_filled_or_gender_is_filled");
    }
    expect(await count("users where email like 'lleno.%'")).toBe(0);
  });

  it("has a retired student, listed as retired", async () => {
    const retired = await studentOf(demoCases.retired);
    const res = await api("GET", "/students?status=retired&limit=0");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [retired.id, "retired"],
    ]);
    // As the withdrawals module leaves it: the inscription retired, its courses withdrawn, nothing deleted.
    expect(await count(`inscriptions where student_id = ${retired.id} and status = 'retired'`)).toBe(1);
    expect(await count(`course_enrolments where student_id = ${retired.id} and status = 'withdrawn'`)).toBe(
      4,
    );
    const again = await api("PATCH", `/students/${retired.id}/retire`);
    expect(again.json().message).toBe("student_already_retired");
  });

  it("has pre-registrations waiting for approval", async () => {
    const res = await api("GET", "/preregistered-students?status=pending&limit=0");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta.total).toBe(4);
  });

  it("has a student short of the older period's average, told by how much", async () => {
    const short = await studentOf(demoCases.waitingShort);
    const res = await api("POST", `/students/${short.id}/approves-current-semester`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      message: "student_cant_move_to_next_semester",
      description:
        "El estudiante no puede avanzar al siguiente semestre. Su promedio es 11,25; el mínimo aprobatorio es 12: le faltan 0,75 puntos.",
    });
    const preview = await api("GET", `/students/${short.id}/courses/next-semester`);
    expect(preview.json().data).toMatchObject({ approved: false, outcome: "repeat", average: 11.25 });
  });

  it("re-inscribes the student who passed into a section of the next period", async () => {
    const passed = await studentOf(demoCases.waitingApproved);
    const preview = await api("GET", `/students/${passed.id}/courses/next-semester`);
    expect(preview.json().data).toMatchObject({ approved: true, outcome: "next_semester", average: 15.5 });
    const nextId = await idOf(sql`select id from periods order by start_date desc limit 1`);
    await ctx.db.update(s.periods).set({ enabledInscriptions: true }).where(eq(s.periods.id, nextId));
    try {
      const res = await api("POST", `/students/${passed.id}/reinscription-v2`, {});
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        outcome: "next_semester",
        semester: { code: "CB-S2" },
        section: { code: "CB-S2A" },
        period: { id: nextId },
      });
      // MAT-101 and ING-101 were passed, so every CB-S2 course is taken.
      expect(res.json().data.skipped_courses).toEqual([]);
    } finally {
      await ctx.db.update(s.periods).set({ enabledInscriptions: false }).where(eq(s.periods.id, nextId));
    }
  });
});
