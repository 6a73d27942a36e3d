export { MySchedulePage } from "./MySchedulePage";
