export { CourseNotePage } from "./CourseNotePage";
export { CourseSectionLessonsPage } from "./CourseSectionLessonsPage";
export { HistoricPage } from "./HistoricPage";
export { SectionNotesSheetPage } from "./SectionNotesSheetPage";
