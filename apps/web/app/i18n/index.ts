import { LANGUAGES, type Language } from "@booking/contracts/languages";
import { createTranslator, type Messages, type TFunction, type Translator } from "./translator";

export type { TFunction, Translator };

export const DEFAULT_LANGUAGE: Language = "fr";

/**
 * Translations are split per area and language so that a page downloads only what it can show
 * (README.md in this folder says which file gets which keys). Every file holds whole top-level
 * keys of the one `translation` namespace, so keys read the same whatever file they live in.
 */
export type TranslationArea = "storefront" | "console" | "platform";
type Bundle = "common" | "storefront" | "console" | "platform";

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
    const source = path.reduce<unknown>(
      (node, part) => (node as Messages | undefined)?.[part],
      all,
    );
    if (typeof source !== "object" || source === null) continue;
    for (const [name, value] of Object.entries(source as Messages)) {
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
 * The translator `translator` whose `t` also notes every key it is asked in `used`: one per server
 * render, so that the page carries the strings it rendered and the browser hydrates without
 * downloading the whole area (page-translations.tsx).
 */
export function recordingTranslator(translator: Translator, used: Set<string>): Translator {
  const recording = Object.create(translator) as Translator & { t: TFunction };
  recording.t = (key, options) => {
    used.add(key);
    return translator.t(key, options);
  };
  return recording;
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

const instances = new Map<string, Translator>();

/**
 * The translator of a language and area, built once (on the server, for every request in that
 * language). It is fixed to its language, so two requests in different languages never see each
 * other's strings (decision 0035).
 */
export function sharedI18n(language: Language, area: TranslationArea = "storefront"): Translator {
  const key = `${language}/${area}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = createI18n(language, area);
    instances.set(key, instance);
  }
  return instance;
}

// Translators started with the server's strings that were asked a key they did not have.
const missed = new Set<string>();

/**
 * A translator started with the server's strings gets the whole area once loaded; its components
 * render again only if one asked for a missing key.
 */
function completeInstance(language: Language, area: TranslationArea): void {
  const key = `${language}/${area}`;
  const instance = instances.get(key);
  if (!instance || !serverRendered.has(key)) return;
  instance.addMessages(messages(language, area), { overwrite: true, notify: missed.has(key) });
}

/**
 * A translator over the already loaded bundles of `area` (loadTranslations), in one language for
 * good. In the browser, before the area is loaded, over the strings the server rendered the page
 * with: a key not among them loads the area, reads empty meanwhile (never the raw key) and renders
 * again once there.
 */
export function createI18n(language: Language, area: TranslationArea = "storefront"): Translator {
  const key = `${language}/${area}`;
  if (translationsLoaded(language, area))
    return createTranslator(language, messages(language, area));
  return createTranslator(
    language,
    structuredClone(serverRendered.get(key) ?? {}),
    (_missing, defaultValue) => {
      if (translationsLoaded(language, area)) return defaultValue ?? _missing;
      missed.add(key);
      loadTranslations(language, area).catch(() => undefined);
      return defaultValue ?? "";
    },
  );
}
