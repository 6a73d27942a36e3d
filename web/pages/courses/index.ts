export { CourseAllPage } from "./CourseAllPage";
export { CourseAssignPage } from "./CourseAssignPage";
export { CourseListPage } from "./CourseListPage";
export { CourseMakePage } from "./CourseMakePage";
export { PensumCoursesPage, PensumCoursesShowPage } from "./PensumCoursesPage";
