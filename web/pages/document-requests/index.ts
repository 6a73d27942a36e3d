export { DocumentRequestListPage } from "./DocumentRequestListPage";
