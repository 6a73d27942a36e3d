import type { QueryClient } from "@tanstack/react-query";
import { Suspense } from "react";
import { createBrowserRouter, createMemoryRouter, Outlet, type RouteObject } from "react-router";
import { access, guestRoutes, publicRoutes, routeAccess } from "../common/access";
import { onRouteChange } from "./api/query-client";
import { LazyAppLayout as AppLayout } from "./layout/LazyAppLayout";
import { lazyPage } from "./pages/lazy";
import { guestPages, pages } from "./pages/registry";
import { ErrorPage } from "./pages/system/ErrorPage";
import { NotFoundPage } from "./pages/system/NotFoundPage";
import { PageLoader } from "./pages/system/PageLoader";
import { RouteErrorPage } from "./pages/system/RouteErrorPage";
import { GuestOnly, RequireAuth, RoleGuard } from "./session/guards";
import { useSession } from "./session/useSession";

/** A modal page: loaded on first use, so its modal code stays out of the first script (login). */
const AccessDeniedPage = lazyPage(() => import("./pages/system/AccessDeniedPage"));

/** The screen of one path: its page (every route has one; web/router.test.tsx checks it). */
function screenFor(path: string, registry: typeof pages) {
  const Page = registry[path];
  if (Page) return <Page />;
  if (path === "/error") return <ErrorPage />;
  return <NotFoundPage />;
}

/** Unknown paths: inside the shell for a logged-in user, on their own for a visitor. */
function UnknownRoute() {
  const { isLoggedIn } = useSession();
  if (isLoggedIn) {
    return (
      <AppLayout>
        <NotFoundPage />
      </AppLayout>
    );
  }
  return <NotFoundPage />;
}

function GuestFrame() {
  return (
    <Suspense fallback={<PageLoader fullScreen />}>
      <Outlet />
    </Suspense>
  );
}

/** Every route of spec.md §2 with its access rule from common/access.ts. */
export function buildRoutes(): RouteObject[] {
  const guest: RouteObject[] = guestRoutes.map((path) => ({ path, element: screenFor(path, guestPages) }));
  const open: RouteObject[] = publicRoutes.map((path) => ({ path, element: screenFor(path, guestPages) }));
  const loggedIn: RouteObject[] = Object.entries(routeAccess).map(([path, rule]) => ({
    path,
    element: <RoleGuard allowed={access[rule]}>{screenFor(path, pages)}</RoleGuard>,
  }));
  loggedIn.push({ path: "/access-denied", element: <AccessDeniedPage /> });

  return [
    {
      errorElement: <RouteErrorPage />,
      children: [
        { element: <GuestOnly />, children: [{ element: <GuestFrame />, children: guest }] },
        { element: <GuestFrame />, children: open },
        { element: <RequireAuth />, children: [{ element: <AppLayout />, children: loggedIn }] },
        { path: "*", element: <UnknownRoute /> },
      ],
    },
  ];
}

type AppRouter = ReturnType<typeof createBrowserRouter>;

/** Route change = another pathname: clear field errors and cancel pending requests before it renders. */
function attachRouteChangeEffects(router: AppRouter, queryClient: QueryClient): AppRouter {
  let pathname = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.location.pathname === pathname) return;
    pathname = state.location.pathname;
    onRouteChange(queryClient);
  });
  return router;
}

export function createAppRouter(queryClient: QueryClient): AppRouter {
  return attachRouteChangeEffects(createBrowserRouter(buildRoutes(), { basename: "/" }), queryClient);
}

/** The same routes in memory, for tests: `createTestRouter(queryClient, ["/classrooms"])`. */
export function createTestRouter(queryClient: QueryClient, initialEntries: string[], initialIndex?: number) {
  const router = createMemoryRouter(buildRoutes(), {
    initialEntries,
    ...(initialIndex === undefined ? {} : { initialIndex }),
  });
  return attachRouteChangeEffects(router, queryClient);
}
