export { ClassroomCreatePage } from "./ClassroomCreatePage";
export { ClassroomEditPage } from "./ClassroomEditPage";
export { ClassroomListPage } from "./ClassroomListPage";
