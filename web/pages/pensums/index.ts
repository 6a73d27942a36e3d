export { PensumCreatePage } from "./PensumCreatePage";
export { PensumDetailPage } from "./PensumDetailPage";
export { PensumEditPage } from "./PensumEditPage";
export { PensumListPage } from "./PensumListPage";
