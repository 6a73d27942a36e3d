import i18n from "./index";

/**
 * The Spanish texts of the logged-in areas (classrooms, periods, schedules…) stay out of the login page's
 * script: web/i18n/es.json holds what the guest pages, the shell and the shared components say, and
 * es-areas.json the rest, loaded once with the first area opened (web/pages/registry.tsx). Areas share
 * texts (a section shows schedules' weekday names), so they come as one file. English (en.json) is whole.
 */
let loading: Promise<void> | undefined;

export function loadAreaTexts(): Promise<void> {
  loading ??= import("./es-areas.json").then(
    (m) => {
      i18n.addResourceBundle("es", "translation", m.default, true, false);
    },
    (error: unknown) => {
      loading = undefined; // a failed download is tried again with the next page
      throw error;
    },
  );
  return loading;
}

/** An area's module, resolved once its texts are there: `withAreaTexts(import("./classrooms"))`. */
export function withAreaTexts<M>(module: Promise<M>): Promise<M> {
  return Promise.all([module, loadAreaTexts()]).then(([m]) => m);
}
