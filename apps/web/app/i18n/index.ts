import { LANGUAGES, type Language } from "@booking/contracts/languages";
import { createInstance, type i18n as I18n } from "i18next";

export const DEFAULT_LANGUAGE: Language = "fr";

/**
 * Translations are split per area and language so that a page downloads only what it can show
 * (README.md in this folder says which file gets which keys). Every file holds whole top-level
 * keys of the one `translation` namespace, so keys read the same whatever file they live in.
 */
export type TranslationArea = "storefront" | "console" | "platform";
type Bundle = "common" | "storefront" | "console" | "platform";
type Messages = Record<string, unknown>;

/** What each area reads: storefront visitors never download the console's strings. */
export const AREA_BUNDLES: Record<TranslationArea, readonly Bundle[]> = {
  storefront: ["common", "storefront"],
  console: ["common", "console"],
  /** the product's own site and the organisers' sign-up (bare platform domain) */
  platform: ["common", "platform"],
};

// Literal paths, so that the bundler makes one chunk per file, fetched only when asked for.
const IMPORTS: Record<Language, Record<Bundle, () => Promise<{ default: Messages }>>> = {
  fr: {
    common: () => import("./fr/common.json"),
    storefront: () => import("./fr/storefront.json"),
    console: () => import("./fr/console.json"),
    platform: () => import("./fr/platform.json"),
  },
  en: {
    common: () => import("./en/common.json"),
    storefront: () => import("./en/storefront.json"),
    console: () => import("./en/console.json"),
    platform: () => import("./en/platform.json"),
  },
};

// Read-only data, the same for every request: loaded once per process (server) or page (browser).
const loaded = new Map<string, Messages>();
const loading = new Map<string, Promise<void>>();

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** The area a page belongs to, from the root loader's kind. */
export function translationArea(
  kind: "admin" | "storefront" | "platform" | undefined,
): TranslationArea {
  if (kind === "admin") return "console";
  return kind === "platform" ? "platform" : "storefront";
}

export function translationsLoaded(language: Language, area: TranslationArea): boolean {
  return AREA_BUNDLES[area].every((bundle) => loaded.has(`${language}/${bundle}`));
}

/**
 * Loads an area's bundles in one language. The same promise is returned while it is pending (as
 * React's use() needs); a failed load (network) is forgotten so that the next render retries.
 */
export function loadTranslations(language: Language, area: TranslationArea): Promise<void> {
  const key = `${language}/${area}`;
  let promise = loading.get(key);
  if (!promise) {
    promise = Promise.all(
      AREA_BUNDLES[area].map(async (bundle) => {
        const module = await IMPORTS[language][bundle]();
        loaded.set(`${language}/${bundle}`, module.default);
      }),
    ).then(
      () => undefined,
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/** Every bundle in every language: the server renders any page, so it holds them all. */
export async function loadAllTranslations(): Promise<void> {
  await Promise.all(
    LANGUAGES.flatMap((language) =>
      (Object.keys(AREA_BUNDLES) as TranslationArea[]).map((area) =>
        loadTranslations(language, area),
      ),
    ),
  );
}

function messages(language: Language, area: TranslationArea): Messages {
  if (!translationsLoaded(language, area)) {
    throw new Error(`Translations ${language}/${area} are not loaded (call loadTranslations)`);
  }
  return Object.assign(
    {},
    ...AREA_BUNDLES[area].map((bundle) => loaded.get(`${language}/${bundle}`)),
  ) as Messages;
}

const instances = new Map<string, I18n>();

/**
 * The i18next instance of a language and area, built once (on the server, for every request in
 * that language). An instance is fixed to its language (nothing calls changeLanguage), so two
 * requests in different languages never see each other's strings; building one, with its plural
 * rules, for every page was a noticeable part of a server render (decision 0035).
 */
export function sharedI18n(language: Language, area: TranslationArea = "storefront"): I18n {
  const key = `${language}/${area}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = createI18n(language, area);
    instances.set(key, instance);
  }
  return instance;
}

/**
 * A fresh i18next instance over the already loaded bundles of `area` (loadTranslations), in one
 * language for good.
 */
export function createI18n(language: Language, area: TranslationArea = "storefront"): I18n {
  const instance = createInstance();
  void instance.init({
    lng: language,
    // Both languages carry every key (test/i18n-bundles.test.ts): no other language to download.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    resources: { [language]: { translation: messages(language, area) } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
  });
  return instance;
}
