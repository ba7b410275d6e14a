import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_LANGUAGE, isLanguage, loadTranslations, type TranslationArea } from "./i18n";
import { loadElements } from "./sections/elements";

// Before hydrating: the page's translations (its language and area, as the server rendered them)
// and the drawing of the page-builder elements it shows (decision 0057), so that the first render
// matches the server's without waiting.
const { lang, dataset } = document.documentElement;
const AREAS: readonly string[] = ["console", "platform"] satisfies TranslationArea[];
const area = (AREAS.includes(dataset.area ?? "") ? dataset.area : "storefront") as TranslationArea;
const elements = [...document.querySelectorAll<HTMLElement>("[data-elements]")].flatMap(
  (node) => node.dataset.elements?.split(" ") ?? [],
);
await Promise.all([
  loadTranslations(isLanguage(lang) ? lang : DEFAULT_LANGUAGE, area),
  loadElements(elements),
]);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
