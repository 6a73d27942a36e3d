import dayjs from "dayjs";
import "dayjs/locale/es";
import i18n from "./index";

/**
 * dayjs in the interface language. Imported by the screens that format dates (not by the entry, so the
 * login page does not load it): `import { dayjs } from "../../i18n/dayjs"`.
 */
const applyLocale = (lang: string) => dayjs.locale(lang === "en" ? "en" : "es");
applyLocale(i18n.language);
i18n.on("languageChanged", applyLocale);

export { dayjs };
