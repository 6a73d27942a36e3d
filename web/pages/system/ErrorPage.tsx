import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { MessagePage } from "./MessagePage";

/** /error: a generic error screen other screens may send the user to. */
export function ErrorPage() {
  const { t } = useTranslation();
  useBreadcrumbs([{ label: t("errors.page.genericTitle") }]);
  return (
    <MessagePage
      icon={<IconAlertTriangle size={40} stroke={1.5} aria-hidden />}
      title={t("errors.page.genericTitle")}
      text={t("errors.page.genericText")}
      action={{ label: t("errors.page.goHome"), to: "/home" }}
    />
  );
}
