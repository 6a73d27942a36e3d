export { PrelationCreatePage } from "./PrelationCreatePage";
export { PrelationEditPage } from "./PrelationEditPage";
export { PrelationListPage } from "./PrelationListPage";
