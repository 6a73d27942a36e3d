import { IconHammer } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useBreadcrumbs } from "../../layout/breadcrumbs";
import { MessagePage } from "./MessagePage";

/**
 * The screen of a route whose module a later issue builds: says which capability is missing.
 * `area` is a key under `areas` in the i18n files.
 */
export function PendingPage({ area }: { area: string }) {
  const { t } = useTranslation();
  const name = t(`areas.${area}`);
  useBreadcrumbs([{ label: name }]);
  return (
    <MessagePage
      icon={<IconHammer size={40} stroke={1.5} aria-hidden />}
      title={t("pages.pending.title", { area: name })}
      text={t("pages.pending.text", { area: name })}
    />
  );
}
