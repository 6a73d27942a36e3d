import i18n, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import type { ValidationLanguage } from "../../common/validation/labels";
import es from "./es.json";

export const languages = ["es", "en"] as const;
export type Language = (typeof languages)[number];
/** Build-time storage key of the preferred language (spec.md §7). */
export const LANGUAGE_STORAGE_KEY = import.meta.env.VITE_LANGUAGE_STORAGE_KEY ?? "aula.language";

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === "en" ? "en" : "es";
  } catch {
    return "es";
  }
}

/** Keeps the document language in step with the interface language (dates: web/i18n/dayjs.ts). */
function applyLanguage(lang: string) {
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

i18n.on("languageChanged", applyLanguage);

/** Loads the English texts when first needed: Spanish, the default, is the only one in the entry. */
const lazyTranslations: BackendModule = {
  type: "backend",
  init() {},
  read(lang, _namespace, done) {
    if (lang !== "en") return done(null, {});
    import("./en.json").then(
      (m) => done(null, m.default),
      (err: unknown) => done(err instanceof Error ? err.message : String(err), false),
    );
  },
};

/** Resolves once the stored language's texts are loaded (main.tsx renders after it). */
export const i18nReady = i18n
  .use(lazyTranslations)
  .use(initReactI18next)
  .init({
    resources: { es: { translation: es } },
    partialBundledLanguages: true,
    lng: storedLanguage(),
    fallbackLng: "es",
    supportedLngs: ["es", "en"],
    interpolation: { escapeValue: false },
  })
  .then(() => applyLanguage(i18n.language));
applyLanguage(i18n.language);

export function setLanguage(lang: Language): Promise<unknown> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this visit only
  }
  return i18n.changeLanguage(lang);
}

/** The language of validation messages written by hand (`validationMessage(rule, field, {}, lang)`). */
export const validationLanguage = (): ValidationLanguage => (i18n.language?.startsWith("en") ? "en" : "es");

export default i18n;
