import { IconAlertTriangle } from "@tabler/icons-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { MessagePage } from "./MessagePage";

/** Error boundary of the router: a page that failed to render or to load its chunk. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error("[route]", error);
  }, [error]);
  return (
    <MessagePage
      icon={<IconAlertTriangle size={40} stroke={1.5} aria-hidden />}
      title={t("errors.page.genericTitle")}
      text={t("errors.page.genericText")}
      action={{ label: t("errors.page.goHome"), to: "/home" }}
    />
  );
}
