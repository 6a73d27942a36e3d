import { createTheme, Modal, PasswordInput } from "@mantine/core";

/** A clean, calm theme: one primary colour, system fonts, rounded corners. */
export const theme = createTheme({
  primaryColor: "indigo",
  primaryShade: { light: 6, dark: 5 },
  defaultRadius: "md",
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: "650" },
  cursorType: "pointer",
});

/** Accessible names of Mantine's icon buttons, in the interface language. */
export function localizedTheme(labels: { togglePassword: string; close: string }) {
  return createTheme({
    ...theme,
    components: {
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { "aria-label": labels.togglePassword } },
      }),
      Modal: Modal.extend({ defaultProps: { closeButtonProps: { "aria-label": labels.close } } }),
    },
  });
}

/** Toasts of spec.md §9: bottom-right, at most 550 px wide, 3000 ms by default. */
export const toastDefaults = {
  position: "bottom-right",
  containerWidth: 550,
  autoClose: 3000,
  pauseResetOnHover: "notification",
} as const;
