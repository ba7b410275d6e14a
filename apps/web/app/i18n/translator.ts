import type { Language } from "@booking/contracts/languages";

/**
 * The app's translation runtime: nested messages in one language, looked up by dotted key, with
 * i18next's file format (plural forms `key_one`/`key_other`/… chosen by `Intl.PluralRules`,
 * `key_zero` first for a count of 0, `{{name}}` placeholders) — about 1 kB instead of i18next and
 * react-i18next's 18 kB gzip on every page's first load (decision 0069). The files use nothing
 * else of i18next (no namespaces, contexts, nesting or formatters; `test/translator.test.ts`
 * holds them to that).
 */
export type Messages = { [key: string]: string | Messages };

export interface TOptions {
  /** chooses the plural form, and fills `{{count}}` */
  count?: number;
  /** read when the key is missing */
  defaultValue?: string;
  /** the placeholders' values */
  [name: string]: unknown;
}

export type TFunction = (key: string, options?: TOptions) => string;

export interface Translator {
  readonly language: Language;
  readonly t: TFunction;
  /** whether the key has a string (in any plural form) */
  exists(key: string): boolean;
  /** merges more messages (existing strings are kept unless `overwrite`) */
  addMessages(messages: Messages, options?: { overwrite?: boolean; notify?: boolean }): void;
  /** called after a notifying `addMessages`: components read their strings again */
  subscribe(listener: () => void): () => void;
  /** changes at each notifying `addMessages` (useSyncExternalStore's snapshot) */
  readonly version: number;
}

/** What a key without a string reads (by default its `defaultValue`, else the key itself). */
export type MissingKeyHandler = (key: string, defaultValue: string | undefined) => string;

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** A placeholder without a value stays as written (i18next does the same). */
function interpolate(text: string, options: TOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(PLACEHOLDER, (placeholder, name: string) => {
    const value = name
      .split(".")
      .reduce<unknown>((node, part) => (node as Record<string, unknown> | null)?.[part], options);
    return value === undefined || value === null ? placeholder : String(value);
  });
}

function merge(target: Messages, source: Messages, overwrite: boolean): void {
  for (const [name, value] of Object.entries(source)) {
    const current = target[name];
    if (typeof value === "object" && typeof current === "object") {
      merge(current, value, overwrite);
    } else if (typeof value === "object") {
      if (current === undefined || overwrite) target[name] = structuredClone(value);
    } else if (current === undefined || overwrite) {
      target[name] = value;
    }
  }
}

const pluralRules = new Map<Language, Intl.PluralRules>();

function pluralCategory(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** The keys tried for `key`, in i18next's order: `_zero` (count 0), the plural form, the key, `_other`. */
export function candidateKeys(language: Language, key: string, count: unknown): string[] {
  if (typeof count !== "number") return [key];
  const category = pluralCategory(language, count);
  return [
    ...(count === 0 ? [`${key}_zero`] : []),
    `${key}_${category}`,
    key,
    ...(category === "other" ? [] : [`${key}_other`]),
  ];
}

/**
 * A translator in one language for good (nothing changes its language: two requests in different
 * languages never share one). `messages` is kept and extended in place by `addMessages`.
 */
export function createTranslator(
  language: Language,
  messages: Messages,
  missing: MissingKeyHandler = (key, defaultValue) => defaultValue ?? key,
): Translator {
  const listeners = new Set<() => void>();
  const find = (key: string, count: unknown) => {
    for (const candidate of candidateKeys(language, key, count)) {
      const text = lookup(messages, candidate);
      if (text !== undefined) return text;
    }
    return undefined;
  };
  const translator: Translator = {
    language,
    version: 0,
    t: (key, options = {}) => {
      const text = find(key, options.count) ?? missing(key, options.defaultValue);
      return interpolate(text, options);
    },
    exists: (key) => find(key, 1) !== undefined || find(key, 0) !== undefined,
    addMessages(more, { overwrite = false, notify = false } = {}) {
      merge(messages, more, overwrite);
      if (!notify) return;
      (translator as { version: number }).version += 1;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return translator;
}

/**
 * `t(key)` once the translator has the key's string. In the browser a page starts with only the
 * strings its render used; a message composed after the first click (a toast of that click's
 * answer) may be asked before the area's files are there, and would read empty (decision 0108).
 * Asking the key makes the translator load them; its notification then gives the string.
 */
export function whenTranslated(translator: Translator, key: string): Promise<string> {
  if (translator.exists(key)) return Promise.resolve(translator.t(key));
  return new Promise((resolve) => {
    const unsubscribe = translator.subscribe(() => {
      if (!translator.exists(key)) return;
      unsubscribe();
      resolve(translator.t(key));
    });
    translator.t(key);
  });
}
