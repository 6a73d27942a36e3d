import { DatesProvider } from "@mantine/dates";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "./i18n";
import { toastDefaults } from "./theme";
import { ThemeProvider } from "./theme-provider";

type Props = {
  queryClient: QueryClient;
  children: ReactNode;
  /** "test" turns off Mantine transitions and portals' delays (tests). */
  env?: "default" | "test";
};

/** Every provider the app needs except the router and the modals (shared by App.tsx and the test wrapper). */
export function AppProviders({ queryClient, children, env = "default" }: Props) {
  const { i18n } = useTranslation();
  return (
    <ThemeProvider env={env}>
      <DatesProvider settings={{ locale: i18n.language }}>
        <QueryClientProvider client={queryClient}>
          <Notifications {...toastDefaults} />
          {/* No ModalsProvider here: the logged-in shell mounts it (web/modals-provider.tsx), so the
              modal code stays out of the login page's scripts. */}
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </ThemeProvider>
  );
}
