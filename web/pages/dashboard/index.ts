export { Dashboard } from "./Dashboard";
