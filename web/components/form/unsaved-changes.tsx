import { type ReactNode, useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "../ConfirmDialog/ConfirmDialog";

export interface UnsavedChanges {
  /** Render it in the form: the Sí/No dialog shown when the user tries to leave. */
  dialog: ReactNode;
  /**
   * `true` right before a successful save navigates away (no question then); `false` again when the
   * save failed and the user stays on the form.
   */
  allowLeaving: (allowed: boolean) => void;
}

/**
 * Asks before a form with unsaved changes is left: a Sí/No dialog for a move inside the app (a link, the
 * breadcrumb, the browser's back button — React Router's `useBlocker`, so it needs the app's data
 * router) and the browser's own prompt when the tab is closed or reloaded (`beforeunload`). Only another
 * path counts as leaving. Usage: `const unsaved = useUnsavedChanges(form.isDirty())`, then
 * `{unsaved.dialog}` in the form and `unsaved.allowLeaving(true)` before saving.
 */
export function useUnsavedChanges(dirty: boolean): UnsavedChanges {
  const { t } = useTranslation();
  const dirtyRef = useRef(dirty);
  const allowedRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current && !allowedRef.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (allowedRef.current) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);

  const allowLeaving = useCallback((allowed: boolean) => {
    allowedRef.current = allowed;
  }, []);

  const dialog = (
    <ConfirmDialog
      opened={blocker.state === "blocked"}
      title={t("components.unsavedChanges.title")}
      message={t("components.unsavedChanges.message")}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
  return { dialog, allowLeaving };
}
