import { LANGUAGES, type Language } from "@booking/contracts";
import { createInstance, type i18n as I18n } from "i18next";
import en from "./en.json";
import fr from "./fr.json";

export const DEFAULT_LANGUAGE: Language = "fr";

export const resources = {
  fr: { translation: fr },
  en: { translation: en },
} as const;

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * A fresh i18next instance for one render (one request on the server). Nothing is shared in
 * module scope, so two requests in different languages never see each other's state.
 */
export function createI18n(language: Language): I18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
