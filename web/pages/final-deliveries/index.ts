export { FinalDeliveryCreatePage } from "./FinalDeliveryCreatePage";
export { FinalDeliveryDetailPage } from "./FinalDeliveryDetailPage";
export { FinalDeliveryListPage } from "./FinalDeliveryListPage";
export { FinalDeliveryUpdatePage } from "./FinalDeliveryUpdatePage";
