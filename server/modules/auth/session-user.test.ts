import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../common/roles.js";
import { sessionFlags } from "../../../common/session.js";
import {
  feeInstallments,
  inscriptions,
  payments,
  pensums,
  periods,
  sections,
  semesters,
  specializations,
  studentPeriodFees,
  students,
  teachers,
} from "../../db/schema/index.js";
import { createUserWithToken } from "../../test/auth.js";
import { createTestContext, type TestContext } from "../../test/context.js";

const password = "clave-estudiante-1";

describe("session user with student and teacher profiles", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  const login = async (email: string) => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/login", payload: { email, password } });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it("a student carries their profile and latest inscription with payments", async () => {
    const { user } = await createUserWithToken(ctx, Role.student, { email: "luisa@colegio.test", password });
    const [spec] = await ctx.db
      .insert(specializations)
      .values({ title: "Informática", code: "INF" })
      .returning();
    const [pensum] = await ctx.db
      .insert(pensums)
      .values({ specializationId: spec!.id, name: "Pensum INF" })
      .returning();
    const [sem1, sem2] = await ctx.db
      .insert(semesters)
      .values([
        { pensumId: pensum!.id, number: 1, code: "INF-1" },
        { pensumId: pensum!.id, number: 2, code: "INF-2" },
      ])
      .returning();
    const [oldPeriod, currentPeriod] = await ctx.db
      .insert(periods)
      .values([
        { year: 2024, number: 2, startDate: "2024-09-01", endDate: "2025-01-31" },
        { year: 2025, number: 1, startDate: "2025-03-01", endDate: "2025-07-31", enabled: true },
      ])
      .returning();
    const [oldSection, section] = await ctx.db
      .insert(sections)
      .values([
        { periodId: oldPeriod!.id, semesterId: sem1!.id, letterCode: "A", code: "INF-1A" },
        {
          periodId: currentPeriod!.id,
          semesterId: sem2!.id,
          letterCode: "B",
          code: "INF-2B",
          shift: "afternoon",
        },
      ])
      .returning();
    const [student] = await ctx.db
      .insert(students)
      .values({
        userId: user.id,
        firstName: "Luisa",
        lastName: "Gómez",
        identityDocument: "V-20111222",
        gender: "female",
      })
      .returning();
    // The newer inscription is inserted first: "latest" goes by the period, not by insertion order.
    const [inscription] = await ctx.db
      .insert(inscriptions)
      .values({
        studentId: student!.id,
        periodId: currentPeriod!.id,
        sectionId: section!.id,
        semesterId: sem2!.id,
        specializationId: spec!.id,
        kind: "reinscription",
      })
      .returning();
    await ctx.db.insert(inscriptions).values({
      studentId: student!.id,
      periodId: oldPeriod!.id,
      sectionId: oldSection!.id,
      semesterId: sem1!.id,
      specializationId: spec!.id,
    });
    const [fee] = await ctx.db
      .insert(studentPeriodFees)
      .values({ studentId: student!.id, periodId: currentPeriod!.id, inscriptionId: inscription!.id })
      .returning();
    await ctx.db.insert(feeInstallments).values([
      { feeId: fee!.id, date: "2025-03-15", amountE2: 5000, paidAmountE2: 5000 },
      { feeId: fee!.id, date: "2025-04-15", amountE2: 5000, paidAmountE2: 0 },
    ]);
    await ctx.db.insert(payments).values([
      {
        studentId: student!.id,
        periodId: currentPeriod!.id,
        feeId: fee!.id,
        type: 3,
        date: "2025-03-10",
        amountE2: 5000,
        status: 2,
        receiptNumber: "123",
      },
      {
        studentId: student!.id,
        periodId: currentPeriod!.id,
        feeId: fee!.id,
        type: 5,
        date: "2025-04-10",
        amountE2: 5000,
        status: 3,
        fromReport: true,
      },
      {
        studentId: student!.id,
        periodId: oldPeriod!.id,
        type: 1,
        date: "2024-10-01",
        amountE2: 9000,
        status: 2,
      },
    ]);

    const res = await login("luisa@colegio.test");
    expect(res.statusCode).toBe(200);
    const session = res.json().user;
    expect(sessionFlags(session).isStudent).toBe(true);
    expect(session.teacher).toBeNull();
    expect(session.student).toMatchObject({
      id: student!.id,
      first_name: "Luisa",
      last_name: "Gómez",
      email: "luisa@colegio.test",
      gender: "female",
    });
    const latest = session.latest_inscription;
    expect(session.student.latest_inscription).toEqual(latest);
    expect(latest).toMatchObject({
      id: inscription!.id,
      student_id: student!.id,
      period_id: currentPeriod!.id,
      status: "active",
      section: { id: section!.id, code: "INF-2B", letter_code: "B", shift: "afternoon" },
      specialization: { id: spec!.id, title: "Informática", code: "INF", is_basic: false },
      period: { id: currentPeriod!.id, year: 2025, number: 1, enabled: true, start_date: "2025-03-01" },
      semester: { id: sem2!.id, number: 2, code: "INF-2" },
      partial_paid: true,
    });
    expect(latest.payments.map((p: { status: number }) => p.status)).toEqual([3, 2]);
    expect(latest.payments[0]).toMatchObject({
      type: 5,
      from_report: true,
      amount_e2: 5000,
      date: "2025-04-10",
    });
    expect(latest.payments[1]).toMatchObject({ receipt_number: "123" });
  });

  it("a student without inscriptions has latest_inscription null; partial_paid false without payments", async () => {
    const { user } = await createUserWithToken(ctx, Role.student, { email: "nuevo@colegio.test", password });
    await ctx.db.insert(students).values({
      userId: user.id,
      firstName: "Pedro",
      lastName: "Ruiz",
      identityDocument: "V-30111222",
      gender: "male",
    });
    const session = (await login("nuevo@colegio.test")).json().user;
    expect(session.student).toMatchObject({ first_name: "Pedro", latest_inscription: null });
    expect(session.latest_inscription).toBeNull();
  });

  it("a coordinator carries their teacher profile", async () => {
    const { user } = await createUserWithToken(ctx, Role.coordinator, {
      email: "coord@colegio.test",
      password,
    });
    const [teacher] = await ctx.db
      .insert(teachers)
      .values({
        userId: user.id,
        firstName: "Carmen",
        lastName: "Díaz",
        identityDocument: "V-10111222",
        gender: "female",
        isCoordinator: true,
      })
      .returning();
    const session = (await login("coord@colegio.test")).json().user;
    expect(session.student).toBeNull();
    expect(session.latest_inscription).toBeNull();
    expect(session.teacher).toEqual({
      id: teacher!.id,
      first_name: "Carmen",
      last_name: "Díaz",
      email: "coord@colegio.test",
      gender: "female",
      is_coordinator: true,
      specialization_id: null,
    });
    expect(sessionFlags(session)).toMatchObject({
      isCoordinator: true,
      isTeacherGroup: true,
      isAdminGroup: false,
    });
  });
});
