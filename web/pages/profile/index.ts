export { ProfilePage } from "./ProfilePage";
