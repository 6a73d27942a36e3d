import type { ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { hasRole } from "../../common/roles";
import { useSession } from "./useSession";

/** Guest routes: a logged-in user is sent to /home. */
export function GuestOnly() {
  const { isLoggedIn } = useSession();
  return isLoggedIn ? <Navigate to="/home" replace /> : <Outlet />;
}

/** Every other route: a visitor is sent to the login screen. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to="/" replace state={{ from: location.pathname }} />;
  return children ?? <Outlet />;
}

/** A role check (spec.md §6): a user whose type is not allowed lands on /access-denied. */
export function RoleGuard({ allowed, children }: { allowed: readonly number[]; children: ReactNode }) {
  const { user } = useSession();
  if (!user) return <Navigate to="/" replace />;
  if (!hasRole(user.type, allowed)) return <Navigate to="/access-denied" replace />;
  return children;
}
