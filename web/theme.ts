import {
  type CSSProperties,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
} from "@mantine/core";

const grayWithReadableShade6 = DEFAULT_THEME.colors.gray.map((shade, i) =>
  i === 6 ? "#666d75" : shade,
) as unknown as MantineColorsTuple;

/** A clean, calm theme: one primary colour, system fonts, rounded corners. */
export const theme = createTheme({
  primaryColor: "indigo",
  // Gray 6 is Mantine's "dimmed" text (and toasts' text under a title): #868e96 gives 3.3:1 on white;
  // this one 5.2:1 on white and 5:1 on the gray-0 page background (WCAG AA asks 4.5:1).
  colors: { gray: grayWithReadableShade6 },
  // Shade 8 in light mode: white text on filled buttons and indigo links on white reach 5.7:1 (WCAG AA
  // asks 4.5:1; shade 6 gave 4.3:1). autoContrast puts dark text on light filled colours (yellow…).
  primaryShade: { light: 8, dark: 5 },
  autoContrast: true,
  defaultRadius: "md",
  fontFamily:
    "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  headings: { fontWeight: "650" },
  cursorType: "pointer",
  // Someone who asked their system for less motion gets modals, menus and toasts without transitions.
  respectReducedMotion: true,
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

/**
 * Mantine colours that miss WCAG AA contrast (4.5:1) on the app's light backgrounds, in light mode:
 * error messages (red 6 gives 3.3:1 on white; red 8 gives 4.5:1) and the primary colour's "light"
 * backgrounds (active sidebar link: indigo 9 on indigo 2 when hovered gave 4.1:1; on indigo 1, 5.3:1), and
 * the text of orange and yellow "light" badges and alerts (orange 9 on orange 1 gave 3.6:1; these give 5:1).
 * Dimmed text is gray 6, made darker in the palette above. Dark mode keeps Mantine's values.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    "--mantine-color-error": "var(--mantine-color-red-8)",
    [`--mantine-color-${t.primaryColor}-light`]: `var(--mantine-color-${t.primaryColor}-0)`,
    [`--mantine-color-${t.primaryColor}-light-hover`]: `var(--mantine-color-${t.primaryColor}-1)`,
    "--mantine-color-orange-light-color": "#b03c0a",
    "--mantine-color-yellow-light-color": "#8a5a00",
  },
  dark: {},
});
