export { SpecializationCreatePage } from "./SpecializationCreatePage";
export { SpecializationEditPage } from "./SpecializationEditPage";
export { SpecializationListPage } from "./SpecializationListPage";
