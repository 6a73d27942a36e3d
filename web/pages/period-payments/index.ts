export { PriceSettingCreatePage } from "./PriceSettingCreatePage";
export { PriceSettingDetailPage } from "./PriceSettingDetailPage";
export { PriceSettingEditPage } from "./PriceSettingEditPage";
export { PriceSettingListPage } from "./PriceSettingListPage";
