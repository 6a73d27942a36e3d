// The bench's scenarios: one entry per measured call. Later issues append theirs to `scenarios`.
import type { DocumentsBenchIds } from "./documents.js";
import type { MoneyBenchIds } from "./money.js";
import type { ScheduleBenchIds } from "./schedules.js";
import type { StudentBenchIds } from "./students.js";
import { attendancePayloads, type TeachingBenchIds } from "./teaching.js";

/** What a scenario may use, prepared by the bench after seeding and starting the server. */
export type BenchContext = {
  /** Bearer header value of a demo administrator. */
  adminAuth: string;
  /** Bearer header value of the demo's first student (estudiante1). */
  studentAuth: string;
  adminEmail: string;
  adminPassword: string;
  /** A user id that exists (the reference reads it). */
  userId: number;
  /** The schedule bench's period of 60 sections (schedules.ts). */
  schedules?: ScheduleBenchIds;
  /** The bench school of `--students` students (students.ts). */
  students?: StudentBenchIds;
  /** The teaching bench's section of 35 students (teaching.ts) and its teacher's bearer header value. */
  teaching?: TeachingBenchIds & { teacherAuth: string };
  /** The money bench's 100,000 payments and a student with a fee (money.ts). */
  money?: MoneyBenchIds;
  /** A pending grades-certificate request (documents.ts). */
  documents?: DocumentsBenchIds;
};

export type Scenario = {
  name: string;
  /** `reference`: the bare Fastify route of reference-server.ts; `app`: the real server (default). */
  target?: "reference" | "app";
  method?: "GET" | "POST" | "PATCH" | "DELETE";
  path: (ctx: BenchContext) => string;
  headers?: (ctx: BenchContext) => Record<string, string>;
  body?: (ctx: BenchContext) => unknown;
  /** Bodies sent in turn, one per request (writes whose rows must change every time); overrides `body`. */
  bodies?: (ctx: BenchContext) => unknown[];
  /** Each request from another client address (X-Forwarded-For; the server runs with TRUST_PROXY=1). */
  varyAddress?: boolean;
  /** Arrival rate (requests/s) of the fixed-rate run; default: a quarter of the reference's full speed. */
  rate?: number;
  /** Skip the full-speed run (calls whose cost is deliberate, like password hashing at login). */
  fixedRateOnly?: boolean;
  /** Throughput goal as a percentage of the reference (printed beside the result). */
  goalPercent?: number;
  /** Latency goal of the fixed-rate run: p95 at most this many ms (printed beside the result). */
  goalP95Ms?: number;
  /** Reads the bench school of students.ts (seeded only when a scenario that needs it runs). */
  needsStudents?: boolean;
  /** Uses the teaching bench of teaching.ts (seeded only when a scenario that needs it runs). */
  needsTeaching?: boolean;
  /** Uses the money bench of money.ts (seeded only when a scenario that needs it runs). */
  needsMoney?: boolean;
  /** Uses the documents bench of documents.ts (prepared only when a scenario that needs it runs). */
  needsDocuments?: boolean;
};

const asAdmin = (ctx: BenchContext) => ({ authorization: ctx.adminAuth });

export const scenarios: Scenario[] = [
  {
    name: "reference: bare Fastify, 1 primary-key select, raw driver",
    target: "reference",
    path: (ctx) => `/ref/${ctx.userId}`,
  },
  { name: "GET /api/users/me (admin)", path: () => "/api/users/me", headers: asAdmin, goalPercent: 60 },
  {
    name: "GET /api/dashboard/index (a student's home data)",
    path: () => "/api/dashboard/index",
    headers: (ctx) => ({ authorization: ctx.studentAuth }),
    goalPercent: 30,
  },
  {
    name: "GET /api/classrooms?page=1&limit=10",
    path: () => "/api/classrooms?page=1&limit=10",
    headers: asAdmin,
    goalPercent: 40,
  },
  {
    name: "GET /api/classrooms?search=…&page=2",
    path: () => "/api/classrooms?search=aula%201&page=2&limit=10&sort_by=code,desc",
    headers: asAdmin,
  },
  {
    name: "GET /api/classrooms/schedules-availability?day=1",
    path: () => "/api/classrooms/schedules-availability?day=1&page=1&limit=10",
    headers: asAdmin,
  },
  {
    name: "POST /api/login (scrypt)",
    method: "POST",
    path: () => "/api/login",
    headers: () => ({ "content-type": "application/json" }),
    body: (ctx) => ({ email: ctx.adminEmail, password: ctx.adminPassword }),
    varyAddress: true,
    rate: 20,
    fixedRateOnly: true,
  },
  // Schedules (issue 7): a period of 60 sections with full weeks (schedules.ts); 20 req/s, p95 ≤ 30 ms.
  {
    name: "GET /api/schedules/grid?section_id=… (weekly grid of a section)",
    path: (ctx) => `/api/schedules/grid?section_id=${ctx.schedules?.sectionId}`,
    headers: asAdmin,
    rate: 20,
    goalPercent: 30,
  },
  {
    name: "GET /api/classrooms/schedules-availability (period of 60 sections, whole week)",
    path: (ctx) =>
      `/api/classrooms/schedules-availability?period_id=${ctx.schedules?.periodId}&search=HB-&page=1&limit=10`,
    headers: asAdmin,
    rate: 20,
    goalPercent: 30,
  },
  {
    name: "GET /api/schedules/grid?period_id=… (occupancy of 60 sections, the editor's one request)",
    path: (ctx) => `/api/schedules/grid?period_id=${ctx.schedules?.periodId}`,
    headers: asAdmin,
    rate: 20,
    goalPercent: 30,
  },
  // People and enrolment (issue 8): the students list of a school of `--students` students (students.ts),
  // filtered by period and specialization, and searched by an accent-free prefix ("jose" finds "José").
  {
    name: "GET /api/students?period_id=…&specialization_id=… (bench school, filtered)",
    path: (ctx) =>
      `/api/students?period_id=${ctx.students?.periodId}&specialization_id=${ctx.students?.specializationId}&page=1&limit=10`,
    headers: asAdmin,
    goalPercent: 40,
    needsStudents: true,
  },
  {
    name: "GET /api/students?search=jose (bench school, accent-free search)",
    path: () => "/api/students?search=jose&page=1&limit=10",
    headers: asAdmin,
    rate: 50,
    goalPercent: 40,
    goalP95Ms: 50,
    needsStudents: true,
  },
  // Teaching (issue 9): a section of 35 students × 8 courses × 10 evaluations (teaching.ts). Saving a
  // lesson's attendance for the 35 students in one request as their teacher (two payloads in turn, so rows
  // change every time; each change also goes to the audit trail), and the section's notes report.
  {
    name: "PATCH /api/lessons/{id}/register (attendance of 35 students, one request)",
    method: "PATCH",
    path: (ctx) => `/api/lessons/${ctx.teaching?.lessonId}/register`,
    headers: (ctx) => ({
      authorization: ctx.teaching?.teacherAuth ?? "",
      "content-type": "application/json",
    }),
    bodies: (ctx) => attendancePayloads(ctx.teaching?.studentIds ?? []),
    rate: 20,
    fixedRateOnly: true,
    goalP95Ms: 50,
    needsTeaching: true,
  },
  {
    name: "GET /api/sections/{id}/students-courses-notes (35 students × 8 courses × 10 evaluations)",
    path: (ctx) => `/api/sections/${ctx.teaching?.sectionId}/students-courses-notes`,
    headers: asAdmin,
    rate: 20,
    goalP95Ms: 80,
    needsTeaching: true,
  },
  // Money (issue 10): the payments list with 100,000 payments (money.ts) at 50 req/s, p95 ≤ 50 ms, newest
  // first and filtered by period and status; a student's period fee (every page load of a student) at
  // 100 req/s, p95 ≤ 20 ms. `--only=money`.
  {
    name: "money: GET /api/payments?page=1&limit=10 (100,000 payments, newest first)",
    path: () => "/api/payments?page=1&limit=10",
    headers: asAdmin,
    rate: 50,
    goalP95Ms: 50,
    needsMoney: true,
  },
  {
    name: "money: GET /api/payments?period_id=…&status=1 (100,000 payments, filtered)",
    path: (ctx) => `/api/payments?period_id=${ctx.money?.periodId}&status=1&page=2&limit=10`,
    headers: asAdmin,
    rate: 50,
    goalP95Ms: 50,
    needsMoney: true,
  },
  {
    name: "money: GET /api/students/{id}/period-fee",
    path: (ctx) => `/api/students/${ctx.money?.studentId}/period-fee`,
    headers: asAdmin,
    rate: 100,
    goalP95Ms: 20,
    needsMoney: true,
  },
  // Dashboards (issue 11): the administration's home over the bench school of `--students` students
  // (students.ts: 20,000 inscribed in the current period) at 20 req/s, p95 ≤ 100 ms. `--only=dashboard`.
  {
    name: "dashboard: GET /api/dashboard/index (administration, bench school)",
    path: () => "/api/dashboard/index",
    headers: asAdmin,
    rate: 20,
    goalP95Ms: 100,
    needsStudents: true,
  },
  // Documents (issue 11): generating a grades certificate PDF (notes, embedded font, QR code), storing,
  // recording and e-mailing it, at 5 req/s, p95 ≤ 300 ms. `--only=certificate`.
  {
    name: "grades certificate PDF: GET /api/document-requests/{id}/generate-certificateNote",
    path: (ctx) => `/api/document-requests/${ctx.documents?.requestId}/generate-certificateNote`,
    headers: asAdmin,
    rate: 5,
    fixedRateOnly: true,
    goalP95Ms: 300,
    needsDocuments: true,
  },
];
