import { MantineProvider } from "@mantine/core";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { cssVariablesResolver, localizedTheme } from "./theme";

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

type Props = {
  children: ReactNode;
  /** "test" turns off Mantine transitions and portals' delays (tests). */
  env?: "default" | "test";
};

/** Mantine with the app's theme, in the interface language: shared by the login page and the whole app. */
export function ThemeProvider({ children, env = "default" }: Props) {
  const { t } = useTranslation();
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
      {children}
    </MantineProvider>
  );
}
