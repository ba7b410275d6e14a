import { createContext, type ReactNode, use, useMemo, useSyncExternalStore } from "react";
import type { TFunction, Translator } from "./translator";

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the components below it their translator (the root's PageTranslations, tests). */
export function TranslationsProvider({
  translator,
  children,
}: {
  translator: Translator;
  children?: ReactNode;
}) {
  return <TranslatorContext value={translator}>{children}</TranslatorContext>;
}

/**
 * The page's `t` and its translator (`i18n`, named as react-i18next's hook named it). Components
 * render again when the translator gets the strings of a key it lacked (`addMessages` with
 * `notify`): `t` is then a new function, so memoised readers read again too.
 */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = use(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a TranslationsProvider above it");
  const version = useSyncExternalStore(
    translator.subscribe,
    () => translator.version,
    () => translator.version,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `t` for each version on purpose
  const t = useMemo<TFunction>(
    () => (key, options) => translator.t(key, options),
    [translator, version],
  );
  return { t, i18n: translator };
}
