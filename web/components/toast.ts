import { type NotificationData, notifications } from "@mantine/notifications";
import type { ReactNode } from "react";
import i18n from "../i18n";

/**
 * Settings for the `<Notifications>` provider (spec.md §4 "Message (toast)", §9):
 * `<Notifications {...TOAST_DEFAULTS} />` — bottom-right, 3000 ms, at most 550 px wide.
 * Mantine pauses the auto-close timer while the pointer is over a message and restarts it on leave.
 */
export const TOAST_DEFAULTS = {
  position: "bottom-right",
  autoClose: 3000,
  containerWidth: 550,
} as const;

export type ToastType = "info" | "success" | "error" | "warning";

export interface ToastOptions {
  title?: ReactNode;
  /** Milliseconds before it closes; 3000 by default; 0 or less keeps it open with a close button. */
  duration?: number;
  /** Reuse an id to replace a message instead of stacking a new one. */
  id?: string;
}

const COLORS: Record<ToastType, string> = {
  info: "blue",
  success: "green",
  error: "red",
  warning: "yellow",
};

/** The notification a message of this type and these options becomes. */
export function toastData(type: ToastType, message: ReactNode, options: ToastOptions = {}): NotificationData {
  const duration = options.duration ?? TOAST_DEFAULTS.autoClose;
  const persistent = duration <= 0;
  return {
    ...(options.id === undefined ? {} : { id: options.id }),
    title: options.title,
    message,
    color: COLORS[type],
    loading: false,
    autoClose: persistent ? false : duration,
    withCloseButton: persistent,
    ...(persistent ? { closeButtonProps: { "aria-label": i18n.t("common.close") } } : {}),
    "data-toast-type": type,
  };
}

function show(type: ToastType) {
  return (message: ReactNode, options?: ToastOptions): string =>
    notifications.show(toastData(type, message, options));
}

export interface LoadingToastOptions<T> {
  title?: ReactNode;
  /** Shown (as a success message) when the action resolves; without it the loading message just goes away. */
  success?: ReactNode | ((result: T) => ReactNode);
  /** Shown (as an error message) when the action rejects; without it the loading message just goes away. */
  error?: ReactNode | ((error: unknown) => ReactNode);
}

/**
 * Shows a loading message that has no timer and no close button, runs `action`, and when the action
 * settles replaces the message with `success`/`error` (if given) or removes it. Resolves or rejects
 * like the action. The action receives the message id, so it may also update the message itself.
 */
async function loading<T>(
  message: ReactNode,
  action: (id: string) => Promise<T>,
  options: LoadingToastOptions<T> = {},
): Promise<T> {
  const id = notifications.show({
    title: options.title,
    message,
    loading: true,
    autoClose: false,
    withCloseButton: false,
    "data-toast-type": "loading",
  });
  try {
    const result = await action(id);
    if (options.success === undefined) notifications.hide(id);
    else {
      const text = typeof options.success === "function" ? options.success(result) : options.success;
      notifications.update(toastData("success", text, { id }));
    }
    return result;
  } catch (error) {
    if (options.error === undefined) notifications.hide(id);
    else {
      const text = typeof options.error === "function" ? options.error(error) : options.error;
      notifications.update(toastData("error", text, { id }));
    }
    throw error;
  }
}

/** Short messages of spec.md §4: `toast.success("Guardado")`, `toast.error(text, { duration: 5000 })`. */
export const toast = {
  info: show("info"),
  success: show("success"),
  error: show("error"),
  warning: show("warning"),
  loading,
  hide: (id: string) => notifications.hide(id),
  clean: () => notifications.clean(),
};
