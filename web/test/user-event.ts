import base, { type Options, type UserEvent } from "@testing-library/user-event";

/**
 * `@testing-library/user-event` without its pause between actions: by default every keystroke and click
 * waits for a `setTimeout(0)` turn (`delay: 0`), which only slows the tests down (React settles inside
 * `act` anyway). Import this `userEvent` instead of the library's: the same API, `delay: null` unless a
 * test asks for another. The direct calls (`userEvent.click(…)`) keep their own semantics (a fresh
 * session each call, as the library's).
 */
const quick = <O extends Options>(options?: O) => ({ delay: null, ...options });

type Direct = typeof base;
type Setup = (options?: Options) => UserEvent;

export const userEvent = {
  setup: ((options) => base.setup(quick(options))) as Setup,
  // The library's direct `clear` takes no options: a fresh session does the same.
  clear: ((element) => base.setup(quick()).clear(element)) as Direct["clear"],
  click: ((element, options) => base.click(element, quick(options))) as Direct["click"],
  dblClick: ((element, options) => base.dblClick(element, quick(options))) as Direct["dblClick"],
  hover: ((element, options) => base.hover(element, quick(options))) as Direct["hover"],
  unhover: ((element, options) => base.unhover(element, quick(options))) as Direct["unhover"],
  keyboard: ((text, options) => base.keyboard(text, quick(options))) as Direct["keyboard"],
  paste: ((data, options) => base.paste(data, quick(options))) as Direct["paste"],
  pointer: ((input, options) => base.pointer(input, quick(options))) as Direct["pointer"],
  selectOptions: ((select, values, options) =>
    base.selectOptions(select, values, quick(options))) as Direct["selectOptions"],
  deselectOptions: ((select, values, options) =>
    base.deselectOptions(select, values, quick(options))) as Direct["deselectOptions"],
  tab: ((options) => base.tab(quick(options))) as Direct["tab"],
  type: ((element, text, options) => base.type(element, text, quick(options))) as Direct["type"],
  upload: ((element, files, options) => base.upload(element, files, quick(options))) as Direct["upload"],
};

export type { UserEvent };
