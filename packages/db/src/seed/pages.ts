import { pagesEn } from "./pages-en.ts";
import { pagesFr } from "./pages-fr.ts";
import type { DemoLanguage, DemoPage, DemoPageRefs } from "./pages-kit.ts";

// The demo storefront pages of each demo organiser: `fr` for "Les Petits Explorateurs" (demo,
// pages-fr.ts), `en` for "Riverside Sports Club" (demo-en, pages-en.ts). Every link of their
// menus, footers and announcements leads to one of these pages (or to /blog, the blog's own
// route); e2e/demo-links.spec.ts crawls them. Every settings object parses with the contracts'
// ELEMENT_SETTINGS (packages/contracts/test/page-elements.test.ts checks it).
//
// Category filters use the "categories" placeholder (one filter per category group), so no page
// needs a category cuid. Catalogs, segments and resources exist only once the seed has written
// them: `demoPages(language, refs)` fills them in from the seeded rows; without refs
// (DEMO_PAGES) those lists are empty, which the sections read as "everything".

export {
  DEMO_PAGE_REF_KEYS,
  type DemoLanguage,
  type DemoPage,
  type DemoPageRefs,
} from "./pages-kit.ts";

/** The demo pages of a language, pointing at the seeded catalogs, segments and resources. */
export function demoPages(language: DemoLanguage, refs: DemoPageRefs = {}): DemoPage[] {
  return language === "fr" ? pagesFr(refs) : pagesEn(refs);
}

/** The demo pages without seeded references (catalog, segment and resource lists empty). */
export const DEMO_PAGES: Record<DemoLanguage, DemoPage[]> = {
  fr: demoPages("fr"),
  en: demoPages("en"),
};
