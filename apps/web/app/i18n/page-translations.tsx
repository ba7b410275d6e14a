import type { Language } from "@booking/contracts/languages";
import { createContext, type ReactNode, useContext, useState } from "react";
import { messagesOfKeys, recordingTranslator, sharedI18n, type TranslationArea } from "./index";
import { TranslationsProvider } from "./react";
import type { Messages } from "./translator";

/** The id of the script carrying the strings the server rendered the page with. */
const PAGE_TRANSLATIONS_ID = "page-translations";

/** One server render's translation keys, noted while its components render. */
export interface PageStrings {
  used: Set<string>;
  page?: { language: Language; area: TranslationArea };
}

/** Given by the server's entry around the whole render (entry.server.tsx). */
export const PageStringsContext = createContext<PageStrings | null>(null);

export function createPageStrings(): PageStrings {
  return { used: new Set() };
}

/**
 * Sent with every page although the server render rarely shows them: a form's validation
 * messages appear on the first submit, before the rest of the area may have arrived.
 */
const ALWAYS_SENT = ["forms.errors"];

/**
 * The script carrying the strings of the keys the render used, added by the server's entry once
 * the whole render is done (components that suspended render after their siblings, so a script
 * rendered in the tree could miss their keys). The browser parses it into the body; React's
 * hydration skips it. JSON in a data block: "<" escaped so that no text can close the script.
 */
export function pageStringsScript({ used, page }: PageStrings): string {
  if (!page) return "";
  const keys = [...used, ...ALWAYS_SENT];
  const json = JSON.stringify(messagesOfKeys(page.language, page.area, keys));
  return `<script id="${PAGE_TRANSLATIONS_ID}" type="application/json">${json.replaceAll("<", "\\u003c")}</script>`;
}

/** Read by the browser's entry before hydrating: the strings the page was rendered with. */
export function readPageTranslations(): Messages | null {
  const text = document.getElementById(PAGE_TRANSLATIONS_ID)?.textContent;
  return text ? (JSON.parse(text) as Messages) : null;
}

/**
 * The page's translator. On the server, it notes the keys the components ask for, so that the page
 * carries just their strings (a fraction of the area's files); the browser hydrates with them and
 * loads the rest on first interaction or first missing key (i18n/index.ts).
 */
export function PageTranslations({
  language,
  area,
  children,
}: {
  language: Language;
  area: TranslationArea;
  children: ReactNode;
}) {
  const strings = useContext(PageStringsContext);
  const [recording] = useState(() => {
    if (!strings) return null;
    strings.page = { language, area };
    return recordingTranslator(sharedI18n(language, area), strings.used);
  });
  return (
    <TranslationsProvider translator={recording ?? sharedI18n(language, area)}>
      {children}
    </TranslationsProvider>
  );
}
