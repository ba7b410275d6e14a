import type { Language } from "@booking/contracts";
import { isInternalHref } from "@booking/domain/redirects";

const LANG_PREFIX = /^\/(fr|en)(?=[/?#]|$)/;

const SAFE_SCHEMES = /^(https?:|mailto:|tel:)/i;

/**
 * Organiser-provided hrefs (navigation, footer, announcement) limited to paths of the site,
 * anchors, http(s), mailto: and tel: — anything else (javascript:, data:…) becomes "#".
 */
export function safeHref(href: string): string {
  const value = href.trim();
  if (value === "" || value.startsWith("#") || value.startsWith("?")) return value || "#";
  if (value.startsWith("/") || value.startsWith("./") || value.startsWith("../")) return value;
  if (SAFE_SCHEMES.test(value)) return value;
  // A relative path without scheme ("activities/x") has no colon before its first slash.
  const colon = value.indexOf(":");
  const slash = value.indexOf("/");
  if (colon === -1 || (slash !== -1 && slash < colon)) return value;
  return "#";
}

// The server checks the redirect of the newsletter-unsubscribe call with the same rule.
export { isInternalHref, safeRedirect } from "@booking/domain/redirects";

/**
 * Spec: links that start with / receive the current language code as a prefix unless it is
 * already there.
 */
export function localizeHref(href: string, language: Language): string {
  if (!isInternalHref(href) || LANG_PREFIX.test(href)) return href;
  if (href === "/") return `/${language}`;
  if (href.startsWith("/?") || href.startsWith("/#")) return `/${language}${href.slice(1)}`;
  return `/${language}${href}`;
}

/** The path without its language prefix (`/en/auth/login` → `/auth/login`). */
export function stripLanguage(pathname: string): string {
  const stripped = pathname.replace(LANG_PREFIX, "");
  return stripped === "" ? "/" : stripped;
}

/** The same page in another language. */
export function switchLanguage(pathname: string, search: string, language: Language): string {
  const path = stripLanguage(pathname);
  return `/${language}${path === "/" ? "" : path}${search}`;
}

/** `path?redirect=…` when a redirect is present, `path` otherwise. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  if (!redirect) return path;
  const separator = path.includes("?") ? "&" : "?";
  return `${path}${separator}redirect=${encodeURIComponent(redirect)}`;
}

export function isAuthPath(pathname: string): boolean {
  return stripLanguage(pathname).startsWith("/auth/") || stripLanguage(pathname) === "/auth";
}
