export { StudentEditPage } from "./StudentEditPage";
export { StudentImportPage } from "./StudentImportPage";
export { StudentListPage } from "./StudentListPage";
export { StudentProfilePage } from "./StudentProfilePage";
export {
  StudentAbsencesPage,
  StudentBinnaclesPage,
  StudentCoursesPage,
  StudentDelaysPage,
  StudentHistoryPage,
  StudentLessonsPage,
  StudentNotificationsPage,
} from "./StudentSubPages";
