export { CourseLessonsPage } from "./CourseLessonsPage";
export { LessonPage } from "./LessonPage";
export { LessonsPage } from "./LessonsPage";
