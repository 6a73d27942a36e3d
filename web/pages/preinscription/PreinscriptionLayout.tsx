import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AuthLayout } from "../auth/AuthLayout";

/** The frame of the public pre-inscription page: the guest frame with a card wide enough for the form. */
export function PreinscriptionLayout(props: { title: string; description?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return <AuthLayout {...props} pageTitle={t("preinscription.title")} width={680} />;
}
