export { SectionCreatePage } from "./SectionCreatePage";
export { SectionDetailPage } from "./SectionDetailPage";
export { SectionListPage } from "./SectionListPage";
export { SectionNotesPage } from "./SectionNotesPage";
export { SectionStudentsPage } from "./SectionStudentsPage";
