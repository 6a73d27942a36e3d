import { MantineProvider } from "@mantine/core";
import { DatesProvider } from "@mantine/dates";
import { Notifications } from "@mantine/notifications";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import "./i18n";
import { cssVariablesResolver, localizedTheme, toastDefaults } from "./theme";

type Props = {
  queryClient: QueryClient;
  children: ReactNode;
  /** "test" turns off Mantine transitions and portals' delays (tests). */
  env?: "default" | "test";
};

/**
 * The nonce the server wrote into index.html (`<meta property="csp-nonce">`, see vite.config.ts): the
 * Content-Security-Policy admits only `<style>` elements that carry it, and Mantine adds some (its CSS
 * variables). Read once; tests and the dev server have none or a placeholder, which is harmless there.
 */
const styleNonce =
  typeof document === "undefined"
    ? undefined
    : (document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? undefined);
const getStyleNonce = () => styleNonce ?? "";
// The scroll lock of modals (react-remove-scroll) writes its own <style>; it takes the nonce from here.
if (styleNonce) (globalThis as { __webpack_nonce__?: string }).__webpack_nonce__ = styleNonce;

/** Every provider the app needs except the router and the modals (shared by main.tsx and the test wrapper). */
export function AppProviders({ queryClient, children, env = "default" }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useMemo(
    () => localizedTheme({ togglePassword: t("common.togglePassword"), close: t("common.close") }),
    [t],
  );
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
      getStyleNonce={styleNonce ? getStyleNonce : undefined}
    >
      <DatesProvider settings={{ locale: i18n.language }}>
        <QueryClientProvider client={queryClient}>
          <Notifications {...toastDefaults} />
          {/* No ModalsProvider here: the logged-in shell mounts it (web/modals-provider.tsx), so the
              modal code stays out of the login page's scripts. */}
          {children}
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
