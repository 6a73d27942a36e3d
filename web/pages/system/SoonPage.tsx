import { IconClockHour4 } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { MessagePage } from "./MessagePage";

/** /soon: a feature that is not part of the product yet. */
export default function SoonPage() {
  const { t } = useTranslation();
  useBreadcrumbs([{ label: t("pages.soon.title") }]);
  return (
    <MessagePage
      icon={<IconClockHour4 size={40} stroke={1.5} aria-hidden />}
      title={t("pages.soon.title")}
      text={t("pages.soon.text")}
      action={{ label: t("errors.page.goHome"), to: "/home" }}
    />
  );
}
