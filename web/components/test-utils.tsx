import { MantineProvider } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications } from "@mantine/notifications";
import { type RenderOptions, render } from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import i18n from "../i18n";

void i18n.changeLanguage("es");

// Browsers match an empty media query; mantine-datatable renders cells only when their
// (empty by default) `visibleMediaQuery` matches, so the stub must agree.
const stubbedMatchMedia = window.matchMedia;
window.matchMedia = (query: string) => {
  const result = stubbedMatchMedia(query);
  return query.trim() === "" ? ({ ...result, media: query, matches: true } as MediaQueryList) : result;
};

/** Providers the shared components need in tests: Mantine (test env: no transitions, no portals), modals, notifications. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider env="test">
      <ModalsProvider>
        <Notifications />
        {children}
      </ModalsProvider>
    </MantineProvider>
  );
}

export function renderWithProviders(ui: ReactElement, options?: Omit<RenderOptions, "wrapper">) {
  return render(ui, { wrapper: TestProviders, ...options });
}
