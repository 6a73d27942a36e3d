export { DocumentCreatePage } from "./DocumentCreatePage";
export { DocumentEditPage } from "./DocumentEditPage";
export { DocumentListPage } from "./DocumentListPage";
