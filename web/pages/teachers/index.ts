export { SupervisingPage } from "./SupervisingPage";
export { TeacherCreatePage } from "./TeacherCreatePage";
export { TeacherEditPage } from "./TeacherEditPage";
export { TeacherListPage } from "./TeacherListPage";
export {
  TeacherAvailabilityPage,
  TeacherCoursesPage,
  TeacherHistoricPage,
  TeacherLessonsPage,
  TeacherSchedulePage,
  TeacherSectionsPage,
} from "./TeacherPage";
