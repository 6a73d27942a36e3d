import { type ComponentType, lazy, type ReactNode, Suspense } from "react";
import { matchPath, useLocation } from "react-router";
import { pages } from "../pages/registry";
import { PageLoader } from "../pages/system/PageLoader";

const AppLayoutChunk = lazy(() => import("./app-layout-chunk"));

/** Starts loading the page of `pathname` (its chunk) while the shell's own chunk loads. */
function preloadPageOf(pathname: string) {
  for (const [pattern, page] of Object.entries(pages)) {
    if (page && matchPath(pattern, pathname)) {
      (page as ComponentType & { preload?: () => void }).preload?.();
      return;
    }
  }
}

/**
 * The logged-in frame (AppLayout), loaded on first use: guest pages (login) do not download the
 * shell, its menus and its styles. The page's own chunk is fetched at the same time, not after.
 */
export function LazyAppLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  preloadPageOf(pathname);
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <AppLayoutChunk>{children}</AppLayoutChunk>
    </Suspense>
  );
}
