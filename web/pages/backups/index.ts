export { BackupsPage } from "./BackupsPage";
