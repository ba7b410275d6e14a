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
      () => completeInstance(language, area),
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

const merged = new Map<string, Messages>();

function messages(language: Language, area: TranslationArea): Messages {
  if (!translationsLoaded(language, area)) {
    throw new Error(`Translations ${language}/${area} are not loaded (call loadTranslations)`);
  }
  const key = `${language}/${area}`;
  let value = merged.get(key);
  if (!value) {
    value = Object.assign(
      {},
      ...AREA_BUNDLES[area].map((bundle) => loaded.get(`${language}/${bundle}`)),
    ) as Messages;
    merged.set(key, value);
  }
  return value;
}

/**
 * The part of an area's messages that `keys` read: each key's value (a string, or the subtree
 * asked for with returnObjects) with its plural and context forms (`key_one`, `key_other`, …).
 */
export function messagesOfKeys(
  language: Language,
  area: TranslationArea,
  keys: Iterable<string>,
): Messages {
  const all = messages(language, area);
  const picked: Messages = {};
  for (const key of keys) {
    const path = key.split(".");
    const last = path.pop() as string;
    const source = path.reduce<unknown>((node, part) => (node as Messages | null)?.[part], all);
    if (typeof source !== "object" || source === null) continue;
    for (const [name, value] of Object.entries(source)) {
      if (name !== last && !name.startsWith(`${last}_`)) continue;
      let target = picked;
      for (const part of path) {
        target[part] ??= {};
        target = target[part] as Messages;
      }
      target[name] = value;
    }
  }
  return picked;
}

/**
 * An i18next instance over `instance` that notes every key its `t` is asked (useTranslation's
 * `t` calls it) in `used`: one per server render, so that the page carries the strings it
 * rendered and the browser hydrates without downloading the whole area (page-translations.tsx).
 */
export function recordingI18n(instance: I18n, used: Set<string>): I18n {
  const i18n = Object.create(instance) as I18n;
  const translate = (key: string | string[], ...rest: unknown[]) => {
    for (const one of [key].flat()) if (typeof one === "string") used.add(one);
    return (instance.t as unknown as (...args: unknown[]) => unknown)(key, ...rest);
  };
  i18n.t = translate as unknown as I18n["t"];
  // i18next binds its methods to their instance: getFixedT must be bound to this one to call
  // its `t`.
  const { getFixedT } = Object.getPrototypeOf(instance) as I18n;
  i18n.getFixedT = getFixedT.bind(i18n) as I18n["getFixedT"];
  return i18n;
}

// Browser: the strings the server rendered the first page with, per language and area.
const serverRendered = new Map<string, Messages>();
let firstPage: string | undefined;

/** The browser hydrates the first page with the strings the server rendered it with. */
export function startWithServerStrings(
  language: Language,
  area: TranslationArea,
  strings: Messages,
): void {
  serverRendered.set(`${language}/${area}`, strings);
}

/**
 * Whether a page can render in `language` and `area` now: with the whole area loaded, or, on the
 * page the browser hydrated (`page`: its location key), with the strings the server sent.
 */
export function translationsReady(language: Language, area: TranslationArea, page: string) {
  if (translationsLoaded(language, area)) return true;
  if (!serverRendered.has(`${language}/${area}`)) return false;
  firstPage ??= page;
  return page === firstPage;
}

/**
 * The rest of the area is downloaded at the visitor's first interaction: what shows only after
 * one (dialogs, toasts, validation errors, the next page) then finds its strings loaded.
 */
export function loadRestOnFirstInteraction(language: Language, area: TranslationArea): void {
  const events = ["pointerdown", "keydown", "focusin", "touchstart"] as const;
  const load = () => {
    for (const type of events) removeEventListener(type, load, true);
    loadTranslations(language, area).catch(() => undefined);
  };
  for (const type of events) addEventListener(type, load, { capture: true, passive: true });
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

type StoreWithOptions = {
  addResourceBundle(
    language: string,
    namespace: string,
    resources: Messages,
    deep: boolean,
    overwrite: boolean,
    options: { silent: boolean; skipCopy: boolean },
  ): void;
};

// Instances started with the server's strings that asked for a key they did not have.
const missed = new Set<string>();

/**
 * An instance started with the server's strings gets the whole area once loaded; its components
 * render again (react-i18next's "added" store event) only if one asked for a missing key.
 */
function completeInstance(language: Language, area: TranslationArea): void {
  const key = `${language}/${area}`;
  const instance = instances.get(key);
  if (!instance || !serverRendered.has(key)) return;
  // The store's own method (typed without its last argument): silent unless a key was missed.
  (instance.store as unknown as StoreWithOptions).addResourceBundle(
    language,
    "translation",
    messages(language, area),
    false,
    true,
    { silent: !missed.has(key), skipCopy: true },
  );
}

/**
 * A fresh i18next instance over the already loaded bundles of `area` (loadTranslations), in one
 * language for good. In the browser, before the area is loaded, over the strings the server
 * rendered the page with: a key not among them loads the area, reads empty meanwhile (never the
 * raw key) and renders again once there.
 */
export function createI18n(language: Language, area: TranslationArea = "storefront"): I18n {
  const key = `${language}/${area}`;
  const complete = translationsLoaded(language, area);
  const instance = createInstance();
  void instance.init({
    lng: language,
    // Both languages carry every key (test/i18n-bundles.test.ts): no other language to download.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    resources: {
      [language]: {
        translation: complete ? messages(language, area) : (serverRendered.get(key) ?? {}),
      },
    },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false, bindI18nStore: "added" },
    ...(complete
      ? {}
      : {
          parseMissingKeyHandler: (missing: string, defaultValue?: string) => {
            if (translationsLoaded(language, area)) return defaultValue ?? missing;
            missed.add(key);
            loadTranslations(language, area).catch(() => undefined);
            return defaultValue ?? "";
          },
        }),
  });
  return instance;
}
