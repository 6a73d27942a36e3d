import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import "./i18n";
import { localizedTheme, toastDefaults } from "./theme";

type Props = {
  queryClient: QueryClient;
  children: ReactNode;
  /** "test" turns off Mantine transitions and portals' delays (tests). */
  env?: "default" | "test";
};

/** Every provider the app needs except the router (shared by main.tsx and the test wrapper). */
export function AppProviders({ queryClient, children, env = "default" }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useMemo(
    () => localizedTheme({ togglePassword: t("common.togglePassword"), close: t("common.close") }),
    [t],
  );
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <DatesProvider settings={{ locale: i18n.language }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: t("common.confirm"), cancel: t("common.cancel") }}>
            <Notifications {...toastDefaults} />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
