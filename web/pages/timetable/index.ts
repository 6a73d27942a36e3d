export { TimetablePage } from "./TimetablePage";
