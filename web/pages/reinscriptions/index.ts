export { ReinscriptionCreatePage } from "./ReinscriptionCreatePage";
export { ReinscriptionDetailPage } from "./ReinscriptionDetailPage";
export { ReinscriptionListPage } from "./ReinscriptionListPage";
