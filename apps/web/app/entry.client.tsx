import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  loadRestOnFirstInteraction,
  loadTranslations,
  startWithServerStrings,
  type TranslationArea,
} from "./i18n";
import { readPageTranslations } from "./i18n/page-translations";
import { loadPagePartsOf } from "./lib/page-parts";
import { loadElements } from "./sections/elements";

// Before hydrating: the page's translations (the strings the server rendered it with, sent in the
// page; else its area's files in its language) and the drawing of the page-builder elements it
// shows (decision 0057) and the parts its first render draws (lib/page-parts.ts, decision 0069), so
// that the first render matches the server's without waiting.
// The page streams, and this module may run before the end of the document (React Router loads
// it `async`): the strings' script comes last and could be read half-parsed (its JSON cut off,
// the page never hydrating). Read the page once the whole document is parsed.
if (document.readyState === "loading") {
  await new Promise((resolve) =>
    document.addEventListener("DOMContentLoaded", resolve, { once: true }),
  );
}
const { lang, dataset } = document.documentElement;
const AREAS: readonly string[] = ["console", "platform"] satisfies TranslationArea[];
const area = (AREAS.includes(dataset.area ?? "") ? dataset.area : "storefront") as TranslationArea;
const elements = [...document.querySelectorAll<HTMLElement>("[data-elements]")].flatMap(
  (node) => node.dataset.elements?.split(" ") ?? [],
);
const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
// The console (no weight target, strings shown after interactions everywhere) hydrates with its
// whole area: a key its render read outside the recorded `t` would not match the server's.
const sent = area === "console" ? null : readPageTranslations();
if (sent) {
  startWithServerStrings(language, area, sent);
  loadRestOnFirstInteraction(language, area);
}
await Promise.all([
  sent ? null : loadTranslations(language, area),
  loadElements(elements),
  loadPagePartsOf(document),
]);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
