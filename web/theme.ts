import { type CSSProperties, createTheme } from "@mantine/core";

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

/**
 * How a read-only field looks (`readOnly` on TextInput, Textarea, NumberInput, PasswordInput): a grey,
 * dashed box with an ordinary cursor, so it does not pass for an editable one; focused, its border only
 * darkens (still visible for keyboard users) instead of taking the primary colour of a field being
 * edited. Selects are left out: Mantine makes a non-searchable Select's input read-only too.
 */
export const readOnlyInputStyle = {
  "--input-bg": "var(--mantine-color-gray-1)",
  "--input-bd-focus": "var(--mantine-color-gray-6)",
  borderStyle: "dashed",
  cursor: "default",
} as CSSProperties;

const readOnlyStyles = (_theme: unknown, props: { readOnly?: boolean }) =>
  props.readOnly ? { input: readOnlyInputStyle } : {};

/** Accessible names of Mantine's icon buttons, in the interface language. */
export function localizedTheme(labels: { togglePassword: string; close: string }) {
  return createTheme({
    ...theme,
    components: {
      // Plain objects, not PasswordInput.extend()/Modal.extend(): those would pull both components
      // (and the modal's scroll area and popover code) into the first script every page loads.
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { "aria-label": labels.togglePassword } },
        styles: readOnlyStyles,
      },
      TextInput: { styles: readOnlyStyles },
      Textarea: { styles: readOnlyStyles },
      NumberInput: { styles: readOnlyStyles },
      Modal: { defaultProps: { closeButtonProps: { "aria-label": labels.close } } },
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
