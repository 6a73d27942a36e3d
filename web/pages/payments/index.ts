export { PaymentCreatePage } from "./PaymentCreatePage";
export { PaymentListPage } from "./PaymentListPage";
