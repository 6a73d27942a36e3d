import type { AccessRule } from "../../common/access.js";

/**
 * What may call each API route, written from spec.md §6 (and §2 for screens' calls). The route walk
 * (server/http/route-access.test.ts) compares it with what every registered route declares in its
 * `onRequest` hooks and then calls each route as each role and without a token.
 *
 * - a rule name of common/access.ts (`app.allow("adminGroup")`): roles outside it get 403, inside never 401/403;
 * - `"authenticated"` (`app.authenticate`): any logged-in user; only the anonymous caller gets 401;
 * - `"public"` (no hook): anyone, also without a token (login, health, confirm-account, recovery,
 *   public pre-inscription, API docs);
 * - `"internal"`: a route with its own check (a machine token), refused to every ordinary caller;
 * - `byRecord(rule, why)`: the rule, plus a record rule in the service (see `byRecord`).
 *
 * Adding a route? Add its line here, `"METHOD /api/path"` with Fastify's path syntax (`:id`), in its
 * module's block. Keep one line per route. HEAD routes (Fastify's twins of GET routes) are not listed.
 */
export type ExpectedAccess = AccessRule | "authenticated" | "public" | "internal";

/** A rule whose service also checks the record (who may see which row), with the reason. */
export type RecordScoped = { rule: AccessRule | "authenticated"; byRecord: string };

/**
 * `byRecord("sectionDetail", "a coordinator sees only their specializations' sections")`: the route's role
 * rule, plus a record rule in its service. The walk's users own no records, so a role inside the rule may
 * then get 403 too (administrators never).
 */
export const byRecord = (rule: RecordScoped["rule"], why: string): RecordScoped => ({ rule, byRecord: why });

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
  "GET /api/users/:id": "authenticated",
  "PATCH /api/users/:id": "adminGroup",
  "PATCH /api/users/:id/email": "authenticated",
  "PATCH /api/users/:id/password": "authenticated",
  "POST /api/users/:id/profile-picture": "authenticated",
  "DELETE /api/users/:id/profile-picture": "authenticated",
  "GET /api/users/:id/profile-picture": "authenticated",
  "POST /api/users/:id/send-account-confirm": "adminOnly",
  // Administrator accounts (issue 8, spec.md §6 "administrators (all screens)": admin only).
  "GET /api/users": "adminOnly",
  "POST /api/users": "adminOnly",
  "PATCH /api/users/:id/enabled": "adminOnly",

  // Classrooms: lists admin and low admin, writes admin only.
  "GET /api/classrooms": "adminGroup",
  "GET /api/classrooms/schedules-availability": "adminGroup",
  "GET /api/classrooms/:id": "adminGroup",
  "GET /api/classrooms/:id/schedules": "adminGroup",
  "POST /api/classrooms": "adminOnly",
  "PATCH /api/classrooms/:id": "adminOnly",
  "DELETE /api/classrooms/:id": "adminOnly",

  // Notifications: all.
  "GET /api/notifications": "authenticated",
  "PATCH /api/notifications/:id/mark-as-read": "authenticated",
  "POST /api/notifications": "notificationCompose",
  "GET /api/notifications/audiences": "notificationCompose",
  "GET /api/notifications/receivers": "notificationCompose",
  "GET /api/notifications/:id/attachment": "authenticated",
  "GET /api/notifications/stream": "authenticated",

  // Audit log (issue 6) and backups (issue 12): administrators.
  "GET /api/audit-log": "auditLog",
  "GET /api/backups": "backups",
  "POST /api/backups": "backups",
  // `npm run backup`'s endpoint: loopback with a short-lived machine token only.
  "POST /api/backups/local": "internal",

  // Schedules (7E; spec.md §6: lists admin and low admin, edits admin only, section reads as the section detail).
  "GET /api/schedules": "adminGroup",
  "GET /api/schedules/grid": "adminGroup",
  "POST /api/schedules/bulk-store": "adminOnly",
  "GET /api/schedules/:id": "adminGroup",
  "POST /api/schedules": "adminOnly",
  "PATCH /api/schedules/:id": "adminOnly",
  "DELETE /api/schedules/:id": "adminOnly",
  "GET /api/sections/:id/schedules": "sectionDetail",
  "GET /api/sections/:id/courses/:course_id/schedules": "sectionDetail",

  // Courses and prelations (7C2; spec.md §6: course lists admin and low admin, creation and assignment admin
  // only; prelations readable by everyone, written by admin).
  "GET /api/courses": "adminGroup",
  "GET /api/courses/periods/:period/specializations/:specialization/pensum/:pensum": "adminGroup",
  "GET /api/courses/:id": "adminGroup",
  "GET /api/courses/:id/course-sections": "adminGroup",
  "POST /api/courses": "adminOnly",
  "PATCH /api/courses/:id": "adminOnly",
  "DELETE /api/courses/:id": "adminOnly",
  // Teachers and coordinators (8B; spec.md §6: list admin, coordinator, low admin; supervising and schedule
  // admin, coordinator; create and edit admin). A coordinator reaches only the teachers they supervise.
  "GET /api/teachers": byRecord("teachersList", SUPERVISED_TEACHERS),
  "GET /api/teachers/coordinators": byRecord("teachersList", SUPERVISED_TEACHERS),
  "GET /api/teachers/:id": byRecord("teachersList", SUPERVISED_TEACHERS),
  "POST /api/teachers": "adminOnly",
  "PATCH /api/teachers/:id": byRecord("profileUpdate", OWN_TEACHER_PROFILE),
  "POST /api/teachers/:id": byRecord("profileUpdate", OWN_TEACHER_PROFILE),
  "DELETE /api/teachers/:id": "adminOnly",
  "PATCH /api/teachers/:id/is-coordinator": "adminOnly",
  "POST /api/teachers/:id/assign-specializations": "adminOnly",
  "POST /api/teachers/:id/remove-specializations": "adminOnly",
  "POST /api/teachers/:id/assign-teachers": "adminOnly",
  "GET /api/teachers/:id/supervised-teachers": byRecord("teacherSupervision", SUPERVISED_TEACHERS),
  "GET /api/teachers/:id/coordinated-specializations": byRecord("teachersList", SUPERVISED_TEACHERS),
  "GET /api/teachers/:id/schedules": byRecord("teacherSupervision", SUPERVISED_TEACHERS),
  "GET /api/teachers/:id/courses": byRecord("teachersList", SUPERVISED_TEACHERS),
  "GET /api/teachers/:id/historic": byRecord("teachersList", SUPERVISED_TEACHERS),
  "GET /api/teachers/:id/lessons": byRecord("teachersList", SUPERVISED_TEACHERS),
  "GET /api/teachers/:id/reports/courses": byRecord("teachersList", SUPERVISED_TEACHERS),
  "GET /api/prelations": "everyone",
  "GET /api/prelations/:id": "everyone",
  "GET /api/courses/:id/prelations": "everyone",
  "POST /api/prelations": "adminOnly",
  "PATCH /api/prelations/:id": "adminOnly",
  "DELETE /api/prelations": "adminOnly",
  "DELETE /api/prelations/:id": "adminOnly",

  // Sections and course sections (7D; spec.md §6: section pages admin, coordinator and low admin — a
  // coordinator only their specialization's; creation, edits and teacher assignment admin only).
  "GET /api/sections": "sectionsMenu",
  "GET /api/sections/:id": byRecord("sectionDetail", COORDINATOR_SECTIONS),
  "POST /api/sections": "adminOnly",
  "PATCH /api/sections/:id": "adminOnly",
  "DELETE /api/sections/:id": "adminOnly",
  "GET /api/sections/:id/teachers": byRecord("sectionDetail", COORDINATOR_SECTIONS),
  "GET /api/sections/:id/students": byRecord("sectionDetail", COORDINATOR_SECTIONS),
  "GET /api/sections/:id/students-courses-notes": byRecord("sectionDetail", COORDINATOR_SECTIONS),
  "GET /api/sections/:id/courses/:course_id": byRecord("sectionDetail", COORDINATOR_SECTIONS),
  "PATCH /api/sections/:id/courses/:course_id": "adminOnly",
  "PATCH /api/sections/:id/courses/:course_id/assign-teacher": "adminOnly",
  "POST /api/sections/:id/courses/:course_id/assign-teacher": "adminOnly",
  "GET /api/course-sections": "sectionDetail",

  // Class hours (spec.md §6: lists admin and low admin; writes admin).
  "GET /api/class-hours": "adminGroup",
  "GET /api/class-hours/:id": "adminGroup",
  "POST /api/class-hours": "adminOnly",
  "PATCH /api/class-hours/:id": "adminOnly",
  "DELETE /api/class-hours/:id": "adminOnly",

  // Holidays (spec.md §2 common route: everyone reads; administrators write).
  "GET /api/holidays": "everyone",
  "GET /api/holidays/:id": "everyone",
  "POST /api/holidays": "adminOnly",
  "PATCH /api/holidays/:id": "adminOnly",
  "DELETE /api/holidays/:id": "adminOnly",

  // Activities ("Cronograma de actividades (all)"; create and edit admin only).
  "GET /api/activities": "everyone",
  "GET /api/activities/:id": "everyone",
  "POST /api/activities": "adminOnly",
  "PATCH /api/activities/:id": "adminOnly",
  "DELETE /api/activities/:id": "adminOnly",

  // Specializations (spec.md §6: lists admin and low admin; create and edit admin).
  "GET /api/specializations": "adminGroup",
  "GET /api/specializations/:id": "adminGroup",
  "GET /api/specializations/:id/coordinator": "adminGroup",
  "POST /api/specializations": "adminOnly",
  "POST /api/specializations/periods/pensums/semesters/courses": "adminOnly",
  "PATCH /api/specializations/:id": "adminOnly",
  "DELETE /api/specializations/:id": "adminOnly",

  // Pensums and their semesters (lists admin and low admin; pensum create and edit admin).
  "GET /api/pensums": "adminGroup",
  "GET /api/pensums/:id": "adminGroup",
  "POST /api/pensums": "adminOnly",
  "POST /api/pensums/:id/versions": "adminOnly",
  "PATCH /api/pensums/:id": "adminOnly",
  "DELETE /api/pensums/:id": "adminOnly",
  "GET /api/semesters": "adminGroup",
  "GET /api/semesters/:id": "adminGroup",
  "POST /api/semesters": "adminOnly",
  "PATCH /api/semesters/:id": "adminOnly",
  "DELETE /api/semesters/:id": "adminOnly",
  "GET /api/semesters/:id/courses": "adminGroup",
  "PUT /api/semesters/:id/courses": "adminOnly",
  "PATCH /api/semesters/:id/courses/:course_id": "adminOnly",

  // Periods (spec.md §6: lists and detail admin and low admin, writes admin; the enabled period for every
  // logged-in user; the pre-registration period for the public pre-inscription form).
  "GET /api/periods": "adminGroup",
  "GET /api/periods/:id": "adminGroup",
  "GET /api/periods/:id/courses-by-specialization": "adminGroup",
  "POST /api/periods": "adminOnly",
  "PATCH /api/periods/:id": "adminOnly",
  "PATCH /api/periods/:id/open-inscriptions": "adminOnly",
  "PUT /api/periods/:id/pensums/:pensum_id": "adminOnly",
  "DELETE /api/periods/:id": "adminOnly",
  "GET /api/periods/:id/price-settings": "adminGroup",
  "GET /api/period-price-settings/:id": "adminGroup",
  "POST /api/period-price-settings": "adminOnly",
  "PATCH /api/period-price-settings/:id": "adminOnly",
  "DELETE /api/period-price-settings/:id": "adminOnly",
  "GET /api/enabled-period": "everyone",
  "GET /api/enabled-period/pensums": "everyone",
  "GET /api/enabled-inscription-period": "everyone",
  "GET /api/enabled-preregisters-period": "public",

  // Pre-registered students (spec.md §6: the public form without a session; the list belongs to the
  // inscriptions area, admin and low admin; approving, correcting and deleting are writes, admin only).
  "GET /api/preregistered-students/form": "public",
  "POST /api/preregistered-students": "public",
  "GET /api/preregistered-students": "adminGroup",
  "GET /api/preregistered-students/:id": "adminGroup",
  "PATCH /api/preregistered-students/:id": "adminOnly",
  "POST /api/preregistered-students/:id/confirm": "adminOnly",
  "DELETE /api/preregistered-students/:id": "adminOnly",

  // Inscriptions (issue 8; spec.md §6: the list admin and low admin, inscribing admin only). A student's own
  // inscriptions and period fee: the student themselves and the administration.
  "GET /api/inscriptions": "adminGroup",
  "POST /api/inscriptions": "adminOnly",
  "POST /api/inscriptions/": "adminOnly",
  "POST /api/inscriptions/rollback": "adminOnly",
  "POST /api/inscriptions/update": "adminOnly",
  "GET /api/students/:id/inscriptions": byRecord("authenticated", OWN_STUDENT),
  "GET /api/students/:id/period-fee": byRecord("authenticated", OWN_STUDENT),
  "POST /api/students/:id/generate-period-fee": "adminOnly",

  // Re-inscriptions (8F; spec.md §6: the list admin and low admin, re-inscribing admin only). The preview
  // follows the student record rules (own student, a teacher's students, a coordinator's specialization).
  "GET /api/students/:id/courses/next-semester": byRecord(
    "everyone",
    "a student sees only their own preview; a teacher their course sections' students; a coordinator their specialization's",
  ),
  "POST /api/students/:id/approves-current-semester": "adminOnly",
  "POST /api/students/:id/reinscription-v2": "adminOnly",
  "POST /api/inscriptions/update/reinscription": "adminOnly",
  "GET /api/reinscriptions": "adminGroup",
  "GET /api/reinscriptions/:id": "adminGroup",

  // Withdrawals (8F; spec.md §6 "withdrawals": admin only).
  "GET /api/students/:id/withdrawal-state": "adminOnly",
  "PATCH /api/students/:id/retire": "adminOnly",
  "POST /api/students/:id/withdraw-courses": "adminOnly",
  "POST /api/students/:id/change-section": "adminOnly",

  // Students (8C; spec.md §6: the list admin, coordinator, teacher, low admin; create, edit and delete admin).
  // One student and its sub-resources: anyone logged in, narrowed by the record rule.
  "GET /api/students": "studentsList",
  "GET /api/students/:id": byRecord("everyone", STUDENT_RECORDS),
  "POST /api/students": "adminOnly",
  "PATCH /api/students/:id": "adminOnly",
  "DELETE /api/students/:id": "adminOnly",
  "GET /api/students/:id/specialization-history": byRecord("everyone", STUDENT_RECORDS),
  "GET /api/students/:id/inscription-state": byRecord("everyone", STUDENT_RECORDS),
  "GET /api/students/:id/courses": byRecord("everyone", STUDENT_RECORDS),
  "GET /api/students/:id/period-average-note": byRecord("everyone", STUDENT_RECORDS),
  "GET /api/students/:id/schedules": byRecord("everyone", STUDENT_RECORDS),
  "GET /api/students/:id/binnacles": byRecord("everyone", STUDENT_RECORDS),
  "GET /api/students/:id/notifications": byRecord("everyone", STUDENT_RECORDS),
  "GET /api/students/:id/absences": byRecord("everyone", STUDENT_RECORDS),
  "GET /api/students/:id/lessons": byRecord("everyone", STUDENT_RECORDS),

  // Student import (8G; creating students is the administrator's, spec.md §6).
  "GET /api/students/import/template": "adminOnly",
  "POST /api/students/import": "adminOnly",

  // Lessons and attendance (9A; spec.md §6 "Lessons list": teacher, coordinator, admin).
  "GET /api/lessons": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "GET /api/lessons/course-sections": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "GET /api/lessons/:id": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "POST /api/lessons": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "POST /api/lessons/generate": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "PATCH /api/lessons/:id": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "DELETE /api/lessons/:id": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "PATCH /api/lessons/:id/register": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "PATCH /api/lessons/:id/evaluate": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "PATCH /api/lessons/:id/students/bulk-update": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "PATCH /api/lessons/:id/students/:student_id": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  // The audit trail of a student's attendance and notes in a course section: staff, read-only.
  "GET /api/sections/:id/courses/:course_id/students/:student_id/history": byRecord(
    "studentsList",
    LESSON_COURSE_SECTIONS,
  ),
  // Notes of a course section and its grade sheet (9B; module course-sections).
  "GET /api/sections/:id/courses/:course_id/students-notes": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "GET /api/sections/:id/courses/:course_id/students/:student_id": byRecord("everyone", STUDENT_RECORDS),
  "GET /api/sections/:id/courses/:course_id/reports/students": byRecord(
    "lessonsList",
    LESSON_COURSE_SECTIONS,
  ),
  "GET /api/sections/:id/courses/:course_id/grade-sheet": byRecord("lessonsList", LESSON_COURSE_SECTIONS),
  "GET /api/sections/:id/reports/students": byRecord("sectionDetail", COORDINATOR_SECTIONS),
  "GET /api/sections/:id/courses/:course_id/lessons": byRecord("studentsList", LESSON_COURSE_SECTIONS),
  "GET /api/sections/:id/courses/:course_id/students": byRecord("studentsList", LESSON_COURSE_SECTIONS),
  // A student's absences and lessons in a course section, their notes in one request, the lessons register (9E).
  "GET /api/sections/:id/courses/:course_id/students/:student_id/absences": byRecord(
    "everyone",
    STUDENT_RECORDS,
  ),
  "GET /api/sections/:id/courses/:course_id/students/:student_id/lessons": byRecord(
    "everyone",
    STUDENT_RECORDS,
  ),
  "PATCH /api/sections/:id/courses/:course_id/students/:student_id": byRecord(
    "lessonsList",
    LESSON_COURSE_SECTIONS,
  ),
  "GET /api/sections/:id/courses/:course_id/lessons-register-report": byRecord(
    "lessonsList",
    LESSON_COURSE_SECTIONS,
  ),

  // Binnacles (9C; spec.md §6 "Binnacles list: all; create and edit: admin, teacher, coordinator").
  "GET /api/binnacles": "everyone",
  "GET /api/binnacles/:id": byRecord("everyone", STUDENT_RECORDS),
  "POST /api/binnacles": byRecord("binnaclesWrite", STUDENT_RECORDS),
  "PATCH /api/binnacles/:id": byRecord("binnaclesWrite", STUDENT_RECORDS),
  "DELETE /api/binnacles/:id": byRecord("binnaclesWrite", STUDENT_RECORDS),

  // Final deliveries (9C; spec.md §6 "list and detail: all; create and update: admin, coordinator").
  "GET /api/final-deliveries": "everyone",
  "GET /api/final-deliveries/:id": byRecord(
    "everyone",
    "a student sees only the deliveries they are part of",
  ),
  "POST /api/final-deliveries": byRecord(
    "finalDeliveriesWrite",
    "a coordinator only in their specialization",
  ),
  "PATCH /api/final-deliveries/:id": byRecord(
    "finalDeliveriesWrite",
    "a coordinator only in their specialization",
  ),
  "DELETE /api/final-deliveries/:id": byRecord(
    "finalDeliveriesWrite",
    "a coordinator only in their specialization",
  ),
  "GET /api/final-deliveries/:id/students": byRecord("everyone", "a student sees only their own row"),
  "POST /api/final-deliveries/:id/teachers/:teacher_id": byRecord(
    "finalDeliveriesWrite",
    "a coordinator only in their specialization",
  ),
  "DELETE /api/final-deliveries/:id/teachers/:teacher_id": byRecord(
    "finalDeliveriesWrite",
    "a coordinator only in their specialization",
  ),
  "PATCH /api/final-deliveries/:id/teachers/:teacher_id/students/:student_id": byRecord(
    "finalDeliveryJury",
    "only the jury member themself grades",
  ),
  "POST /api/final-deliveries/:id/scheduled-content-resource": byRecord(
    "finalDeliveriesWrite",
    "a coordinator only in their specialization",
  ),
  "GET /api/final-deliveries/:id/scheduled-content-resource": byRecord(
    "everyone",
    "a student sees only the deliveries they are part of",
  ),
  "GET /api/download-work-cover": byRecord("everyone", "a student only their own cover"),
  "GET /api/profile/schedules": byRecord("mySchedule", "the caller's own week only"),

  // Payments (issue 10; spec.md §6: the list admin and low admin, creation admin only; a student reports and
  // sees only their own payments).
  "GET /api/payments": "adminGroup",
  "GET /api/payments/debtors": "adminGroup",
  "GET /api/payments/:id": byRecord("authenticated", "a student sees only their own payments"),
  "GET /api/payments/:id/receipt": byRecord("authenticated", "a student downloads only their own receipts"),
  "POST /api/payments": byRecord("paymentReport", "a student reports only for themself"),
  "POST /api/inscriptions/:id/payments": byRecord(
    "paymentReport",
    "a student reports only for their own inscription",
  ),
  "PATCH /api/payments/:id": "adminGroup",
  "DELETE /api/payments/:id": "adminOnly",

  // Virtual library (issue 11B; spec.md §6 "Biblioteca virtual (all)", create and edit admin only).
  "GET /api/documents": byRecord(
    "everyone",
    "a student sees only general documents and those of their study",
  ),
  "GET /api/documents/:id": byRecord(
    "everyone",
    "a student sees only general documents and those of their study",
  ),
  "GET /api/documents/:id/file": byRecord("everyone", "a student downloads only documents they may see"),
  "GET /api/documents/:id/cover": byRecord(
    "everyone",
    "a student sees only covers of documents they may see",
  ),
  "POST /api/documents": "adminOnly",
  "PATCH /api/documents/:id": "adminOnly",
  "POST /api/documents/:id": "adminOnly",
  "DELETE /api/documents/:id": "adminOnly",
  // Dashboards (issue 11; spec.md §7): the administration's and a student's own, a coordinator's, a teacher's.
  "GET /api/dashboard/index": byRecord("dashboardIndex", "a student sees only their own numbers"),
  "GET /api/dashboard/coordinator": byRecord("dashboardCoordinator", "the caller's own teacher profile"),
  "GET /api/dashboard/teacher": byRecord("dashboardTeacher", "the caller's own teacher profile"),
  // Document requests (issue 11; spec.md §6: student, admin, low admin; a student only their own) and the
  // public verification of issued documents.
  "GET /api/document-requests": byRecord("documentRequests", "a student sees only their own requests"),
  "GET /api/document-requests/:id": byRecord("documentRequests", "a student sees only their own requests"),
  "POST /api/document-requests": byRecord("documentRequests", "a student asks only for themself"),
  "DELETE /api/document-requests/:id": byRecord(
    "documentRequests",
    "a student deletes only their own pending requests",
  ),
  "GET /api/document-requests/:id/file": byRecord(
    "documentRequests",
    "a student downloads only their own documents",
  ),
  "GET /api/document-requests/:id/generate-certificate": "adminGroup",
  "GET /api/document-requests/:id/generate-certificateNote": "adminGroup",
  "GET /api/document-requests/:id/generate-letter": "adminGroup",
  "PATCH /api/document-requests/:id/set-generated": "adminGroup",
  "PATCH /api/document-requests/:id/set-retired": "adminGroup",
  "PATCH /api/document-requests/:id/set-canceled": "adminGroup",
  "GET /api/document-request-types": "documentRequests",
  "GET /api/document-request-types/:id": "documentRequests",
  "POST /api/document-request-types": "adminOnly",
  "PATCH /api/document-request-types/:id": "adminOnly",
  "DELETE /api/document-request-types/:id": "adminOnly",
  "GET /api/verify/:code": "public",
  "POST /api/verify/:code": "public",
};
