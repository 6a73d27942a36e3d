import type { ComponentType } from "react";
import { withAreaTexts } from "../i18n/areas";
import { lazyPage } from "./lazy";

/**
 * Screens that exist, by route path (the keys of `routeAccess` / `guestRoutes` in common/access.ts).
 * Every route has its page (web/router.test.tsx checks it). A new area adds
 * its folder `web/pages/<area>/` with an index re-exporting its pages and registers them here:
 *   "/classrooms": lazyPage(() => withAreaTexts(import("./classrooms")).then((m) => ({ default: m.ClassroomListPage }))),
 */
const auth = {
  // The login page is its own chunk, free of Zod and the other guest forms: the first screen most people see.
  login: lazyPage(() => import("./auth/LoginPage")),
  recover: lazyPage(() => import("./auth").then((m) => ({ default: m.RecoverAccountPage }))),
  confirmAccount: lazyPage(() => import("./auth").then((m) => ({ default: m.ConfirmAccountPage }))),
  confirmPassword: lazyPage(() => import("./auth").then((m) => ({ default: m.ConfirmPasswordPage }))),
};

export const guestPages: Partial<Record<string, ComponentType>> = {
  "/": auth.login,
  "/login": auth.login,
  "/recover-account": auth.recover,
  "/confirm-account": auth.confirmAccount,
  "/confirm-password": auth.confirmPassword,
  "/preinscription": lazyPage(() =>
    import("./preinscription").then((m) => ({ default: m.PreinscriptionPage })),
  ),
  // Public (common/access.ts `publicRoutes`): also for a logged-in user. Its texts load with the page
  // (es-areas.json), keeping them out of the login page's script.
  "/verify/:code": lazyPage(() => withAreaTexts(import("./verify")).then((m) => ({ default: m.VerifyPage }))),
};

const reinscriptions = {
  list: lazyPage(() =>
    withAreaTexts(import("./reinscriptions")).then((m) => ({ default: m.ReinscriptionListPage })),
  ),
  create: lazyPage(() =>
    withAreaTexts(import("./reinscriptions")).then((m) => ({ default: m.ReinscriptionCreatePage })),
  ),
  detail: lazyPage(() =>
    withAreaTexts(import("./reinscriptions")).then((m) => ({ default: m.ReinscriptionDetailPage })),
  ),
};

const binnacles = {
  list: lazyPage(() => withAreaTexts(import("./binnacles")).then((m) => ({ default: m.BinnacleListPage }))),
  create: lazyPage(() =>
    withAreaTexts(import("./binnacles")).then((m) => ({ default: m.BinnacleCreatePage })),
  ),
  edit: lazyPage(() => withAreaTexts(import("./binnacles")).then((m) => ({ default: m.BinnacleEditPage }))),
};

const finalDeliveryPage = (name: keyof typeof import("./final-deliveries")) =>
  lazyPage(() => withAreaTexts(import("./final-deliveries")).then((m) => ({ default: m[name] })));

const finalDeliveries = {
  list: finalDeliveryPage("FinalDeliveryListPage"),
  create: finalDeliveryPage("FinalDeliveryCreatePage"),
  update: finalDeliveryPage("FinalDeliveryUpdatePage"),
  detail: finalDeliveryPage("FinalDeliveryDetailPage"),
};

const documentPage = (name: keyof typeof import("./documents")) =>
  lazyPage(() => withAreaTexts(import("./documents")).then((m) => ({ default: m[name] })));

const classrooms = {
  list: lazyPage(() => withAreaTexts(import("./classrooms")).then((m) => ({ default: m.ClassroomListPage }))),
  create: lazyPage(() =>
    withAreaTexts(import("./classrooms")).then((m) => ({ default: m.ClassroomCreatePage })),
  ),
  edit: lazyPage(() => withAreaTexts(import("./classrooms")).then((m) => ({ default: m.ClassroomEditPage }))),
};

const administrators = {
  list: lazyPage(() =>
    withAreaTexts(import("./administrators")).then((m) => ({ default: m.AdministratorListPage })),
  ),
  create: lazyPage(() =>
    withAreaTexts(import("./administrators")).then((m) => ({ default: m.AdministratorCreatePage })),
  ),
  detail: lazyPage(() =>
    withAreaTexts(import("./administrators")).then((m) => ({ default: m.AdministratorDetailPage })),
  ),
};

const courses = {
  list: lazyPage(() => withAreaTexts(import("./courses")).then((m) => ({ default: m.CourseListPage }))),
  all: lazyPage(() => withAreaTexts(import("./courses")).then((m) => ({ default: m.CourseAllPage }))),
  make: lazyPage(() => withAreaTexts(import("./courses")).then((m) => ({ default: m.CourseMakePage }))),
  assign: lazyPage(() => withAreaTexts(import("./courses")).then((m) => ({ default: m.CourseAssignPage }))),
  pensum: lazyPage(() => withAreaTexts(import("./courses")).then((m) => ({ default: m.PensumCoursesPage }))),
  pensumShow: lazyPage(() =>
    withAreaTexts(import("./courses")).then((m) => ({ default: m.PensumCoursesShowPage })),
  ),
};

const prelations = {
  list: lazyPage(() => withAreaTexts(import("./prelations")).then((m) => ({ default: m.PrelationListPage }))),
  create: lazyPage(() =>
    withAreaTexts(import("./prelations")).then((m) => ({ default: m.PrelationCreatePage })),
  ),
  edit: lazyPage(() => withAreaTexts(import("./prelations")).then((m) => ({ default: m.PrelationEditPage }))),
};

const calendar = {
  holidays: lazyPage(() => withAreaTexts(import("./holidays")).then((m) => ({ default: m.HolidayListPage }))),
  activities: lazyPage(() =>
    withAreaTexts(import("./activities")).then((m) => ({ default: m.ActivityListPage })),
  ),
  activityCreate: lazyPage(() =>
    withAreaTexts(import("./activities")).then((m) => ({ default: m.ActivityCreatePage })),
  ),
  activityEdit: lazyPage(() =>
    withAreaTexts(import("./activities")).then((m) => ({ default: m.ActivityEditPage })),
  ),
  classHours: lazyPage(() =>
    withAreaTexts(import("./classhours")).then((m) => ({ default: m.ClassHourListPage })),
  ),
  classHourCreate: lazyPage(() =>
    withAreaTexts(import("./classhours")).then((m) => ({ default: m.ClassHourCreatePage })),
  ),
  classHourEdit: lazyPage(() =>
    withAreaTexts(import("./classhours")).then((m) => ({ default: m.ClassHourEditPage })),
  ),
};

const periods = {
  list: lazyPage(() => withAreaTexts(import("./periods")).then((m) => ({ default: m.PeriodListPage }))),
  make: lazyPage(() => withAreaTexts(import("./periods")).then((m) => ({ default: m.PeriodFormPage }))),
  detail: lazyPage(() => withAreaTexts(import("./periods")).then((m) => ({ default: m.PeriodDetailPage }))),
};

const periodPaymentPage = (name: keyof typeof import("./period-payments")) =>
  lazyPage(() => withAreaTexts(import("./period-payments")).then((m) => ({ default: m[name] })));

const schedules = {
  list: lazyPage(() => withAreaTexts(import("./schedules")).then((m) => ({ default: m.ScheduleListPage }))),
  show: lazyPage(() => withAreaTexts(import("./schedules")).then((m) => ({ default: m.ScheduleShowPage }))),
  availability: lazyPage(() =>
    withAreaTexts(import("./schedules")).then((m) => ({ default: m.DisponibilitiesPage })),
  ),
  edit: lazyPage(() => withAreaTexts(import("./schedules")).then((m) => ({ default: m.EditSchedulePage }))),
  set: lazyPage(() => withAreaTexts(import("./schedules")).then((m) => ({ default: m.SetSchedulePage }))),
};

const sections = {
  list: lazyPage(() => withAreaTexts(import("./sections")).then((m) => ({ default: m.SectionListPage }))),
  create: lazyPage(() => withAreaTexts(import("./sections")).then((m) => ({ default: m.SectionCreatePage }))),
  detail: lazyPage(() => withAreaTexts(import("./sections")).then((m) => ({ default: m.SectionDetailPage }))),
  students: lazyPage(() =>
    withAreaTexts(import("./sections")).then((m) => ({ default: m.SectionStudentsPage })),
  ),
  notes: lazyPage(() => withAreaTexts(import("./sections")).then((m) => ({ default: m.SectionNotesPage }))),
};

const specializations = {
  list: lazyPage(() =>
    withAreaTexts(import("./specializations")).then((m) => ({ default: m.SpecializationListPage })),
  ),
  create: lazyPage(() =>
    withAreaTexts(import("./specializations")).then((m) => ({ default: m.SpecializationCreatePage })),
  ),
  edit: lazyPage(() =>
    withAreaTexts(import("./specializations")).then((m) => ({ default: m.SpecializationEditPage })),
  ),
};

const inscriptions = {
  list: lazyPage(() =>
    withAreaTexts(import("./inscriptions")).then((m) => ({ default: m.InscriptionListPage })),
  ),
  create: lazyPage(() =>
    withAreaTexts(import("./inscriptions")).then((m) => ({ default: m.InscriptionCreatePage })),
  ),
  preregistered: lazyPage(() =>
    withAreaTexts(import("./inscriptions")).then((m) => ({ default: m.InscriptionPreregisteredPage })),
  ),
  mine: lazyPage(() =>
    withAreaTexts(import("./profile/inscriptions/MyInscriptionsPage")).then((m) => ({
      default: m.MyInscriptionsPage,
    })),
  ),
};

const pensums = {
  list: lazyPage(() => withAreaTexts(import("./pensums")).then((m) => ({ default: m.PensumListPage }))),
  create: lazyPage(() => withAreaTexts(import("./pensums")).then((m) => ({ default: m.PensumCreatePage }))),
  detail: lazyPage(() => withAreaTexts(import("./pensums")).then((m) => ({ default: m.PensumDetailPage }))),
  edit: lazyPage(() => withAreaTexts(import("./pensums")).then((m) => ({ default: m.PensumEditPage }))),
};

const studentPage = (name: keyof typeof import("./students")) =>
  lazyPage(() => withAreaTexts(import("./students")).then((m) => ({ default: m[name] })));
const students = {
  list: studentPage("StudentListPage"),
  edit: studentPage("StudentEditPage"),
  import: studentPage("StudentImportPage"),
  profile: studentPage("StudentProfilePage"),
  history: studentPage("StudentHistoryPage"),
  notifications: studentPage("StudentNotificationsPage"),
  binnacles: studentPage("StudentBinnaclesPage"),
  courses: studentPage("StudentCoursesPage"),
  absences: studentPage("StudentAbsencesPage"),
  delays: studentPage("StudentDelaysPage"),
  lessons: studentPage("StudentLessonsPage"),
};
/** A student's sub-pages, also under `/students/:student/:section/:course/` (spec.md §2). */
const studentSubPages = (prefix: string) => ({
  [prefix]: students.profile,
  [`${prefix}/history`]: students.history,
  [`${prefix}/notifications`]: students.notifications,
  [`${prefix}/binnacles`]: students.binnacles,
  [`${prefix}/courses`]: students.courses,
  [`${prefix}/absences`]: students.absences,
  [`${prefix}/delays`]: students.delays,
  [`${prefix}/lessons`]: students.lessons,
});

const lessonPage = (name: keyof typeof import("./lessons")) =>
  lazyPage(() => withAreaTexts(import("./lessons")).then((m) => ({ default: m[name] })));

const lessons = {
  list: lessonPage("LessonsPage"),
  course: lessonPage("CourseLessonsPage"),
  detail: lessonPage("LessonPage"),
};

const courseNotePage = (name: keyof typeof import("./course-notes")) =>
  lazyPage(() => withAreaTexts(import("./course-notes")).then((m) => ({ default: m[name] })));
const courseNotes = {
  sheet: courseNotePage("SectionNotesSheetPage"),
  student: courseNotePage("CourseNotePage"),
  historic: courseNotePage("HistoricPage"),
  lessons: courseNotePage("CourseSectionLessonsPage"),
};

const teacherPage = (name: keyof typeof import("./teachers")) =>
  lazyPage(() => withAreaTexts(import("./teachers")).then((m) => ({ default: m[name] })));

const teachers = {
  list: teacherPage("TeacherListPage"),
  create: teacherPage("TeacherCreatePage"),
  edit: teacherPage("TeacherEditPage"),
  sections: teacherPage("TeacherSectionsPage"),
  lessons: teacherPage("TeacherLessonsPage"),
  schedule: teacherPage("TeacherSchedulePage"),
  courses: teacherPage("TeacherCoursesPage"),
  historic: teacherPage("TeacherHistoricPage"),
  availability: teacherPage("TeacherAvailabilityPage"),
  supervising: teacherPage("SupervisingPage"),
};

const paymentPage = (name: keyof typeof import("./payments")) =>
  lazyPage(() => withAreaTexts(import("./payments")).then((m) => ({ default: m[name] })));

export const pages: Partial<Record<string, ComponentType>> = {
  "/payments": paymentPage("PaymentListPage"),
  "/payments/create": paymentPage("PaymentCreatePage"),
  "/profile/:id/payments": paymentPage("MyPaymentsPage"),
  "/lessons": lessons.list,
  "/lessons/:id": lessons.detail,
  "/lessons/:course_id/:section_id/:lesson_id?": lessons.course,
  "/lessons/:course_id/:section_id/lesson/:lesson_id": lessons.detail,
  "/lessons/:course_id/:section_id/section-notes": courseNotes.sheet,
  "/profile/courseNote/:section_id/:course_id": courseNotes.student,
  "/profile/:id/historic": courseNotes.historic,
  "/courses/periods/:period/section/:section_id/course/:course_id/teacher/:teacher/lessons":
    courseNotes.lessons,
  "/teachers": teachers.list,
  "/coordinators": teachers.list,
  "/teachers/create": teachers.create,
  "/teachers/:id": teachers.sections,
  "/teachers/:id/lessons": teachers.lessons,
  "/teachers/:id/schedule": teachers.schedule,
  "/teachers/:id/courses": teachers.courses,
  "/teachers/:id/historic": teachers.historic,
  "/teachers/:id/availability": teachers.availability,
  "/teachers/:id/edit": teachers.edit,
  "/coordinators/:id/supervising": teachers.supervising,
  "/students": students.list,
  "/students/:student/edit": students.edit,
  "/students/import": students.import,
  ...studentSubPages("/students/:student"),
  ...studentSubPages("/students/:student/:section/:course"),
  "/sections": sections.list,
  "/sections/create": sections.create,
  "/sections/:section_id": sections.detail,
  "/sections/:section_id/students": sections.students,
  "/sections/:section_id/students-courses-notes": sections.notes,
  "/schedules": schedules.list,
  "/schedules/show": schedules.show,
  "/schedules/disponibilities": schedules.availability,
  "/schedules/edit/:section_id/:course_id/:schedule_id": schedules.edit,
  "/sections/:section_id/courses/:course_id/set-shcedule": schedules.set,
  "/holidays": calendar.holidays,
  "/activities": calendar.activities,
  "/activities/create": calendar.activityCreate,
  "/activities/:id/edit": calendar.activityEdit,
  "/classhours": calendar.classHours,
  "/classhours/create": calendar.classHourCreate,
  "/classhours/:id/edit": calendar.classHourEdit,
  "/home": lazyPage(() => import("./home/HomePage")),
  "/notifications": lazyPage(() =>
    withAreaTexts(import("./notifications")).then((m) => ({ default: m.NotificationsPage })),
  ),
  "/notifications/create": lazyPage(() =>
    withAreaTexts(import("./notifications")).then((m) => ({ default: m.NotificationCreatePage })),
  ),
  "/soon": lazyPage(() => import("./system/SoonPage")),
  "/profile": lazyPage(() => import("./profile").then((m) => ({ default: m.ProfilePage }))),
  "/administrators": administrators.list,
  "/administrators/create": administrators.create,
  "/administrators/:id": administrators.detail,
  "/binnacles": binnacles.list,
  "/binnacles/create": binnacles.create,
  "/binnacles/:id/edit": binnacles.edit,
  "/final-deliveries": finalDeliveries.list,
  "/final-deliveries/create": finalDeliveries.create,
  "/final-deliveries/update/:delivery_id": finalDeliveries.update,
  "/final-deliveries/:delivery_id": finalDeliveries.detail,
  "/sections/:section_id/courses/:course_id/create-final-delivery": finalDeliveries.create,
  "/documents": documentPage("DocumentListPage"),
  "/documents/create": documentPage("DocumentCreatePage"),
  "/documents/:id/edit": documentPage("DocumentEditPage"),
  "/classrooms": classrooms.list,
  "/classrooms/create": classrooms.create,
  "/classrooms/:id/edit": classrooms.edit,
  "/periods": periods.list,
  "/periods/make": periods.make,
  "/periods/:id": periods.detail,
  "/periods/:id/timetable": lazyPage(() =>
    withAreaTexts(import("./timetable")).then((m) => ({ default: m.TimetablePage })),
  ),
  "/periods/payment": periodPaymentPage("PriceSettingListPage"),
  "/periods/createPayments/:id": periodPaymentPage("PriceSettingCreatePage"),
  "/periods/detailsPayments/:id": periodPaymentPage("PriceSettingDetailPage"),
  "/periods/updatePaymentSetting/:update": periodPaymentPage("PriceSettingEditPage"),
  "/courses": courses.list,
  "/courses/all": courses.all,
  "/courses/make": courses.make,
  "/courses/:id/assign": courses.assign,
  "/courses/periods/:period/specializations/:specialization/pensum/:pensum": courses.pensum,
  "/courses/periods/:period/specializations/:specialization/pensum/:pensum/show": courses.pensumShow,
  "/prelations": prelations.list,
  "/prelations/create": prelations.create,
  "/prelations/:course/edit": prelations.edit,
  "/audit-log": lazyPage(() => withAreaTexts(import("./audit")).then((m) => ({ default: m.AuditLogPage }))),
  "/backups": lazyPage(() => withAreaTexts(import("./backups")).then((m) => ({ default: m.BackupsPage }))),
  "/specializations": specializations.list,
  "/specializations/create": specializations.create,
  "/specializations/:id/edit": specializations.edit,
  "/pensums": pensums.list,
  "/pensums/create": pensums.create,
  "/pensums/:id": pensums.detail,
  "/pensums/:id/edit": pensums.edit,
  "/inscriptions": inscriptions.list,
  "/inscriptions/create": inscriptions.create,
  "/inscriptions/:preinscription_id": inscriptions.preregistered,
  "/profile/:id/inscriptions": inscriptions.mine,
  "/reinscriptions": reinscriptions.list,
  "/reinscriptions/create": reinscriptions.create,
  "/reinscriptions/:id": reinscriptions.detail,
  "/profile/schedule": lazyPage(() =>
    withAreaTexts(import("./my-schedule")).then((m) => ({ default: m.MySchedulePage })),
  ),
  "/withdrawals": lazyPage(() =>
    withAreaTexts(import("./withdrawals")).then((m) => ({ default: m.WithdrawalsPage })),
  ),
  "/document-requests": lazyPage(() =>
    withAreaTexts(import("./document-requests")).then((m) => ({ default: m.DocumentRequestListPage })),
  ),
};
