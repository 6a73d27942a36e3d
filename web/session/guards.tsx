import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { hasRole } from "../../common/roles";
import { PageLoader } from "../pages/system/PageLoader";
import { returnPath } from "./return-path";
import { useSession, useSessionResolving } from "./useSession";

export { returnPath };

/** Guest routes: a logged-in user is sent to where they were going (a deep link), else /home. */
export function GuestOnly() {
  const { isLoggedIn } = useSession();
  const resolving = useSessionResolving();
  const location = useLocation();
  if (resolving) return <PageLoader fullScreen />;
  return isLoggedIn ? <Navigate to={returnPath(location.state) ?? "/home"} replace /> : <Outlet />;
}

/** Every other route: a visitor is sent to the login screen, which brings them back after login. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isLoggedIn } = useSession();
  const resolving = useSessionResolving();
  const location = useLocation();
  if (resolving) return <PageLoader fullScreen />;
  if (!isLoggedIn) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/" replace state={{ from }} />;
  }
  return children ?? <Outlet />;
}

/** A role check (spec.md §6): a user whose type is not allowed lands on /access-denied. */
export function RoleGuard({ allowed, children }: { allowed: readonly number[]; children: ReactNode }) {
  const { user } = useSession();
  if (!user) return <Navigate to="/" replace />;
  if (!hasRole(user.type, allowed)) return <Navigate to="/access-denied" replace />;
  return children;
}
