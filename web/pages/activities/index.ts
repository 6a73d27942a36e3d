export { ActivityListPage } from "./ActivityListPage";
export { ActivityCreatePage, ActivityEditPage } from "./ActivityPages";
