export { DisponibilitiesPage } from "./DisponibilitiesPage";
export { ScheduleListPage } from "./ScheduleListPage";
export { ScheduleShowPage } from "./ScheduleShowPage";
export { EditSchedulePage, SetSchedulePage } from "./SetSchedulePage";
