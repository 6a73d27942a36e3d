export { PeriodDetailPage } from "./PeriodDetailPage";
export { PeriodFormPage } from "./PeriodFormPage";
export { PeriodListPage } from "./PeriodListPage";
