export { InscriptionCreatePage, InscriptionPreregisteredPage } from "./InscriptionCreatePage";
export { InscriptionListPage } from "./InscriptionListPage";
