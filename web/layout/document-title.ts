import { useEffect } from "react";
import { useTranslation } from "react-i18next";

/** "Listado de aulas · Aula": the page, then the product (the product alone without a page). */
export function documentTitle(page: string | undefined, app: string): string {
  return page ? `${page} · ${app}` : app;
}

/** Names the page in the browser tab, in the interface language (it follows a language change). */
export function useDocumentTitle(page: string | undefined): void {
  const { t } = useTranslation();
  const app = t("app.name");
  useEffect(() => {
    document.title = documentTitle(page, app);
  }, [page, app]);
}
