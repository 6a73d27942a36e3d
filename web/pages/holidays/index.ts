export { HolidayListPage } from "./HolidayListPage";
