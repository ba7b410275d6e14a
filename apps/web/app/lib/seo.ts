import { LANGUAGES, type Language } from "@booking/contracts";
import type { MetaDescriptor } from "react-router";
import { OG_LOCALES } from "./format";
import { excerpt, htmlToPlainText } from "./plain-text";

/**
 * What a storefront page says about itself to search engines and link previews. Loaders build
 * it (they know the request's origin and the organiser), `seoMeta` turns it into the tags the
 * root layout's <Meta /> renders in <head>, server-side, before any script.
 */
export interface Seo {
  /** the whole document title, "Item · Organiser" */
  title: string;
  description: string;
  /** absolute canonical URL, also og:url */
  url: string;
  /** absolute image URL (og:image), when the page has an image */
  image: string | null;
  imageAlt: string | null;
  type: "website" | "article";
  locale: string;
  siteName: string;
  /** the same page in each language of the site */
  alternates: Array<{ hrefLang: string; href: string }>;
  /** e.g. "noindex" for pages carrying a secret in their URL */
  robots: string | null;
}

/** An absolute URL from a path or URL, against the request's origin; null when unusable. */
export function absoluteUrl(origin: string, value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, origin);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** `/fr/activities/x` from `/activities/x` (the home page is `/fr`). */
export function languagePath(language: Language, path: string): string {
  return `/${language}${path === "/" ? "" : path}`;
}

export interface SeoInput {
  request: Request;
  organiserName: string;
  language: Language;
  /** the page's own name; the organiser's name alone when absent (home page) */
  title?: string | null;
  /** HTML or plain text; its first 160 characters of text become the description */
  description?: string | null;
  /** used when the description is empty */
  fallbackDescription: string;
  /** the page path without language prefix, with the query that identifies the content if any */
  path: string;
  image?: { public_url: string; alt: string | null } | null;
  type?: Seo["type"];
  robots?: string | null;
}

export function buildSeo(input: SeoInput): Seo {
  const origin = new URL(input.request.url).origin;
  const text = htmlToPlainText(input.description) || htmlToPlainText(input.fallbackDescription);
  const href = (language: Language) => new URL(languagePath(language, input.path), origin).href;
  return {
    title: input.title ? `${input.title} · ${input.organiserName}` : input.organiserName,
    description: excerpt(text, 160),
    url: href(input.language),
    image: absoluteUrl(origin, input.image?.public_url),
    imageAlt: input.image ? (input.image.alt ?? input.title ?? null) : null,
    type: input.type ?? "website",
    locale: OG_LOCALES[input.language],
    siteName: input.organiserName,
    alternates: LANGUAGES.map((language) => ({ hrefLang: language, href: href(language) })),
    robots: input.robots ?? null,
  };
}

/** The meta and link tags of a page; nothing when the loader failed (the error page has its own). */
export function seoMeta(seo: Seo | null | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: "description", content: seo.description },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: seo.description },
    { property: "og:type", content: seo.type },
    { property: "og:url", content: seo.url },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:locale", content: seo.locale },
    ...Object.values(OG_LOCALES)
      .filter((locale) => locale !== seo.locale)
      .map((locale) => ({ property: "og:locale:alternate", content: locale })),
    { name: "twitter:card", content: seo.image ? "summary_large_image" : "summary" },
    { tagName: "link", rel: "canonical", href: seo.url },
    ...seo.alternates.map((alternate) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: alternate.hrefLang,
      href: alternate.href,
    })),
  ];
  if (seo.image) {
    tags.push({ property: "og:image", content: seo.image });
    if (seo.imageAlt) tags.push({ property: "og:image:alt", content: seo.imageAlt });
  }
  if (seo.robots) tags.push({ name: "robots", content: seo.robots });
  return tags;
}

/**
 * JSON for an inline `<script type="application/ld+json">`: `<`, `>`, `&` and the two line
 * separators are escaped, so a title containing `</script>` cannot end the script early.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
