import { ModalsProvider } from "@mantine/modals";
import { createContext, type ReactNode, useContext } from "react";
import { useTranslation } from "react-i18next";

/** True below an AppModalsProvider. */
const InsideModals = createContext(false);

/**
 * Mantine's modals provider with the app's labels, mounted once: a second one would open every
 * `modals.open…()` twice. The app mounts it with the logged-in shell (web/layout/app-layout-chunk.tsx),
 * so the modal code is not among the login page's scripts; the test wrapper mounts it too.
 */
export function AppModalsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  if (useContext(InsideModals)) return children;
  return (
    <InsideModals value={true}>
      <ModalsProvider labels={{ confirm: t("common.confirm"), cancel: t("common.cancel") }}>
        {children}
      </ModalsProvider>
    </InsideModals>
  );
}
