import { IconMapOff } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { useSession } from "../../session/useSession";
import { MessagePage } from "./MessagePage";

/** Unknown paths and /error. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  useBreadcrumbs([{ label: t("errors.page.notFoundTitle") }]);
  return (
    <MessagePage
      icon={<IconMapOff size={40} stroke={1.5} aria-hidden />}
      title={t("errors.page.notFoundTitle")}
      text={t("errors.page.notFoundText")}
      action={
        isLoggedIn
          ? { label: t("errors.page.goHome"), to: "/home" }
          : { label: t("errors.page.goLogin"), to: "/" }
      }
    />
  );
}
