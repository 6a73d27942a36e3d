export { NotificationCreatePage } from "./NotificationCreatePage";
export { NotificationsPage } from "./NotificationsPage";
