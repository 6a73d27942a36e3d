export { ClassHourListPage } from "./ClassHourListPage";
export { ClassHourCreatePage, ClassHourEditPage } from "./ClassHourPages";
