import { IconAlertTriangle } from "@tabler/icons-react";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CHUNK_TIMEOUT_ERROR } from "../pages/lazy";
import { MessagePage } from "../pages/system/MessagePage";

/** A page's code that did not arrive (120 s timeout, network) versus a page that failed to render. */
function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return (
    message === CHUNK_TIMEOUT_ERROR ||
    /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message)
  );
}

function PageError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <MessagePage
      icon={<IconAlertTriangle size={40} stroke={1.5} aria-hidden />}
      title={t("errors.page.genericTitle")}
      text={isLoadFailure(error) ? t("errors.page.loadFailedText") : t("errors.page.genericText")}
      action={{ label: t("errors.page.goHome"), to: "/home" }}
    />
  );
}

type Props = { children: ReactNode };

/**
 * Catches a page that failed to load its code or to render, and shows the error in the page's place:
 * the header and sidebar stay. AppLayout keys it by path, so another page starts afresh.
 */
export class PageErrorBoundary extends Component<Props, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error("unknown") };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("[page]", error, info.componentStack);
  }

  override render() {
    return this.state.error ? <PageError error={this.state.error} /> : this.props.children;
  }
}
