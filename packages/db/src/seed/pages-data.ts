import type { Language } from "../organiser-config.ts";
import { demoPages } from "./pages.ts";
import type { DemoPagesSource } from "./pages-writer.ts";

/**
 * The demo storefront pages of each demo organiser, written by the seed through `seedPages`
 * (pages-writer.ts) once the catalogs and resources they reference exist.
 */
export const DEMO_PAGES_BY_LANGUAGE: Record<Language, DemoPagesSource> = {
  fr: (refs) => demoPages("fr", refs),
  en: (refs) => demoPages("en", refs),
};
