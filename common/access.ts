import { ALL, Role } from "./roles.js";

const { student, teacher, coordinator, lowAdmin, admin } = Role;

/**
 * Who may do what (spec.md §6), written once: the server's role guards and the web router read these
 * lists. Keys name a capability, not a route, so several routes and calls can share one rule.
 */
export const access = {
  adminOnly: [admin],
  adminGroup: [admin, lowAdmin],
  everyone: [ALL],
  studentOnly: [student],
  mySchedule: [teacher, coordinator, student],
  lessonsList: [teacher, coordinator, admin],
  lessonDetail: [teacher, coordinator],
  sectionDetail: [admin, coordinator, lowAdmin],
  binnaclesWrite: [admin, teacher, coordinator],
  finalDeliveriesWrite: [admin, coordinator],
  /** A jury member grades a final delivery (the service checks the caller is that member). */
  finalDeliveryJury: [teacher, coordinator],
  studentsList: [admin, coordinator, teacher, lowAdmin],
  studentHistory: [admin, lowAdmin, coordinator],
  teachersList: [admin, coordinator, lowAdmin],
  teacherSupervision: [admin, coordinator],
  /**
   * A teacher's weekly unavailability (issue 28): the administration, the teacher themself and the
   * coordinator who supervises them (the service checks which teacher); only the admin edits it.
   */
  teacherUnavailability: [admin, lowAdmin, teacher, coordinator],
  documentRequests: [student, admin, lowAdmin],
  sectionsMenu: [admin, lowAdmin, coordinator],
  /**
   * Listing the periods for a period selector: the administration, and the coordinator whose section pages
   * (spec.md §6 "Section detail pages") choose a period. The Períodos screens stay the admin group's.
   */
  periodChoice: [admin, lowAdmin, coordinator],
  /** Profile updates of spec.md §6: administrators through users, teachers and coordinators through teachers. */
  profileUpdate: [admin, lowAdmin, teacher, coordinator],
  /**
   * The teachers resource's update (spec.md §6): an administrator edits any teacher ("teacher … edit: admin
   * only"), a teacher or coordinator their own profile; the assistant updates their profile through users.
   */
  teacherProfileUpdate: [admin, teacher, coordinator],
  /** The audit log (issue 6): administrators (and god) only. */
  auditLog: [admin],
  /** Backups (issue 12): administrators (and god) only. */
  backups: [admin],
  /** Reporting a payment (issue 10): a student for themself, an admin for a student or at the desk. */
  paymentReport: [student, admin],
  /** Dashboards (issue 11): /dashboard/index is the administration's and each student's own. */
  dashboardIndex: [admin, lowAdmin, student],
  dashboardCoordinator: [coordinator],
  /** A coordinator teaches too: their home shows their own teaching besides what they coordinate. */
  dashboardTeacher: [teacher, coordinator],
  /** Composing notifications (issue 11): everyone but students; the service narrows the audiences. */
  notificationCompose: [admin, lowAdmin, teacher, coordinator],
} as const satisfies Record<string, readonly number[]>;

export type AccessRule = keyof typeof access;

/** Guest routes: only for visitors who are not logged in. */
export const guestRoutes = [
  "/",
  "/login",
  "/confirm-account",
  "/confirm-password",
  "/recover-account",
  "/preinscription",
] as const;

/** Public routes: for everyone, logged in or not (the verification of an issued document). */
export const publicRoutes = ["/verify/:code"] as const;

/**
 * Every logged-in route of spec.md §2 with the rule that guards it. Paths use React Router syntax;
 * `?` marks an optional segment.
 */
export const routeAccess: Record<string, AccessRule> = {
  "/home": "everyone",
  "/profile": "everyone",
  "/soon": "everyone",
  "/error": "everyone",
  "/holidays": "everyone",
  "/notifications": "everyone",
  "/notifications/create": "notificationCompose",
  "/profile/:id/historic": "studentOnly",
  "/profile/:id/payments": "studentOnly",
  "/profile/:id/inscriptions": "studentOnly",
  "/profile/courseNote/:section_id/:course_id": "studentOnly",
  "/profile/schedule": "mySchedule",

  "/activities": "everyone",
  "/activities/create": "adminOnly",
  "/activities/:id/edit": "adminOnly",

  "/administrators": "adminOnly",
  "/administrators/create": "adminOnly",
  "/administrators/:id": "adminOnly",

  "/binnacles": "everyone",
  "/binnacles/create": "binnaclesWrite",
  "/binnacles/:id/edit": "binnaclesWrite",

  "/classhours": "adminGroup",
  "/classhours/create": "adminOnly",
  "/classhours/:id/edit": "adminOnly",

  "/classrooms": "adminGroup",
  "/classrooms/create": "adminOnly",
  "/classrooms/:id/edit": "adminOnly",

  "/courses": "adminGroup",
  "/courses/periods/:period/specializations/:specialization/pensum/:pensum": "adminGroup",
  "/courses/periods/:period/specializations/:specialization/pensum/:pensum/show": "adminGroup",
  "/courses/all": "adminGroup",
  "/courses/make": "adminOnly",
  "/courses/:id/assign": "adminOnly",
  "/courses/periods/:period/section/:section_id/course/:course_id/teacher/:teacher/lessons": "sectionDetail",

  "/document-requests": "documentRequests",

  "/documents": "everyone",
  "/documents/create": "adminOnly",
  "/documents/:id/edit": "adminOnly",

  "/final-deliveries": "everyone",
  "/final-deliveries/create": "finalDeliveriesWrite",
  "/final-deliveries/update/:delivery_id": "finalDeliveriesWrite",
  "/final-deliveries/:delivery_id": "everyone",

  "/payments": "adminGroup",
  "/payments/create": "adminOnly",

  "/pensums": "adminGroup",
  "/pensums/create": "adminOnly",
  "/pensums/:id": "adminGroup",
  "/pensums/:id/edit": "adminOnly",

  "/periods": "adminGroup",
  "/periods/payment": "adminGroup",
  "/periods/make": "adminOnly",
  "/periods/createPayments/:id": "adminOnly",
  "/periods/:id": "adminGroup",
  /** Not in spec.md §2: "Generar horario" of the period (issue 28), an edit of schedules. */
  "/periods/:id/timetable": "adminOnly",
  "/periods/detailsPayments/:id": "adminGroup",
  "/periods/updatePaymentSetting/:update": "adminOnly",

  "/inscriptions": "adminGroup",
  "/inscriptions/create": "adminOnly",
  "/inscriptions/:preinscription_id": "adminOnly",

  "/reinscriptions": "adminGroup",
  "/reinscriptions/create": "adminOnly",
  "/reinscriptions/:id": "adminOnly",

  "/prelations": "everyone",
  "/prelations/create": "adminOnly",
  "/prelations/:course/edit": "adminOnly",

  "/schedules": "adminGroup",
  "/schedules/show": "adminOnly",
  "/schedules/disponibilities": "adminOnly",
  "/schedules/edit/:section_id/:course_id/:schedule_id": "adminOnly",

  "/sections": "sectionsMenu",
  "/sections/create": "adminOnly",
  "/sections/:section_id": "sectionDetail",
  "/sections/:section_id/students": "sectionDetail",
  "/sections/:section_id/courses/:course_id/set-shcedule": "adminOnly",
  "/sections/:section_id/students-courses-notes": "sectionDetail",
  "/sections/:section_id/courses/:course_id/create-final-delivery": "finalDeliveriesWrite",

  "/specializations": "adminGroup",
  "/specializations/create": "adminOnly",
  "/specializations/:id/edit": "adminOnly",

  "/students": "studentsList",
  "/students/:student/edit": "adminOnly",
  /** Not in spec.md §2: importing students from a file (issue 8). */
  "/students/import": "adminOnly",
  "/students/:student": "studentsList",
  "/students/:student/history": "studentHistory",
  "/students/:student/notifications": "studentsList",
  "/students/:student/binnacles": "studentsList",
  "/students/:student/courses": "studentsList",
  "/students/:student/absences": "studentsList",
  "/students/:student/delays": "studentsList",
  "/students/:student/lessons": "studentsList",
  "/students/:student/:section/:course": "studentsList",
  "/students/:student/:section/:course/history": "studentHistory",
  "/students/:student/:section/:course/notifications": "studentsList",
  "/students/:student/:section/:course/binnacles": "studentsList",
  "/students/:student/:section/:course/courses": "studentsList",
  "/students/:student/:section/:course/absences": "studentsList",
  "/students/:student/:section/:course/delays": "studentsList",
  "/students/:student/:section/:course/lessons": "studentsList",

  "/teachers": "teachersList",
  "/coordinators": "teachersList",
  "/teachers/create": "adminOnly",
  "/teachers/:id": "teachersList",
  "/teachers/:id/lessons": "teachersList",
  "/coordinators/:id/supervising": "teacherSupervision",
  "/teachers/:id/edit": "adminOnly",
  "/teachers/:id/schedule": "teacherSupervision",
  "/teachers/:id/courses": "teachersList",
  "/teachers/:id/historic": "teachersList",
  /** Not in spec.md §2: the teacher's weekly unavailability (issue 28). */
  "/teachers/:id/availability": "teachersList",

  "/lessons": "lessonsList",
  /** spec.md §6 names only the lessons list (admins too) and a lesson's absences and detail (not admins):
   * the notes sheet with its grade sheet and lessons register is read with the list. */
  "/lessons/:course_id/:section_id/section-notes": "lessonsList",
  "/lessons/:id": "lessonDetail",
  "/lessons/:course_id/:section_id/:lesson_id?": "lessonDetail",
  "/lessons/:course_id/:section_id/lesson/:lesson_id": "lessonDetail",

  "/withdrawals": "adminOnly",

  /** Not in spec.md §2: the audit log of issue 6, reached from the user menu. */
  "/audit-log": "auditLog",
  /** Not in spec.md §2: backups of issue 12, reached from the user menu. */
  "/backups": "backups",
};
