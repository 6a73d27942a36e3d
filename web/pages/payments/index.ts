export { MyPaymentsPage } from "../profile/payments/MyPaymentsPage";
export { PaymentCreatePage } from "./PaymentCreatePage";
export { PaymentListPage } from "./PaymentListPage";
