import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, isLanguage, loadTranslations, type TranslationArea } from "./i18n";

// The page's translations (its language and area, as the server rendered them) before hydrating.
const { lang, dataset } = document.documentElement;
const AREAS: readonly string[] = ["console", "platform"] satisfies TranslationArea[];
const area = (AREAS.includes(dataset.area ?? "") ? dataset.area : "storefront") as TranslationArea;
await loadTranslations(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, area);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
