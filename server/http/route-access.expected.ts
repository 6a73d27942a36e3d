import type { Role } from "../../common/roles.js";

/**
 * Who may call each API route, written out role by role from spec.md §6 (and §2, §7 and DOMAIN.md for the
 * screens and calls that §6 does not name). It deliberately does not read common/access.ts: the route walk
 * (server/http/route-access.test.ts) checks that the rule every registered route declares in its
 * `onRequest` hooks resolves to exactly these roles, and then calls each route as each role and without a
 * token. A change of common/access.ts (or of a route's rule) that gives a role more or less than this table
 * fails the walk.
 *
 * - a list of role names of common/roles.ts (`["admin", "god"]`): those roles only; the others get 403,
 *   the listed ones never 401/403. God passes wherever admin does (DOMAIN.md), so it is listed beside admin;
 * - `"authenticated"`: any logged-in user (`app.authenticate`, or the rule "all" of spec.md §6); only the
 *   anonymous caller gets 401;
 * - `"public"` (no hook): anyone, also without a token (login, health, confirm-account, recovery,
 *   public pre-inscription, API docs);
 * - `"internal"`: a route with its own check (a machine token), refused to every ordinary caller;
 * - `byRecord(roles, why)`: those roles, plus a record rule in the service (see `byRecord`).
 *
 * Adding a route? Add its line here, `"METHOD /api/path"` with Fastify's path syntax (`:id`), in its
 * module's block, with the roles spec.md gives the screen or call it serves. Keep one line per route. HEAD
 * routes (Fastify's twins of GET routes) are not listed.
 */
export type RoleName = keyof typeof Role;

export type ExpectedAccess = readonly RoleName[] | "authenticated" | "public" | "internal";

/** Roles whose service also checks the record (who may see which row), with the reason. */
export type RecordScoped = { roles: readonly RoleName[] | "authenticated"; byRecord: string };

/**
 * `byRecord(["coordinator", "lowAdmin", "admin", "god"], "a coordinator sees only their specializations'
 * sections")`: the route's roles, plus a record rule in its service. The walk's users own no records, so a
 * listed role may then get 403 too (administrators never).
 */
export const byRecord = (roles: RecordScoped["roles"], why: string): RecordScoped => ({
  roles,
  byRecord: why,
});

const OWN_STUDENT = "a student reaches only their own records; the administration every student's";
const STUDENT_RECORDS =
  "a student reaches only their own record, a teacher the students of their course sections, a coordinator those of their specialization";
const COORDINATOR_SECTIONS = "a coordinator sees only the sections of the specializations they coordinate";
const SUPERVISED_TEACHERS = "a coordinator sees only the teachers they supervise (and themselves)";
const LESSON_COURSE_SECTIONS =
  "a teacher works only in their own course sections, a coordinator also in their supervised teachers'";
const OWN_TEACHER_PROFILE =
  "an administrator edits any teacher; a teacher or coordinator only their own profile";

export const expectedRouteAccess: Record<string, ExpectedAccess | RecordScoped> = {
  // Platform: health and the API docs (hidden from the docs themselves).
  "GET /api/health": "public",
  "GET /api/docs": "public",
  "GET /api/docs/static/index.html": "public",
  "GET /api/docs/static/swagger-initializer.js": "public",
  "GET /api/docs/json": "public",
  "GET /api/docs/yaml": "public",
  "GET /api/docs/static/*": "public",

  // Auth (spec.md §7 "Auth").
  "POST /api/login": "public",
  "POST /api/logout": "authenticated",
  "POST /api/confirm-account": "public",
  "POST /api/password-reset/:email": "public",
  "POST /api/recover-password": "public",

  // Users: each person their own account; administrators everyone's (record rules in the service).
  "GET /api/users/me": "authenticated",
  "GET /api/users/:id": byRecord(
    "authenticated",
    "a person reads their own account, an admin any, the assistant only students', teachers' and coordinators'",
  ),
  "PATCH /api/users/:id": ["lowAdmin", "admin", "god"],
  "PATCH /api/users/:id/email": "authenticated",
  "PATCH /api/users/:id/password": "authenticated",
  "POST /api/users/:id/profile-picture": "authenticated",
  "DELETE /api/users/:id/profile-picture": "authenticated",
  "GET /api/users/:id/profile-picture": "authenticated",
  "POST /api/users/:id/send-account-confirm": ["admin", "god"],
  // Administrator accounts (issue 8, spec.md §6 "administrators (all screens)": admin only).
  "GET /api/users": ["admin", "god"],
  "POST /api/users": ["admin", "god"],
  "PATCH /api/users/:id/enabled": ["admin", "god"],

  // Classrooms: lists admin and low admin, writes admin only.
  "GET /api/classrooms": ["lowAdmin", "admin", "god"],
  // Only the /schedules/disponibilities screen calls it: spec.md §6 "schedule show, disponibilities and edit:
  // admin only" (the schedules list shows its button to administrators only).
  "GET /api/classrooms/schedules-availability": ["admin", "god"],
  "GET /api/classrooms/:id": ["lowAdmin", "admin", "god"],
  "GET /api/classrooms/:id/schedules": ["lowAdmin", "admin", "god"],
  "POST /api/classrooms": ["admin", "god"],
  "PATCH /api/classrooms/:id": ["admin", "god"],
  "DELETE /api/classrooms/:id": ["admin", "god"],

  // Notifications: all.
  "GET /api/notifications": "authenticated",
  "PATCH /api/notifications/:id/mark-as-read": "authenticated",
  "GET /api/notifications/:id": "authenticated",
  "PATCH /api/notifications/:id": "authenticated",
  "DELETE /api/notifications/:id": "authenticated",
  "POST /api/notifications": ["teacher", "coordinator", "lowAdmin", "admin", "god"],
  "GET /api/notifications/audiences": ["teacher", "coordinator", "lowAdmin", "admin", "god"],
  "GET /api/notifications/receivers": ["teacher", "coordinator", "lowAdmin", "admin", "god"],
  "GET /api/notifications/:id/attachment": "authenticated",
  "GET /api/notifications/stream": "authenticated",

  // Audit log (issue 6) and backups (issue 12): administrators.
  "GET /api/audit-log": ["admin", "god"],
  "GET /api/backups": ["admin", "god"],
  "POST /api/backups": ["admin", "god"],
  // `npm run backup`'s endpoint: loopback with a short-lived machine token only.
  "POST /api/backups/local": "internal",

  // Schedules (7E; spec.md §6: lists admin and low admin, edits admin only, section reads as the section detail).
  "GET /api/schedules": ["lowAdmin", "admin", "god"],
  // The occupancy grid of /schedules/show and of the set-schedule editor, both "admin only" in spec.md §6
  // ("schedule show, disponibilities and edit"). The section detail page (admin, coordinator, low admin) links
  // to /schedules/show for administrators only and draws no grid itself; a section's, a teacher's and one's own
  // week have their own routes (/sections/:id/schedules, /teachers/:id/schedules, /profile/schedules).
  "GET /api/schedules/grid": ["admin", "god"],
  "POST /api/schedules/bulk-store": ["admin", "god"],
  "GET /api/schedules/:id": ["lowAdmin", "admin", "god"],
  "POST /api/schedules": ["admin", "god"],
  "PATCH /api/schedules/:id": ["admin", "god"],
  "DELETE /api/schedules/:id": ["admin", "god"],
  "GET /api/sections/:id/schedules": ["coordinator", "lowAdmin", "admin", "god"],
  "GET /api/sections/:id/courses/:course_id/schedules": ["coordinator", "lowAdmin", "admin", "god"],
  // Generar horario (issue 28): it rewrites a period's schedules, an edit of schedules: admin only.
  "POST /api/periods/:id/timetable-runs": ["admin", "god"],
  "GET /api/periods/:id/timetable-runs": ["admin", "god"],
  "GET /api/timetable-runs/:id": ["admin", "god"],
  "POST /api/timetable-runs/:id/stop": ["admin", "god"],
  "POST /api/timetable-runs/:id/apply": ["admin", "god"],

  // Courses and prelations (7C2; spec.md §6: course lists admin and low admin, creation and assignment admin
  // only; prelations readable by everyone, written by admin).
  "GET /api/courses": ["lowAdmin", "admin", "god"],
  "GET /api/courses/periods/:period/specializations/:specialization/pensum/:pensum": [
    "lowAdmin",
    "admin",
    "god",
  ],
  "GET /api/courses/:id": ["lowAdmin", "admin", "god"],
  "GET /api/courses/:id/course-sections": ["lowAdmin", "admin", "god"],
  "POST /api/courses": ["admin", "god"],
  "PATCH /api/courses/:id": ["admin", "god"],
  "DELETE /api/courses/:id": ["admin", "god"],
  // Teachers and coordinators (8B; spec.md §6: list admin, coordinator, low admin; supervising and schedule
  // admin, coordinator; create and edit admin). A coordinator reaches only the teachers they supervise.
  "GET /api/teachers": byRecord(["coordinator", "lowAdmin", "admin", "god"], SUPERVISED_TEACHERS),
  "GET /api/teachers/coordinators": byRecord(
    ["coordinator", "lowAdmin", "admin", "god"],
    SUPERVISED_TEACHERS,
  ),
  "GET /api/teachers/:id": byRecord(["coordinator", "lowAdmin", "admin", "god"], SUPERVISED_TEACHERS),
  "POST /api/teachers": ["admin", "god"],
  // spec.md §6: editing a teacher is admin only; "teachers and coordinators [update their profile] via the
  // teachers resource", administrators (the assistant too) via the users resource (PATCH /api/users/:id).
  "PATCH /api/teachers/:id": byRecord(["teacher", "coordinator", "admin", "god"], OWN_TEACHER_PROFILE),
  "POST /api/teachers/:id": byRecord(["teacher", "coordinator", "admin", "god"], OWN_TEACHER_PROFILE),
  "DELETE /api/teachers/:id": ["admin", "god"],
  "PATCH /api/teachers/:id/is-coordinator": ["admin", "god"],
  "POST /api/teachers/:id/assign-specializations": ["admin", "god"],
  "POST /api/teachers/:id/remove-specializations": ["admin", "god"],
  "POST /api/teachers/:id/assign-teachers": ["admin", "god"],
  "GET /api/teachers/:id/supervised-teachers": byRecord(["coordinator", "admin", "god"], SUPERVISED_TEACHERS),
  "GET /api/teachers/:id/coordinated-specializations": byRecord(
    ["coordinator", "lowAdmin", "admin", "god"],
    SUPERVISED_TEACHERS,
  ),
  "GET /api/teachers/:id/schedules": byRecord(["coordinator", "admin", "god"], SUPERVISED_TEACHERS),
  "GET /api/teachers/:id/courses": byRecord(["coordinator", "lowAdmin", "admin", "god"], SUPERVISED_TEACHERS),
  "GET /api/teachers/:id/historic": byRecord(
    ["coordinator", "lowAdmin", "admin", "god"],
    SUPERVISED_TEACHERS,
  ),
  "GET /api/teachers/:id/lessons": byRecord(["coordinator", "lowAdmin", "admin", "god"], SUPERVISED_TEACHERS),
  "GET /api/teachers/:id/reports/courses": byRecord(
    ["coordinator", "lowAdmin", "admin", "god"],
    SUPERVISED_TEACHERS,
  ),
  // Issue 28: a teacher's weekly unavailability, read by the administration, the teacher themself and
  // their coordinator; edited by the admin only.
  "GET /api/teachers/:id/unavailability": byRecord(
    ["teacher", "coordinator", "lowAdmin", "admin", "god"],
    "a teacher reads only their own unavailability, a coordinator also their supervised teachers'",
  ),
  "PUT /api/teachers/:id/unavailability": ["admin", "god"],
  "GET /api/prelations": "authenticated",
  "GET /api/prelations/:id": "authenticated",
  "GET /api/courses/:id/prelations": "authenticated",
  "POST /api/prelations": ["admin", "god"],
  "PATCH /api/prelations/:id": ["admin", "god"],
  "DELETE /api/prelations": ["admin", "god"],
  "DELETE /api/prelations/:id": ["admin", "god"],

  // Sections and course sections (7D; spec.md §6: section pages admin, coordinator and low admin — a
  // coordinator only their specialization's; creation, edits and teacher assignment admin only).
  "GET /api/sections": ["coordinator", "lowAdmin", "admin", "god"],
  "GET /api/sections/:id": byRecord(["coordinator", "lowAdmin", "admin", "god"], COORDINATOR_SECTIONS),
  "POST /api/sections": ["admin", "god"],
  "PATCH /api/sections/:id": ["admin", "god"],
  "DELETE /api/sections/:id": ["admin", "god"],
  "GET /api/sections/:id/teachers": byRecord(
    ["coordinator", "lowAdmin", "admin", "god"],
    COORDINATOR_SECTIONS,
  ),
  "GET /api/sections/:id/students": byRecord(
    ["coordinator", "lowAdmin", "admin", "god"],
    COORDINATOR_SECTIONS,
  ),
  "GET /api/sections/:id/students-courses-notes": byRecord(
    ["coordinator", "lowAdmin", "admin", "god"],
    COORDINATOR_SECTIONS,
  ),
  "GET /api/sections/:id/courses/:course_id": byRecord(
    ["coordinator", "lowAdmin", "admin", "god"],
    COORDINATOR_SECTIONS,
  ),
  "PATCH /api/sections/:id/courses/:course_id": ["admin", "god"],
  "PATCH /api/sections/:id/courses/:course_id/assign-teacher": ["admin", "god"],
  "POST /api/sections/:id/courses/:course_id/assign-teacher": ["admin", "god"],
  "GET /api/course-sections": ["coordinator", "lowAdmin", "admin", "god"],

  // Class hours (spec.md §6: lists admin and low admin; writes admin).
  "GET /api/class-hours": ["lowAdmin", "admin", "god"],
  "GET /api/class-hours/:id": ["lowAdmin", "admin", "god"],
  "POST /api/class-hours": ["admin", "god"],
  "PATCH /api/class-hours/:id": ["admin", "god"],
  "DELETE /api/class-hours/:id": ["admin", "god"],

  // Holidays (spec.md §2 common route: everyone reads; administrators write).
  "GET /api/holidays": "authenticated",
  "GET /api/holidays/:id": "authenticated",
  "POST /api/holidays": ["admin", "god"],
  "PATCH /api/holidays/:id": ["admin", "god"],
  "DELETE /api/holidays/:id": ["admin", "god"],

  // Activities ("Cronograma de actividades (all)"; create and edit admin only).
  "GET /api/activities": "authenticated",
  "GET /api/activities/:id": "authenticated",
  "POST /api/activities": ["admin", "god"],
  "PATCH /api/activities/:id": ["admin", "god"],
  "DELETE /api/activities/:id": ["admin", "god"],

  // Specializations (spec.md §6: lists admin and low admin; create and edit admin).
  "GET /api/specializations": ["lowAdmin", "admin", "god"],
  "GET /api/specializations/:id": ["lowAdmin", "admin", "god"],
  "GET /api/specializations/:id/coordinator": ["lowAdmin", "admin", "god"],
  "POST /api/specializations": ["admin", "god"],
  "POST /api/specializations/periods/pensums/semesters/courses": ["admin", "god"],
  "PATCH /api/specializations/:id": ["admin", "god"],
  "DELETE /api/specializations/:id": ["admin", "god"],

  // Pensums and their semesters (lists admin and low admin; pensum create and edit admin).
  "GET /api/pensums": ["lowAdmin", "admin", "god"],
  "GET /api/pensums/:id": ["lowAdmin", "admin", "god"],
  "POST /api/pensums": ["admin", "god"],
  "POST /api/pensums/:id/versions": ["admin", "god"],
  "PATCH /api/pensums/:id": ["admin", "god"],
  "DELETE /api/pensums/:id": ["admin", "god"],
  "GET /api/semesters": ["lowAdmin", "admin", "god"],
  "GET /api/semesters/:id": ["lowAdmin", "admin", "god"],
  "POST /api/semesters": ["admin", "god"],
  "PATCH /api/semesters/:id": ["admin", "god"],
  "DELETE /api/semesters/:id": ["admin", "god"],
  "GET /api/semesters/:id/courses": ["lowAdmin", "admin", "god"],
  "PUT /api/semesters/:id/courses": ["admin", "god"],
  "PATCH /api/semesters/:id/courses/:course_id": ["admin", "god"],

  // Periods (spec.md §6: lists and detail admin and low admin, writes admin; the enabled period for every
  // logged-in user; the pre-registration period for the public pre-inscription form). The list also feeds
  // the period selector of the section pages, which §6 gives the coordinator too (issue 26).
  "GET /api/periods": ["coordinator", "lowAdmin", "admin", "god"],
  "GET /api/periods/:id": ["lowAdmin", "admin", "god"],
  "GET /api/periods/:id/courses-by-specialization": ["lowAdmin", "admin", "god"],
  "POST /api/periods": ["admin", "god"],
  "PATCH /api/periods/:id": ["admin", "god"],
  "PATCH /api/periods/:id/open-inscriptions": ["admin", "god"],
  "PUT /api/periods/:id/pensums/:pensum_id": ["admin", "god"],
  "DELETE /api/periods/:id": ["admin", "god"],
  "GET /api/periods/:id/price-settings": ["lowAdmin", "admin", "god"],
  "GET /api/period-price-settings/:id": ["lowAdmin", "admin", "god"],
  "POST /api/period-price-settings": ["admin", "god"],
  "PATCH /api/period-price-settings/:id": ["admin", "god"],
  "DELETE /api/period-price-settings/:id": ["admin", "god"],
  "GET /api/enabled-period": "authenticated",
  "GET /api/enabled-period/pensums": "authenticated",
  "GET /api/enabled-inscription-period": "authenticated",
  "GET /api/enabled-preregisters-period": "public",

  // Pre-registered students (spec.md §6: the public form without a session; the list belongs to the
  // inscriptions area, admin and low admin; approving, correcting and deleting are writes, admin only).
  "GET /api/preregistered-students/form": "public",
  "POST /api/preregistered-students": "public",
  "GET /api/preregistered-students": ["lowAdmin", "admin", "god"],
  "GET /api/preregistered-students/:id": ["lowAdmin", "admin", "god"],
  "PATCH /api/preregistered-students/:id": ["admin", "god"],
  "POST /api/preregistered-students/:id/confirm": ["admin", "god"],
  "DELETE /api/preregistered-students/:id": ["admin", "god"],

  // Inscriptions (issue 8; spec.md §6: the list admin and low admin, inscribing admin only). A student's own
  // inscriptions and period fee: the student themselves and the administration.
  "GET /api/inscriptions": ["lowAdmin", "admin", "god"],
  "POST /api/inscriptions": ["admin", "god"],
  "POST /api/inscriptions/": ["admin", "god"],
  "POST /api/inscriptions/rollback": ["admin", "god"],
  "POST /api/inscriptions/update": ["admin", "god"],
  "GET /api/students/:id/inscriptions": byRecord("authenticated", OWN_STUDENT),
  "GET /api/students/:id/period-fee": byRecord("authenticated", OWN_STUDENT),
  "POST /api/students/:id/generate-period-fee": ["admin", "god"],

  // Re-inscriptions (8F; spec.md §6: the list admin and low admin, re-inscribing admin only). The preview
  // follows the student record rules (own student, a teacher's students, a coordinator's specialization).
  "GET /api/students/:id/courses/next-semester": byRecord(
    "authenticated",
    "a student sees only their own preview; a teacher their course sections' students; a coordinator their specialization's",
  ),
  "POST /api/students/:id/approves-current-semester": ["admin", "god"],
  "POST /api/students/:id/reinscription-v2": ["admin", "god"],
  "POST /api/inscriptions/update/reinscription": ["admin", "god"],
  "GET /api/reinscriptions": ["lowAdmin", "admin", "god"],
  "GET /api/reinscriptions/:id": ["lowAdmin", "admin", "god"],

  // Withdrawals (8F; spec.md §6 "withdrawals": admin only).
  "GET /api/students/:id/withdrawal-state": ["admin", "god"],
  "PATCH /api/students/:id/retire": ["admin", "god"],
  "POST /api/students/:id/withdraw-courses": ["admin", "god"],
  "POST /api/students/:id/change-section": ["admin", "god"],

  // Students (8C; spec.md §6: the list admin, coordinator, teacher, low admin; create, edit and delete admin).
  // One student and its sub-resources: anyone logged in, narrowed by the record rule.
  "GET /api/students": ["teacher", "coordinator", "lowAdmin", "admin", "god"],
  "GET /api/students/:id": byRecord("authenticated", STUDENT_RECORDS),
  "POST /api/students": ["admin", "god"],
  "PATCH /api/students/:id": ["admin", "god"],
  "DELETE /api/students/:id": ["admin", "god"],
  // Only the student history screen (/students/:student/history and its /:section/:course twin) calls it:
  // spec.md §6 "student history: admin, low admin, coordinator". A student's own "Historial académico"
  // (/profile/:id/historic) reads /students/:id/courses, their inscriptions page /students/:id/inscriptions;
  // a teacher's student pages hide the history tab.
  "GET /api/students/:id/specialization-history": byRecord(
    ["coordinator", "lowAdmin", "admin", "god"],
    "a coordinator sees only the students of their specialization",
  ),
  "GET /api/students/:id/inscription-state": byRecord("authenticated", STUDENT_RECORDS),
  "GET /api/students/:id/courses": byRecord("authenticated", STUDENT_RECORDS),
  "GET /api/students/:id/period-average-note": byRecord("authenticated", STUDENT_RECORDS),
  "GET /api/students/:id/schedules": byRecord("authenticated", STUDENT_RECORDS),
  "GET /api/students/:id/binnacles": byRecord("authenticated", STUDENT_RECORDS),
  "GET /api/students/:id/notifications": byRecord("authenticated", STUDENT_RECORDS),
  "GET /api/students/:id/absences": byRecord("authenticated", STUDENT_RECORDS),
  "GET /api/students/:id/lessons": byRecord("authenticated", STUDENT_RECORDS),

  // Student import (8G; creating students is the administrator's, spec.md §6).
  "GET /api/students/import/template": ["admin", "god"],
  "POST /api/students/import": ["admin", "god"],
  "GET /api/students/import/progress/:id": ["admin", "god"],

  // Lessons and attendance (9A; spec.md §6 "Lessons list": teacher, coordinator, admin — the /lessons screen:
  // the course sections, their lessons and generating them; "Lesson absences and detail": teacher,
  // coordinator — reading one lesson and everything done on it: attendance, evaluation, notes, edit, delete).
  // Administrators are left out on purpose: DOMAIN.md gives attendance and a lesson's notes to whoever teaches
  // (a coordinator covers for the teachers they supervise), and the web app never opens a lesson for them
  // (the lessons list and the notes sheet send them to the course lessons page of /courses/periods/…).
  "GET /api/lessons": byRecord(["teacher", "coordinator", "admin", "god"], LESSON_COURSE_SECTIONS),
  "GET /api/lessons/course-sections": byRecord(
    ["teacher", "coordinator", "admin", "god"],
    LESSON_COURSE_SECTIONS,
  ),
  "POST /api/lessons": byRecord(["teacher", "coordinator", "admin", "god"], LESSON_COURSE_SECTIONS),
  "POST /api/lessons/generate": byRecord(["teacher", "coordinator", "admin", "god"], LESSON_COURSE_SECTIONS),
  "GET /api/lessons/:id": byRecord(["teacher", "coordinator"], LESSON_COURSE_SECTIONS),
  "PATCH /api/lessons/:id": byRecord(["teacher", "coordinator"], LESSON_COURSE_SECTIONS),
  "DELETE /api/lessons/:id": byRecord(["teacher", "coordinator"], LESSON_COURSE_SECTIONS),
  "PATCH /api/lessons/:id/register": byRecord(["teacher", "coordinator"], LESSON_COURSE_SECTIONS),
  "PATCH /api/lessons/:id/evaluate": byRecord(["teacher", "coordinator"], LESSON_COURSE_SECTIONS),
  "PATCH /api/lessons/:id/students/bulk-update": byRecord(["teacher", "coordinator"], LESSON_COURSE_SECTIONS),
  "PATCH /api/lessons/:id/students/:student_id": byRecord(["teacher", "coordinator"], LESSON_COURSE_SECTIONS),
  // The audit trail of a student's attendance and notes in a course section: staff, read-only.
  "GET /api/sections/:id/courses/:course_id/students/:student_id/history": byRecord(
    ["teacher", "coordinator", "lowAdmin", "admin", "god"],
    LESSON_COURSE_SECTIONS,
  ),
  // Notes of a course section and its grade sheet (9B; module course-sections).
  "GET /api/sections/:id/courses/:course_id/students-notes": byRecord(
    ["teacher", "coordinator", "admin", "god"],
    LESSON_COURSE_SECTIONS,
  ),
  "GET /api/sections/:id/courses/:course_id/students/:student_id": byRecord("authenticated", STUDENT_RECORDS),
  "GET /api/sections/:id/courses/:course_id/reports/students": byRecord(
    ["teacher", "coordinator", "admin", "god"],
    LESSON_COURSE_SECTIONS,
  ),
  "GET /api/sections/:id/courses/:course_id/grade-sheet": byRecord(
    ["teacher", "coordinator", "admin", "god"],
    LESSON_COURSE_SECTIONS,
  ),
  "GET /api/sections/:id/reports/students": byRecord(
    ["coordinator", "lowAdmin", "admin", "god"],
    COORDINATOR_SECTIONS,
  ),
  "GET /api/sections/:id/courses/:course_id/lessons": byRecord(
    ["teacher", "coordinator", "lowAdmin", "admin", "god"],
    LESSON_COURSE_SECTIONS,
  ),
  "GET /api/sections/:id/courses/:course_id/students": byRecord(
    ["teacher", "coordinator", "lowAdmin", "admin", "god"],
    LESSON_COURSE_SECTIONS,
  ),
  // A student's absences and lessons in a course section, their notes in one request, the lessons register (9E).
  "GET /api/sections/:id/courses/:course_id/students/:student_id/absences": byRecord(
    "authenticated",
    STUDENT_RECORDS,
  ),
  "GET /api/sections/:id/courses/:course_id/students/:student_id/lessons": byRecord(
    "authenticated",
    STUDENT_RECORDS,
  ),
  // Notes are written by whoever teaches (spec.md §6 gives lesson detail to teachers and coordinators).
  "PATCH /api/sections/:id/courses/:course_id/students/:student_id": byRecord(
    ["teacher", "coordinator"],
    LESSON_COURSE_SECTIONS,
  ),
  "GET /api/sections/:id/courses/:course_id/lessons-register-report": byRecord(
    ["teacher", "coordinator", "admin", "god"],
    LESSON_COURSE_SECTIONS,
  ),

  // Binnacles (9C; spec.md §6 "Binnacles list: all; create and edit: admin, teacher, coordinator").
  "GET /api/binnacles": "authenticated",
  "GET /api/binnacles/:id": byRecord("authenticated", STUDENT_RECORDS),
  "POST /api/binnacles": byRecord(["teacher", "coordinator", "admin", "god"], STUDENT_RECORDS),
  "PATCH /api/binnacles/:id": byRecord(["teacher", "coordinator", "admin", "god"], STUDENT_RECORDS),
  "DELETE /api/binnacles/:id": byRecord(["teacher", "coordinator", "admin", "god"], STUDENT_RECORDS),

  // Final deliveries (9C; spec.md §6 "list and detail: all; create and update: admin, coordinator").
  "GET /api/final-deliveries": "authenticated",
  "GET /api/final-deliveries/:id": byRecord(
    "authenticated",
    "a student sees only the deliveries they are part of",
  ),
  "POST /api/final-deliveries": byRecord(
    ["coordinator", "admin", "god"],
    "a coordinator only in their specialization, where they or a teacher they supervise teach",
  ),
  "PATCH /api/final-deliveries/:id": byRecord(
    ["coordinator", "admin", "god"],
    "a coordinator only in their specialization, where they or a teacher they supervise teach",
  ),
  "DELETE /api/final-deliveries/:id": byRecord(
    ["coordinator", "admin", "god"],
    "a coordinator only in their specialization, where they or a teacher they supervise teach",
  ),
  "GET /api/final-deliveries/:id/students": byRecord("authenticated", "a student sees only their own row"),
  "POST /api/final-deliveries/:id/teachers/:teacher_id": byRecord(
    ["coordinator", "admin", "god"],
    "a coordinator only in their specialization, where they or a teacher they supervise teach",
  ),
  "DELETE /api/final-deliveries/:id/teachers/:teacher_id": byRecord(
    ["coordinator", "admin", "god"],
    "a coordinator only in their specialization, where they or a teacher they supervise teach",
  ),
  "PATCH /api/final-deliveries/:id/teachers/:teacher_id/students/:student_id": byRecord(
    ["teacher", "coordinator"],
    "only the jury member themself grades",
  ),
  "POST /api/final-deliveries/:id/scheduled-content-resource": byRecord(
    ["coordinator", "admin", "god"],
    "a coordinator only in their specialization, where they or a teacher they supervise teach",
  ),
  "GET /api/final-deliveries/:id/scheduled-content-resource": byRecord(
    "authenticated",
    "a student sees only the deliveries they are part of",
  ),
  "GET /api/download-work-cover": byRecord("authenticated", "a student only their own cover"),
  "GET /api/profile/schedules": byRecord(["student", "teacher", "coordinator"], "the caller's own week only"),

  // Payments (issue 10; spec.md §6: the list admin and low admin, creation admin only; a student reports and
  // sees only their own payments).
  "GET /api/payments": ["lowAdmin", "admin", "god"],
  "GET /api/payments/debtors": ["lowAdmin", "admin", "god"],
  "GET /api/payments/:id": byRecord("authenticated", "a student sees only their own payments"),
  "GET /api/payments/:id/receipt": byRecord("authenticated", "a student downloads only their own receipts"),
  "POST /api/payments": byRecord(["student", "admin", "god"], "a student reports only for themself"),
  "POST /api/inscriptions/:id/payments": byRecord(
    ["student", "admin", "god"],
    "a student reports only for their own inscription",
  ),
  "PATCH /api/payments/:id": ["lowAdmin", "admin", "god"],
  "DELETE /api/payments/:id": ["admin", "god"],

  // Virtual library (issue 11B; spec.md §6 "Biblioteca virtual (all)", create and edit admin only).
  "GET /api/documents": byRecord(
    "authenticated",
    "a student sees only general documents and those of their study",
  ),
  "GET /api/documents/:id": byRecord(
    "authenticated",
    "a student sees only general documents and those of their study",
  ),
  "GET /api/documents/:id/file": byRecord("authenticated", "a student downloads only documents they may see"),
  "GET /api/documents/:id/cover": byRecord(
    "authenticated",
    "a student sees only covers of documents they may see",
  ),
  "POST /api/documents": ["admin", "god"],
  "PATCH /api/documents/:id": ["admin", "god"],
  "POST /api/documents/:id": ["admin", "god"],
  "DELETE /api/documents/:id": ["admin", "god"],
  // Dashboards (issue 11; spec.md §7): the administration's and a student's own, a coordinator's, a teacher's.
  "GET /api/dashboard/index": byRecord(
    ["student", "lowAdmin", "admin", "god"],
    "a student sees only their own numbers",
  ),
  // Issue 26: the order a new school is set up in, for the administrator who sets it up.
  "GET /api/dashboard/setup": ["admin", "god"],
  "GET /api/dashboard/coordinator": byRecord(["coordinator"], "the caller's own teacher profile"),
  "GET /api/dashboard/teacher": byRecord(["teacher", "coordinator"], "the caller's own teacher profile"),
  // Document requests (issue 11; spec.md §6: student, admin, low admin; a student only their own) and the
  // public verification of issued documents.
  "GET /api/document-requests": byRecord(
    ["student", "lowAdmin", "admin", "god"],
    "a student sees only their own requests",
  ),
  "GET /api/document-requests/:id": byRecord(
    ["student", "lowAdmin", "admin", "god"],
    "a student sees only their own requests",
  ),
  "POST /api/document-requests": byRecord(
    ["student", "lowAdmin", "admin", "god"],
    "a student asks only for themself",
  ),
  "DELETE /api/document-requests/:id": byRecord(
    ["student", "lowAdmin", "admin", "god"],
    "a student deletes only their own pending requests",
  ),
  "GET /api/document-requests/:id/file": byRecord(
    ["student", "lowAdmin", "admin", "god"],
    "a student downloads only their own documents",
  ),
  "GET /api/document-requests/letter-eligibility": byRecord(
    ["student", "lowAdmin", "admin", "god"],
    "a student asks only about themself",
  ),
  "GET /api/document-requests/:id/generate-certificate": ["lowAdmin", "admin", "god"],
  "GET /api/document-requests/:id/generate-certificateNote": ["lowAdmin", "admin", "god"],
  "GET /api/document-requests/:id/generate-letter": ["lowAdmin", "admin", "god"],
  "PATCH /api/document-requests/:id/set-generated": ["lowAdmin", "admin", "god"],
  "PATCH /api/document-requests/:id/set-retired": ["lowAdmin", "admin", "god"],
  "PATCH /api/document-requests/:id/set-canceled": ["lowAdmin", "admin", "god"],
  "GET /api/document-request-types": ["student", "lowAdmin", "admin", "god"],
  "GET /api/document-request-types/:id": ["student", "lowAdmin", "admin", "god"],
  "POST /api/document-request-types": ["admin", "god"],
  "PATCH /api/document-request-types/:id": ["admin", "god"],
  "DELETE /api/document-request-types/:id": ["admin", "god"],
  "GET /api/verify/:code": "public",
  "POST /api/verify/:code": "public",
};
