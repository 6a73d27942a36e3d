import { lazy, Suspense } from "react";
import { useLocation } from "react-router";
import { useSession } from "../../session/useSession";

/** The banner's code loads only for the people who may see it: the shell stays light for everyone else. */
const PaymentBanner = lazy(() => import("./PaymentBanner").then((m) => ({ default: m.PaymentBanner })));

/**
 * Where the logged-in layout puts the payment banner (spec.md §2): a student on any page, an administrator
 * or assistant on a student's pages (`/students/{id}…`).
 */
export function PaymentBannerSlot() {
  const { isStudent, isAdminGroup } = useSession();
  const { pathname } = useLocation();
  if (!isStudent && !(isAdminGroup && /^\/students\/\d+/.test(pathname))) return null;
  return (
    <Suspense fallback={null}>
      <PaymentBanner />
    </Suspense>
  );
}
