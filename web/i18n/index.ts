import dayjs from "dayjs";
import "dayjs/locale/es";
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import type { ValidationLanguage } from "../../common/validation/labels";
import { localizedErrorMap } from "../../common/validation/zod";
import en from "./en.json";
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

/** Keeps dayjs and the document language in step with the interface language. */
function applyLanguage(lang: string) {
  dayjs.locale(lang === "en" ? "en" : "es");
  if (typeof document !== "undefined") document.documentElement.lang = lang;
}

i18n.on("languageChanged", applyLanguage);

void i18n.use(initReactI18next).init({
  resources: { es: { translation: es }, en: { translation: en } },
  lng: storedLanguage(),
  fallbackLng: "es",
  interpolation: { escapeValue: false },
});
applyLanguage(i18n.language);

export function setLanguage(lang: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // storage unavailable: the choice lasts for this visit only
  }
  void i18n.changeLanguage(lang);
}

/**
 * Zod error map of the web app's forms: validation messages in the interface language (Spanish, the
 * server's language, or English), chosen when a form is checked.
 */
export const validationErrorMap = localizedErrorMap(() => i18n.language);

/** The language of validation messages written by hand (`validationMessage(rule, field, {}, lang)`). */
export const validationLanguage = (): ValidationLanguage => (i18n.language?.startsWith("en") ? "en" : "es");

export default i18n;
