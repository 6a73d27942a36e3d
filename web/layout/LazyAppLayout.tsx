import { lazy, type ReactNode, Suspense } from "react";
import { PageLoader } from "../pages/system/PageLoader";

const AppLayoutChunk = lazy(() => import("./app-layout-chunk"));

/**
 * The logged-in frame (AppLayout), loaded on first use: guest pages (login) do not download the
 * shell, its menus and the full stylesheet.
 */
export function LazyAppLayout({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <AppLayoutChunk>{children}</AppLayoutChunk>
    </Suspense>
  );
}
