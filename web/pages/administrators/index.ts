export { AdministratorCreatePage } from "./AdministratorCreatePage";
export { AdministratorDetailPage } from "./AdministratorDetailPage";
export { AdministratorListPage } from "./AdministratorListPage";
