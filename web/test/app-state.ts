import { cleanNotifications } from "@mantine/notifications";
import { fieldErrorStore } from "../api/field-errors";
import i18n from "../i18n";
import { breadcrumbStore } from "../layout/breadcrumbs";
import { sessionStore } from "../session/store";

/** Clears every app-wide store between tests: session, field errors, breadcrumbs, toasts, language. */
export function resetAppState(): void {
  sessionStore.end();
  localStorage.clear();
  sessionStorage.clear();
  fieldErrorStore.clear();
  breadcrumbStore.set([]);
  cleanNotifications();
  if (i18n.language !== "es") void i18n.changeLanguage("es");
}
